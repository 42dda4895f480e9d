import { PASSWORD_CHANGE_MESSAGES, passwordChangeFormSchema } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { unauthenticated } from '../../errors';
import type { Viewer } from '../../graphql/context';
import { type FieldError, fieldErrorsOf } from '../../graphql/fieldErrors';
import type { EmailProvider } from '../../providers';
import { type ClientInfo, recordAuthEvent } from '../auth/audit';
import { releaseLoginAttempt, reserveLoginAttempt } from '../auth/loginThrottle';
import { retireUserSecrets } from '../auth/oneTimeSecrets';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { findUserById } from '../auth/service';
import { revokeOtherAccessTokens } from '../auth/tokens';
import { securityNotice } from './securityNotices';

/** What updateUserPassword did: nothing (errors say why, by field), or changed it. */
export type PasswordChange = { errors: FieldError[]; revokedSessions: number };

/**
 * updateUserPassword (spec §7): the new password must be 8 to 128 characters (spec §5's messages),
 * equal its confirmation when one is sent, and differ from the current one, which must be right. The
 * current-password check counts against the sign-in rate limits like a sign-in (a stolen session cannot
 * guess it). On success, in one transaction: the argon2id hash replaced, every other session of the
 * user revoked (their tokens stop working at once; the one that asked signs out by itself, spec §9 'logout
 * after password change 2 s'), unused reset links and pending sign-in steps retired. The person is told
 * by email.
 */
export async function changePassword(
  deps: { db: Db; clock: Clock; email: EmailProvider },
  viewer: Viewer,
  input: { currentPassword: string; newPassword: string; passwordConfirmation: string | null },
  client: ClientInfo,
): Promise<PasswordChange> {
  const { db, clock } = deps;
  const refuse = (field: string, message: string): PasswordChange => ({
    errors: [{ field, message }],
    revokedSessions: 0,
  });
  const parsed = passwordChangeFormSchema.safeParse({
    currentPassword: input.currentPassword,
    newPassword: input.newPassword,
    ...(input.passwordConfirmation === null ? {} : { passwordConfirmation: input.passwordConfirmation }),
  });
  if (!parsed.success)
    return { errors: fieldErrorsOf(parsed.error.issues, 'newPassword'), revokedSessions: 0 };
  const form = parsed.data;
  if (form.newPassword === form.currentPassword)
    return refuse('newPassword', PASSWORD_CHANGE_MESSAGES.sameAsCurrent);
  const user = await findUserById(db, viewer.userId);
  if (!user) throw unauthenticated();
  const reservation = await reserveLoginAttempt(db, clock, user.email, client);
  if (!reservation.allowed) return refuse('currentPassword', PASSWORD_CHANGE_MESSAGES.tooManyAttempts);
  if (!(await verifyPassword(user.passwordHash, form.currentPassword))) {
    await recordAuthEvent(db, clock, {
      type: 'login.failed',
      userId: user.id,
      email: user.email,
      client,
      details: { step: 'password_change' },
    });
    return refuse('currentPassword', PASSWORD_CHANGE_MESSAGES.currentIncorrect);
  }
  await releaseLoginAttempt(db, reservation);
  const passwordHash = await hashPassword(form.newPassword);
  const revokedSessions = await db.transaction(async (tx) => {
    // The row lock orders two changes of one user: the later one revokes what the earlier left.
    await tx.update(users).set({ passwordHash, updatedAt: clock.now() }).where(eq(users.id, user.id));
    await retireUserSecrets(tx, clock, user.id, 'password_reset');
    await retireUserSecrets(tx, clock, user.id, 'login_csrf');
    const revoked = await revokeOtherAccessTokens(tx, clock, user.id, viewer.tokenId);
    await recordAuthEvent(tx, clock, {
      type: 'password.updated',
      userId: user.id,
      email: user.email,
      client,
      details: { via: 'settings', revokedTokens: revoked },
    });
    return revoked;
  });
  await deps.email.send(securityNotice(user.email, 'password_changed'));
  return { errors: [], revokedSessions };
}
