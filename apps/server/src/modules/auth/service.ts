import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { accessTokens, users } from '../../db/schema';
import type { SmsProvider } from '../../providers';
import { publishAccessChange } from '../../realtime/accessEvents';
import { secretBoxOf } from '../../secrets/secretBox';
import { type ClientInfo, recordAuthEvent } from './audit';
import { releaseLoginAttempt, reserveLoginAttempt } from './loginThrottle';
import {
  consumeUserSecret,
  findUserSecret,
  isSecretLive,
  issueUserSecret,
  retireUserSecrets,
} from './oneTimeSecrets';
import { verifyPassword } from './passwords';
import { hashSecret, issueAccessToken } from './tokens';
import { checkSecondFactor, hasTwoFactor, type SecondFactorProof, sendSmsLoginCode } from './twoFactor';

export type UserRow = typeof users.$inferSelect;

/** How a sign-in attempt ended. */
export type SignInOutcome = SignedIn | OtpRequired | { kind: 'invalid' } | Throttled | Unverified;
/**
 * The password was right but nobody has confirmed the account's address yet: it cannot sign in until
 * someone does (the caller mails a confirmation link). Said only to whoever knows the password.
 */
export type Unverified = { kind: 'unverified'; user: UserRow };
/** Too many attempts lately; the caller may try again after `retryAfterSeconds`. */
export type Throttled = { kind: 'throttled'; retryAfterSeconds: number };
export type SignedIn = {
  kind: 'signed_in';
  user: UserRow;
  accessToken: string;
  issuedAt: Date;
  expiresAt: Date;
};
/** The first factor passed; the csrf token ties it to the code step that must follow. */
export type OtpRequired = { kind: 'otp_required'; user: UserRow; csrfToken: string };

/** How the user proved who they are, as recorded on 'login.succeeded'. */
type SignInMethod = 'password' | 'otp' | 'oauth_password' | 'google' | 'google_otp' | 'signup' | 'email_link';

/** Emails are compared trimmed and lower-cased; that is also how they are stored. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * The next step for a user whose first factor (password or Google) passed: an access token, or, with
 * two-factor on, a single-use csrf token (10 minutes) that the code step must present.
 */
export async function beginSession(
  db: Db,
  clock: Clock,
  config: Config,
  user: UserRow,
  client: ClientInfo,
  method: SignInMethod,
): Promise<SignedIn | OtpRequired> {
  return db.transaction((tx) => beginSessionIn(tx, clock, config, user, client, method));
}

/** beginSession inside the caller's transaction. */
export async function beginSessionIn(
  tx: Db | Tx,
  clock: Clock,
  config: Config,
  user: UserRow,
  client: ClientInfo,
  method: SignInMethod,
): Promise<SignedIn | OtpRequired> {
  if (!hasTwoFactor(user)) return issueSession(tx, clock, config, user, client, method);
  const issued = await issueUserSecret(tx, clock, user.id, 'login_csrf');
  await recordAuthEvent(tx, clock, {
    type: 'login.otp_required',
    userId: user.id,
    email: user.email,
    client,
    details: { method },
  });
  return { kind: 'otp_required', user, csrfToken: issued.secret };
}

class SecondFactorAlreadyUsed extends Error {}

/** No second factor: nothing to use up. */
const NO_PROOF: SecondFactorProof = { consumeSecretIds: [], totpStep: null };

/**
 * Issues the access token in one transaction with using up the second factor: the one-time secrets
 * (an SMS code) are consumed and the TOTP step is recorded as the user's last. Null when a concurrent
 * request used them first, so of two requests with one code exactly one signs in.
 */
export async function completeSignIn(
  db: Db,
  clock: Clock,
  config: Config,
  user: UserRow,
  client: ClientInfo,
  method: SignInMethod,
  proof: SecondFactorProof = NO_PROOF,
): Promise<SignedIn | null> {
  try {
    return await db.transaction(async (tx) => {
      for (const id of proof.consumeSecretIds) {
        if (!(await consumeUserSecret(tx, clock, id))) throw new SecondFactorAlreadyUsed();
      }
      if (proof.totpStep !== null && !(await recordTotpStep(tx, user.id, proof.totpStep))) {
        throw new SecondFactorAlreadyUsed();
      }
      return issueSession(tx, clock, config, user, client, method);
    });
  } catch (error) {
    if (error instanceof SecondFactorAlreadyUsed) return null;
    throw error;
  }
}

