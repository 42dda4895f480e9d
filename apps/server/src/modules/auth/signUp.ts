import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { acceptInviteToken, type InviteAcceptance, isInviteOpenFor } from '../team/acceptInvite';
import { accountClaimedEmail, existingAccountEmail } from './accountEmails';
import { type ClientInfo, recordAuthEvent } from './audit';
import { type ClaimedAccount, claimUnverifiedAccount } from './claimUnverifiedAccount';
import { type AccountMailDeps, type AccountTaskDeps, sendVerificationLink } from './emailVerification';
import { hashPassword } from './passwords';
import { reserveAddressAttempt } from './reserveAddressAttempt';
import { findUserByEmail, issueSession, normalizeEmail, type Throttled, type UserRow } from './service';
import { reserveAttempt } from './throttle';
import { isUniqueViolation } from './uniqueViolation';

/**
 * An invite_token that opens no invitation (unknown, expired, used, or sent to another email): the
 * sign-up is refused, nothing is created. The web app's sign-up page shows it as sent.
 */
export const INVITATION_INVALID = 'is invalid, was already used, or was sent to another email address';

/**
 * Someone who holds an invitation sent to an address whose account is confirmed: they sign in and
 * accept it there. Only a holder of a live invitation for that very address is told.
 */
export const ACCOUNT_EXISTS_FOR_INVITATION =
  'already has an account: sign in, then open the invitation link again';

class InvitationInvalid extends Error {}
class AccountExists extends Error {}

type SignUpInput = { email: string; password: string; name: string; inviteToken: string | null };

type SignUpResult =
  /** The same for a new address and a taken one: what happens next arrives by email. */
  | { ok: true; kind: 'check_email'; email: string }
  | { ok: true; kind: 'signed_in'; user: UserRow; accessToken: string; invitation: InviteAcceptance }
  | { ok: false; kind: 'invalid'; messages: Record<string, string[]> }
  | ({ ok: false } & Throttled);

/**
 * POST /api/v1/users. Every attempt first counts against the client address's sign-up limit; past it,
 * nothing is looked up or written.
 *
 * Without an invitation the answer says only 'check your email', for every address alike: the
 * password is hashed (the slow part, so both take the same time), and the lookup, the new unverified
 * account and the mail happen after the answer. A new address gets a confirmation link, which signs
 * the user in once opened with the password (emailVerification.ts); an address with an account gets
 * an email saying someone tried, and nothing is created. So sign-up tells nobody who has an account.
 *
 * With an invite_token the invitation is checked first (an invalid one refuses the sign-up and creates
 * nothing, so a person who followed a stale link learns it instead of landing in an empty account).
 * A valid token was mailed to the address, so its holder has proven it: they are signed in at once,
 * as a member (or waiting for an approval: modules/team/acceptInvite.ts). If the address has an
 * account nobody confirmed, they claim it (claimUnverifiedAccount); a confirmed one must sign in.
 */
export async function signUp(
  deps: AccountTaskDeps,
  input: SignUpInput,
  client: ClientInfo,
): Promise<SignUpResult> {
  const allowed = await reserveAddressAttempt(deps.db, deps.clock, 'signup_address', client);
  if (!allowed.allowed) return { ok: false, kind: 'throttled', retryAfterSeconds: allowed.retryAfterSeconds };
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const account = { email, name: input.name, passwordHash };
  if (input.inviteToken) return signUpWithInvitation(deps, account, input.inviteToken, client);
  deps.tasks.run('sign-up', () => completeSignUp(deps, account, client));
  return { ok: true, kind: 'check_email', email };
}

type NewAccount = { email: string; name: string; passwordHash: string };

