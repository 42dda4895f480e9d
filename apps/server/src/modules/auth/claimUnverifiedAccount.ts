import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { type ClientInfo, recordAuthEvent } from './audit';
import { retireUserSecrets, type SecretPurpose } from './oneTimeSecrets';
import type { UserRow } from './service';
import { revokeAllAccessTokens } from './tokens';
import { NO_TWO_FACTOR } from './twoFactor';

const EVERY_SECRET: readonly SecretPurpose[] = [
  'password_reset',
  'email_verification',
  'login_csrf',
  'sms_code',
  'sms_enrolment',
];

/** How the address of an unconfirmed account was proven, taking the account over. */
export type ClaimProof = 'google' | 'invitation' | 'password_reset';

export type ClaimedAccount = {
  user: UserRow;
  revokedSessions: number;
  hadPassword: boolean;
  hadTwoFactor: boolean;
};

/**
 * The account of an address nobody had proven passes to the person who just proved it (Google, an
 * invitation sent to it, a reset link mailed to it), inside the caller's transaction. Whoever created
 * the account may have been a stranger holding the address in wait, so nothing they set survives: the
 * password is replaced (`passwordHash`, null for none), two-factor is turned off, every session is
 * revoked and every pending link and code stops working; the address is then verified. Null when the
 * address was proven meanwhile (the caller then treats the account as an ordinary verified one).
 */
export async function claimUnverifiedAccount(
  tx: Db | Tx,
  clock: Clock,
  previous: UserRow,
  changes: { passwordHash: string | null; googleSubject?: string; name?: string },
  proof: ClaimProof,
  client: ClientInfo,
): Promise<ClaimedAccount | null> {
  const now = clock.now();
  const [user] = await tx
    .update(users)
    .set({
      passwordHash: changes.passwordHash,
      ...(changes.googleSubject ? { googleSubject: changes.googleSubject } : {}),
      ...(changes.name ? { name: changes.name } : {}),
      emailVerifiedAt: now,
      ...NO_TWO_FACTOR,
      updatedAt: now,
    })
    .where(and(eq(users.id, previous.id), isNull(users.emailVerifiedAt)))
    .returning();
  if (!user) return null;
  for (const purpose of EVERY_SECRET) await retireUserSecrets(tx, clock, user.id, purpose);
  const revokedSessions = await revokeAllAccessTokens(tx, clock, user.id);
  const claimed = {
    user,
    revokedSessions,
    hadPassword: previous.passwordHash !== null,
    hadTwoFactor: previous.otpModuleEnabled || previous.otpMethod !== null,
  };
  await recordAuthEvent(tx, clock, {
    type: 'account.claimed',
    userId: user.id,
    email: user.email,
    client,
    details: {
      proof,
      revokedSessions,
      hadPassword: claimed.hadPassword,
      hadTwoFactor: claimed.hadTwoFactor,
    },
  });
  return claimed;
}
