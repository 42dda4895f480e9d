import { PRODUCT_NAME } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { BackgroundTasks } from '../../backgroundTasks';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { EmailProvider } from '../../providers';
import { accountClaimedEmail } from './accountEmails';
import { type ClientInfo, recordAuthEvent } from './audit';
import { claimUnverifiedAccount } from './claimUnverifiedAccount';
import type { AccountTaskDeps } from './emailVerification';
import {
  consumeUserSecret,
  countSecretsIssuedLastHour,
  findUserSecret,
  issueUserSecret,
  retireUserSecrets,
  SECRET_TTL_MS,
} from './oneTimeSecrets';
import { hashPassword } from './passwords';
import { reserveAddressAttempt } from './reserveAddressAttempt';
import { findUserByEmail, normalizeEmail } from './service';
import type { ThrottleDecision } from './throttle';
import { revokeAllAccessTokens } from './tokens';

export const RESET_TOKEN_INVALID = 'Reset password token is invalid';
export const RESET_TOKEN_EXPIRED = 'Reset password token has expired';
const RESET_EMAIL_SUBJECT = `Reset your ${PRODUCT_NAME} password`;
/** At most this many reset emails per user per hour, so the form cannot be used to flood a mailbox. */
const RESET_EMAILS_PER_HOUR = 5;

/**
 * POST /api/v1/auth/password/new, once the email is well formed: counts the request against the client
 * address's limit, then leaves the rest to `emailPasswordResetLink`, after the answer. So the answer
 * takes the same time whether or not the email has an account; only a refusal differs (429).
 */
export async function requestPasswordReset(
  db: Db,
  clock: Clock,
  config: Config,
  mailer: EmailProvider,
  tasks: BackgroundTasks,
  email: string,
  client: ClientInfo,
): Promise<ThrottleDecision> {
  const decision = await reserveAddressAttempt(db, clock, 'reset_address', client);
  if (decision.allowed) {
    tasks.run('password reset email', () => emailPasswordResetLink(db, clock, config, mailer, email, client));
  }
  return decision;
}

/**
 * The work behind a reset request, done after the answer has gone: records the request, and when the
 * user exists emails a single-use reset link (2 hours). A new link makes the older ones stop working;
 * at most 5 links per user per hour.
 */
async function emailPasswordResetLink(
  db: Db,
  clock: Clock,
  config: Config,
  mailer: EmailProvider,
  address: string,
  client: ClientInfo,
): Promise<void> {
  const email = normalizeEmail(address);
  const user = await findUserByEmail(db, email);
  await recordAuthEvent(db, clock, {
    type: 'password.reset_requested',
    userId: user?.id ?? null,
    email,
    client,
    details: { known: user !== null },
  });
  if (!user) return;
  const token = await db.transaction(async (tx) => {
    // Lock the user so two concurrent requests cannot both pass the hourly limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    if ((await countSecretsIssuedLastHour(tx, clock, user.id, 'password_reset')) >= RESET_EMAILS_PER_HOUR)
      return null;
    const { secret } = await issueUserSecret(tx, clock, user.id, 'password_reset', { replaceOlder: true });
    await tx
      .update(users)
      .set({ resetPasswordSentAt: clock.now(), updatedAt: clock.now() })
      .where(eq(users.id, user.id));
    return secret;
  });
  if (token === null) return;
  const link = `${config.APP_URL.replace(/\/+$/, '')}/password/update?email=${encodeURIComponent(email)}&token=${token}`;
  const hours = SECRET_TTL_MS.password_reset / 3_600_000;
  await mailer.send({
    to: email,
    subject: RESET_EMAIL_SUBJECT,
    text: [
      `Someone asked to reset the password of your ${PRODUCT_NAME} account (${email}).`,
      '',
      `Choose a new password here; the link works once, for ${hours} hours:`,
      link,
      '',
      'If it was not you, ignore this email: your password stays as it is.',
    ].join('\n'),
  });
}

/** What a reset token is worth right now, without using it. */
export async function checkPasswordResetToken(
  db: Db,
  clock: Clock,
  email: string,
  token: string,
): Promise<'valid' | typeof RESET_TOKEN_INVALID | typeof RESET_TOKEN_EXPIRED> {
  const user = await findUserByEmail(db, email);
  const secret = user ? await findUserSecret(db, user.id, 'password_reset', token) : null;
  if (!secret || secret.usedAt !== null) return RESET_TOKEN_INVALID;
  if (secret.expiresAt.getTime() <= clock.now().getTime()) return RESET_TOKEN_EXPIRED;
  return 'valid';
}

/**
 * POST /api/v1/auth/password/update: sets the new password (argon2id), uses up the token and revokes
 * every access token of the user, in one transaction. The password must already satisfy the rules.
 * The link came by email, so it proves the address: an account whose address nobody had confirmed
 * passes to whoever used it (claimUnverifiedAccount: also two-factor off, pending links dead) and the
 * owner is told by email, after the answer.
 */
export async function resetPasswordWithToken(
  deps: AccountTaskDeps,
  input: { email: string; token: string; password: string },
  client: ClientInfo,
): Promise<{ ok: true } | { ok: false; error: typeof RESET_TOKEN_INVALID | typeof RESET_TOKEN_EXPIRED }> {
  const { db, clock } = deps;
  const status = await checkPasswordResetToken(db, clock, input.email, input.token);
  if (status !== 'valid') return { ok: false, error: status };
  const user = await findUserByEmail(db, input.email);
  const secret = user ? await findUserSecret(db, user.id, 'password_reset', input.token) : null;
  if (!user || !secret) return { ok: false, error: RESET_TOKEN_INVALID };
  const passwordHash = await hashPassword(input.password);
  const outcome = await db.transaction(async (tx) => {
    // The conditional update is the single-use guarantee: of two requests with one token, one wins.
    if (!(await consumeUserSecret(tx, clock, secret.id))) return null;
    const claimed =
      user.emailVerifiedAt === null
        ? await claimUnverifiedAccount(tx, clock, user, { passwordHash }, 'password_reset', client)
        : null;
    let revokedTokens = claimed?.revokedSessions ?? 0;
    if (!claimed) {
      await retireUserSecrets(tx, clock, user.id, 'password_reset');
      await retireUserSecrets(tx, clock, user.id, 'login_csrf');
      await tx.update(users).set({ passwordHash, updatedAt: clock.now() }).where(eq(users.id, user.id));
      revokedTokens = await revokeAllAccessTokens(tx, clock, user.id);
    }
    await recordAuthEvent(tx, clock, {
      type: 'password.updated',
      userId: user.id,
      email: user.email,
      client,
      details: { via: 'reset_token', revokedTokens },
    });
    return { claimed };
  });
  if (!outcome) return { ok: false, error: RESET_TOKEN_INVALID };
  const { claimed } = outcome;
  if (claimed) {
    const notice = accountClaimedEmail({
      to: claimed.user.email,
      proof: 'password_reset',
      appUrl: deps.config.APP_URL,
      revokedSessions: claimed.revokedSessions,
    });
    deps.tasks.run('account claimed email', () => deps.mailer.send(notice));
  }
  return { ok: true };
}