/** The work behind a sign-up without an invitation, done after the answer has gone. */
async function completeSignUp(deps: AccountMailDeps, account: NewAccount, client: ClientInfo) {
  const { db, clock } = deps;
  const existing = await findUserByEmail(db, account.email);
  if (existing) return notifyExistingAccount(deps, existing, client);
  let user: UserRow;
  try {
    user = await db.transaction(async (tx) => {
      const now = clock.now();
      const [created] = await tx
        .insert(users)
        .values({ ...account, createdAt: now, updatedAt: now })
        .returning();
      if (!created) throw new Error('users insert returned nothing');
      await recordAuthEvent(tx, clock, {
        type: 'user.signup',
        userId: created.id,
        email: account.email,
        client,
        details: { method: 'password', invitation: null },
      });
      return created;
    });
  } catch (error) {
    // Two sign-ups with one email at once: the unique index decides; the other is told as a taken one.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findUserByEmail(db, account.email);
    if (winner) await notifyExistingAccount(deps, winner, client);
    return;
  }
  await sendVerificationLink(deps, user, client, { again: false });
}

/**
 * Someone signed up with an address that has an account. Still waiting for confirmation: a new
 * confirmation link (its owner may simply have signed up twice). Confirmed: an email saying someone
 * tried, with the way to sign in or reset the password, at most 3 an hour per account.
 */
async function notifyExistingAccount(deps: AccountMailDeps, user: UserRow, client: ClientInfo) {
  const { db, clock, config, mailer } = deps;
  const waiting = user.emailVerifiedAt === null && user.passwordHash !== null;
  await recordAuthEvent(db, clock, {
    type: 'user.signup_existing',
    userId: user.id,
    email: user.email,
    client,
    details: { waiting },
  });
  if (waiting) {
    await sendVerificationLink(deps, user, client, { again: true });
    return;
  }
  const notice = await reserveAttempt(db, clock, [{ scope: 'signup_notice_user', key: user.id }]);
  if (notice.allowed) await mailer.send(existingAccountEmail({ to: user.email, appUrl: config.APP_URL }));
}

async function signUpWithInvitation(
  deps: AccountTaskDeps,
  account: NewAccount,
  inviteToken: string,
  client: ClientInfo,
): Promise<SignUpResult> {
  const { db, clock, config } = deps;
  try {
    const { result, claimed } = await db.transaction(async (tx) => {
      if (!(await isInviteOpenFor(tx, clock, inviteToken, account.email))) throw new InvitationInvalid();
      const [existing] = await tx.select().from(users).where(eq(users.email, account.email)).for('update');
      if (existing && existing.emailVerifiedAt !== null) throw new AccountExists();
      const now = clock.now();
      const claimed = existing
        ? await claimUnverifiedAccount(
            tx,
            clock,
            existing,
            { passwordHash: account.passwordHash, name: account.name },
            'invitation',
            client,
          )
        : null;
      if (existing && !claimed) throw new AccountExists();
      const [user] = claimed
        ? [claimed.user]
        : await tx
            .insert(users)
            .values({ ...account, createdAt: now, updatedAt: now })
            .returning();
      if (!user) throw new Error('users insert returned nothing');
      const invitation = await acceptInviteToken(tx, clock, user, inviteToken, client);
      if (!invitation) throw new InvitationInvalid();
      await recordAuthEvent(tx, clock, {
        type: 'user.signup',
        userId: user.id,
        email: account.email,
        client,
        details: { method: 'password', invitation, claimed: claimed !== null },
      });
      const session = await issueSession(tx, clock, config, user, client, 'signup');
      const signedIn = { ok: true as const, kind: 'signed_in' as const, user, invitation };
      return { result: { ...signedIn, accessToken: session.accessToken }, claimed };
    });
    if (claimed) notifyClaimed(deps, claimed);
    return result;
  } catch (error) {
    if (error instanceof InvitationInvalid)
      return { ok: false, kind: 'invalid', messages: { invitation: [INVITATION_INVALID] } };
    // Two sign-ups with one invitation at once: the loser finds the account the winner made.
    if (error instanceof AccountExists || isUniqueViolation(error))
      return { ok: false, kind: 'invalid', messages: { email: [ACCOUNT_EXISTS_FOR_INVITATION] } };
    throw error;
  }
}

function notifyClaimed(deps: AccountTaskDeps, claimed: ClaimedAccount) {
  deps.tasks.run('account claimed email', () =>
    deps.mailer.send(
      accountClaimedEmail({
        to: claimed.user.email,
        proof: 'invitation',
        appUrl: deps.config.APP_URL,
        revokedSessions: claimed.revokedSessions,
      }),
    ),
  );
}
