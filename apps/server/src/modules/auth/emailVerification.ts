import { EMAIL_VERIFICATION_MESSAGES } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { BackgroundTasks } from '../../backgroundTasks';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { EmailProvider } from '../../providers';
import { emailVerificationLink, verificationEmail } from './accountEmails';
import { type ClientInfo, recordAuthEvent } from './audit';
import { markEmailVerified } from './markEmailVerified';
import {
  consumeUserSecret,
  countSecretsIssuedLastHour,
  findUserSecret,
  issueUserSecret,
  retireUserSecrets,
} from './oneTimeSecrets';
import { reserveAddressAttempt } from './reserveAddressAttempt';
import {
  beginSessionIn,
  checkPassword,
  findUserByEmail,
  normalizeEmail,
  type OtpRequired,
  type SignedIn,
  type Throttled,
  throttledSignIn,
  type UserRow,
} from './service';
import type { ThrottleDecision } from './throttle';

/** What the address emails need: the database, the clock, the app's address and the mailer. */
export type AccountMailDeps = { db: Db; clock: Clock; config: Config; mailer: EmailProvider };

/** The same, with the background tasks the work after an answer runs on. */
export type AccountTaskDeps = AccountMailDeps & { tasks: BackgroundTasks };

/** At most this many confirmation links per user per hour, so neither sign-up nor resend floods a mailbox. */
const VERIFICATION_EMAILS_PER_HOUR = 5;

export const VERIFICATION_LINK_INVALID = EMAIL_VERIFICATION_MESSAGES.linkInvalid;
const VERIFICATION_LINK_EXPIRED = EMAIL_VERIFICATION_MESSAGES.linkExpired;
type LinkRefusal = typeof VERIFICATION_LINK_INVALID | typeof VERIFICATION_LINK_EXPIRED;

/**
 * Emails a single-use confirmation link (EMAIL_VERIFICATION_HOURS) to an unverified user; older links
 * stop working. Nothing when the address was proven meanwhile or the user had 5 links this hour.
 * Whether a link was sent.
 */
export async function sendVerificationLink(
  deps: AccountMailDeps,
  user: UserRow,
  client: ClientInfo,
  options: { again: boolean },
): Promise<boolean> {
  const { db, clock, config, mailer } = deps;
  const token = await db.transaction(async (tx) => {
    // The row lock keeps two concurrent requests from both passing the hourly limit.
    const [current] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    if (!current || current.emailVerifiedAt !== null) return null;
    if (
      (await countSecretsIssuedLastHour(tx, clock, user.id, 'email_verification')) >=
      VERIFICATION_EMAILS_PER_HOUR
    )
      return null;
    const { secret } = await issueUserSecret(tx, clock, user.id, 'email_verification', {
      replaceOlder: true,
    });
    await recordAuthEvent(tx, clock, {
      type: 'email.verification_sent',
      userId: user.id,
      email: user.email,
      client,
      details: { again: options.again },
    });
    return secret;
  });
  if (token === null) return false;
  await mailer.send(
    verificationEmail({
      to: user.email,
      link: emailVerificationLink(config.APP_URL, user.email, token),
      appUrl: config.APP_URL,
      again: options.again,
    }),
  );
  return true;
}

/**
 * POST /api/v1/auth/verification/new, once the email is well formed: counts the request against the
 * client address's limit, then looks the address up and mails a new link after the answer, as a reset
 * request does. So the answer is the same, in the same time, for every address.
 */
export async function requestVerificationLink(
  deps: AccountTaskDeps,
  email: string,
  client: ClientInfo,
): Promise<ThrottleDecision> {
  const decision = await reserveAddressAttempt(deps.db, deps.clock, 'verification_address', client);
  if (decision.allowed) {
    deps.tasks.run('confirmation email', () => emailVerificationLinkOnRequest(deps, email, client));
  }
  return decision;
}

async function emailVerificationLinkOnRequest(
  deps: AccountMailDeps,
  address: string,
  client: ClientInfo,
): Promise<void> {
  const email = normalizeEmail(address);
  const user = await findUserByEmail(deps.db, email);
  const waiting = user !== null && user.emailVerifiedAt === null;
  await recordAuthEvent(deps.db, deps.clock, {
    type: 'email.verification_requested',
    userId: user?.id ?? null,
    email,
    client,
    details: { waiting },
  });
  if (user && waiting) await sendVerificationLink(deps, user, client, { again: false });
}

/** What a confirmation link is worth right now, without using it. */
async function checkVerificationToken(
  db: Db,
  clock: Clock,
  email: string,
  token: string,
): Promise<'valid' | LinkRefusal> {
  const user = await findUserByEmail(db, email);
  const secret = user ? await findUserSecret(db, user.id, 'email_verification', token) : null;
  if (!user || !secret || secret.usedAt !== null || user.emailVerifiedAt !== null) {
    return VERIFICATION_LINK_INVALID;
  }
  if (secret.expiresAt.getTime() <= clock.now().getTime()) return VERIFICATION_LINK_EXPIRED;
  return 'valid';
}

type EmailConfirmation =
  | SignedIn
  | OtpRequired
  | Throttled
  | { kind: 'invalid' }
  | { kind: 'link_refused'; error: LinkRefusal };

/**
 * POST /api/v1/auth/verification/confirm: the link (email and token) and the password chosen at sign-up.
 * The link is checked first (a bad one costs no password check); the password counts as a sign-in
 * attempt of the email. Then, in one transaction, the link is used up (so of two requests one wins),
 * the address is verified and the user is signed in, or sent to the code step when two-factor is on.
 */
export async function confirmEmail(
  db: Db,
  clock: Clock,
  config: Config,
  input: { email: string; token: string; password: string },
  client: ClientInfo,
): Promise<EmailConfirmation> {
  const status = await checkVerificationToken(db, clock, input.email, input.token);
  if (status !== 'valid') return { kind: 'link_refused', error: status };
  return throttledSignIn(db, clock, input.email, client, async () => {
    const { user, passwordOk, fail } = await checkPassword(db, clock, input, client);
    if (!user || !passwordOk) return fail('verification_password');
    const secret = await findUserSecret(db, user.id, 'email_verification', input.token);
    if (!secret) return fail('verification_link');
    const confirmed = await db.transaction(async (tx) => {
      if (!(await consumeUserSecret(tx, clock, secret.id))) return null;
      await retireUserSecrets(tx, clock, user.id, 'email_verification');
      const verified = await markEmailVerified(tx, clock, user.id);
      await recordAuthEvent(tx, clock, {
        type: 'email.verified',
        userId: user.id,
        email: user.email,
        client,
        details: { proof: 'link' },
      });
      return beginSessionIn(tx, clock, config, verified, client, 'email_link');
    });
    return confirmed ?? { kind: 'link_refused' as const, error: VERIFICATION_LINK_INVALID };
  });
}