/**
 * Records the TOTP step as the user's last accepted one, only when it is later than the one stored.
 * False when it is not: the code (or a later one) was used meanwhile. The row lock of the update makes
 * concurrent requests take turns, so the check and the write are one step.
 */
async function recordTotpStep(tx: Tx, userId: string, step: number): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ otpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.otpLastStep), lt(users.otpLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Issues the access token of a completed sign-in and records it, inside the caller's transaction. */
export async function issueSession(
  tx: Db | Tx,
  clock: Clock,
  config: Config,
  user: UserRow,
  client: ClientInfo,
  method: SignInMethod,
): Promise<SignedIn> {
  // Any other pending code step of this user ends with this sign-in.
  await retireUserSecrets(tx, clock, user.id, 'login_csrf');
  const issuedAt = clock.now();
  const { token, expiresAt } = await issueAccessToken(tx, clock, user.id, config.ACCESS_TOKEN_TTL_HOURS);
  await recordAuthEvent(tx, clock, {
    type: 'login.succeeded',
    userId: user.id,
    email: user.email,
    client,
    details: { method },
  });
  return { kind: 'signed_in', user, accessToken: token, issuedAt, expiresAt };
}

/**
 * How a sign-in attempt fails: `fail(step)` records 'login.failed' with the step (the audit trail; the
 * rate limits count in auth_throttles) and answers 'invalid'.
 */
export function signInFailure(db: Db, clock: Clock, email: string, user: UserRow | null, client: ClientInfo) {
  return async (step: string): Promise<{ kind: 'invalid' }> => {
    await recordAuthEvent(db, clock, {
      type: 'login.failed',
      userId: user?.id ?? null,
      email: normalizeEmail(email),
      client,
      details: { step },
    });
    return { kind: 'invalid' };
  };
}

/**
 * Runs one sign-in attempt under the login rate limits: the attempt is reserved before `attempt` checks
 * anything (refused: 'throttled', nothing checked), kept as a failure when it answers 'invalid', and
 * given back when it gets further. The checks themselves run outside any transaction: argon2 is slow.
 */
export async function throttledSignIn<T extends { kind: string }>(
  db: Db,
  clock: Clock,
  email: string,
  client: ClientInfo,
  attempt: () => Promise<T | { kind: 'invalid' }>,
): Promise<T | { kind: 'invalid' } | Throttled> {
  const reservation = await reserveLoginAttempt(db, clock, normalizeEmail(email), client);
  if (!reservation.allowed) return { kind: 'throttled', retryAfterSeconds: reservation.retryAfterSeconds };
  const outcome = await attempt();
  if (outcome.kind !== 'invalid') await releaseLoginAttempt(db, reservation);
  return outcome;
}

/**
 * The password check every sign-in route starts with: the user (null when unknown) and whether the
 * password matches, plus `fail` (signInFailure) for a failure at a named step.
 * Unknown users and users without a password verify against a dummy hash: same work, same answer.
 */
export async function checkPassword(
  db: Db,
  clock: Clock,
  input: { email: string; password: string },
  client: ClientInfo,
) {
  const user = await findUserByEmail(db, input.email);
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  return { user, passwordOk, fail: signInFailure(db, clock, input.email, user, client) };
}

/** The password step of POST /api/v1/auth/login. */
export async function signInWithPassword(
  db: Db,
  clock: Clock,
  config: Config,
  input: { email: string; password: string },
  client: ClientInfo,
): Promise<SignInOutcome> {
  return throttledSignIn(db, clock, input.email, client, async () => {
    const { user, passwordOk, fail } = await checkPassword(db, clock, input, client);
    if (!user || !passwordOk) return fail('password');
    if (user.emailVerifiedAt === null) return refuseUnverified(db, clock, user, client);
    return beginSession(db, clock, config, user, client, 'password');
  });
}

/**
 * The code step of POST /api/v1/auth/verify-otp: the password again, the csrf token of the password
 * step (consumed only on success) and the second-factor code.
 */
export async function signInWithOtp(
  db: Db,
  clock: Clock,
  config: Config,
  input: { email: string; password: string; code: string; csrfToken: string | null },
  client: ClientInfo,
): Promise<SignInOutcome> {
  return throttledSignIn(db, clock, input.email, client, async () => {
    const { user, passwordOk, fail } = await checkPassword(db, clock, input, client);
    if (!user || !passwordOk || !hasTwoFactor(user)) return fail('otp_password');
    if (user.emailVerifiedAt === null) return refuseUnverified(db, clock, user, client);
    const csrf = input.csrfToken ? await findUserSecret(db, user.id, 'login_csrf', input.csrfToken) : null;
    if (!csrf || !isSecretLive(csrf, clock)) return fail('otp_csrf');
    const factor = await checkSecondFactor(db, clock, secretBoxOf(config), user, input.code);
    if (!factor.valid) return fail('otp_code');
    const signedIn = await completeSignIn(db, clock, config, user, client, 'otp', {
      ...factor,
      consumeSecretIds: [csrf.id, ...factor.consumeSecretIds],
    });
    // A concurrent request used the csrf token, the SMS code or the TOTP step first.
    return signedIn ?? fail('otp_used');
  });
}

/**
 * POST /oauth/token with grant_type 'password'. A two-factor user must also send a valid `code`;
 * there is no second round trip in this grant.
 */
export async function signInWithPasswordGrant(
  db: Db,
  clock: Clock,
  config: Config,
  input: { email: string; password: string; code: string | null },
  client: ClientInfo,
): Promise<SignedIn | { kind: 'invalid' } | Throttled | Unverified> {
  return throttledSignIn(db, clock, input.email, client, async () => {
    const { user, passwordOk, fail } = await checkPassword(db, clock, input, client);
    if (!user || !passwordOk) return fail('oauth_password');
    if (user.emailVerifiedAt === null) return refuseUnverified(db, clock, user, client);
    let proof = NO_PROOF;
    if (hasTwoFactor(user)) {
      const factor = input.code
        ? await checkSecondFactor(db, clock, secretBoxOf(config), user, input.code)
        : { valid: false as const };
      if (!factor.valid) return fail('oauth_code');
      proof = factor;
    }
    const signedIn = await completeSignIn(db, clock, config, user, client, 'oauth_password', proof);
    return signedIn ?? fail('oauth_code_used');
  });
}

/**
 * A right password of an account whose address nobody has confirmed: no session (the password may be a
 * stranger's who signed up with someone else's address). Recorded like a failure, at its own step.
 */
async function refuseUnverified(
  db: Db,
  clock: Clock,
  user: UserRow,
  client: ClientInfo,
): Promise<Unverified> {
  await signInFailure(db, clock, user.email, user, client)('email_unverified');
  return { kind: 'unverified', user };
}

/**
 * POST /api/v1/auth/send_otp_sms: a fresh code for a user in the middle of signing in, proven by the
 * csrf token of the password (or Google) step. 'refused' covers every reason, so nothing is revealed.
 */
export async function sendLoginSmsCode(
  db: Db,
  clock: Clock,
  sms: SmsProvider,
  input: { email: string; csrfToken: string | null },
  client: ClientInfo,
): Promise<'sent' | 'refused' | 'cooldown'> {
  const user = await findUserByEmail(db, input.email);
  if (!user || !hasTwoFactor(user) || user.otpMethod !== 'sms' || !user.otpPhoneNumber || !input.csrfToken) {
    return 'refused';
  }
  const csrf = await findUserSecret(db, user.id, 'login_csrf', input.csrfToken);
  if (!csrf || !isSecretLive(csrf, clock)) return 'refused';
  const result = await sendSmsLoginCode(db, clock, sms, { ...user, otpPhoneNumber: user.otpPhoneNumber });
  if (result === 'sent') {
    await recordAuthEvent(db, clock, { type: 'otp.sms_sent', userId: user.id, email: user.email, client });
  }
  return result;
}

/** POST /oauth/revoke: revokes the token if it is live; unknown tokens are not an error (RFC 7009). */
export async function revokeTokenOnRequest(
  db: Db,
  clock: Clock,
  token: string,
  client: ClientInfo,
): Promise<void> {
  const [revoked] = await db
    .update(accessTokens)
    .set({ revokedAt: clock.now() })
    .where(and(eq(accessTokens.tokenHash, hashSecret(token)), isNull(accessTokens.revokedAt)))
    .returning({ userId: accessTokens.userId });
  if (revoked) {
    await publishAccessChange(db, revoked.userId, null);
    await recordAuthEvent(db, clock, { type: 'token.revoked', userId: revoked.userId, client });
  }
}
