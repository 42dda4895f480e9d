import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { accessTokens, users } from '../../db/schema';
import type { SmsProvider } from '../../providers';
import { type ClientInfo, recordAuthEvent } from './audit';
import { isLoginThrottled } from './loginThrottle';
import {
  consumeUserSecret,
  findUserSecret,
  isSecretLive,
  issueUserSecret,
  retireUserSecrets,
} from './oneTimeSecrets';
import { verifyPassword } from './passwords';
import { hashSecret, issueAccessToken } from './tokens';
import { checkSecondFactor, hasTwoFactor, sendSmsLoginCode } from './twoFactor';

export type UserRow = typeof users.$inferSelect;

/** How a sign-in attempt ended. */
export type SignInOutcome = SignedIn | OtpRequired | { kind: 'invalid' } | { kind: 'throttled' };
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
export type SignInMethod = 'password' | 'otp' | 'oauth_password' | 'google' | 'google_otp' | 'signup';

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
  if (!hasTwoFactor(user)) {
    return db.transaction((tx) => issueSession(tx, clock, config, user, client, method));
  }
  const secret = await db.transaction(async (tx) => {
    const issued = await issueUserSecret(tx, clock, user.id, 'login_csrf');
    await recordAuthEvent(tx, clock, {
      type: 'login.otp_required',
      userId: user.id,
      email: user.email,
      client,
      details: { method },
    });
    return issued.secret;
  });
  return { kind: 'otp_required', user, csrfToken: secret };
}

class SecretAlreadyUsed extends Error {}

/**
 * Issues the access token in one transaction with consuming the one-time secrets that proved the
 * second factor. Null when one of them was used meanwhile (a concurrent request won).
 */
export async function completeSignIn(
  db: Db,
  clock: Clock,
  config: Config,
  user: UserRow,
  client: ClientInfo,
  method: SignInMethod,
  consumeSecretIds: string[] = [],
): Promise<SignedIn | null> {
  try {
    return await db.transaction(async (tx) => {
      for (const id of consumeSecretIds) {
        if (!(await consumeUserSecret(tx, clock, id))) throw new SecretAlreadyUsed();
      }
      return issueSession(tx, clock, config, user, client, method);
    });
  } catch (error) {
    if (error instanceof SecretAlreadyUsed) return null;
    throw error;
  }
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

/** Records a failed attempt; these rows are what the login rate limit counts. */
export async function recordLoginFailure(
  db: Db,
  clock: Clock,
  email: string,
  user: UserRow | null,
  client: ClientInfo,
  step: string,
): Promise<void> {
  await recordAuthEvent(db, clock, {
    type: 'login.failed',
    userId: user?.id ?? null,
    email: normalizeEmail(email),
    client,
    details: { step },
  });
}

/** Refuses the attempt when the email or address has failed too often lately, and records the refusal. */
export async function refuseWhenThrottled(
  db: Db,
  clock: Clock,
  email: string,
  client: ClientInfo,
): Promise<boolean> {
  if (!(await isLoginThrottled(db, clock, normalizeEmail(email), client))) return false;
  await recordAuthEvent(db, clock, { type: 'login.throttled', email: normalizeEmail(email), client });
  return true;
}

/** The password step of POST /api/v1/auth/login. */
export async function signInWithPassword(
  db: Db,
  clock: Clock,
  config: Config,
  input: { email: string; password: string },
  client: ClientInfo,
): Promise<SignInOutcome> {
  if (await refuseWhenThrottled(db, clock, input.email, client)) return { kind: 'throttled' };
  const user = await findUserByEmail(db, input.email);
  // Unknown users and users without a password verify against a dummy hash: same work, same answer.
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordOk) {
    await recordLoginFailure(db, clock, input.email, user, client, 'password');
    return { kind: 'invalid' };
  }
  return beginSession(db, clock, config, user, client, 'password');
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
  if (await refuseWhenThrottled(db, clock, input.email, client)) return { kind: 'throttled' };
  const user = await findUserByEmail(db, input.email);
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  const fail = async (step: string) => {
    await recordLoginFailure(db, clock, input.email, user, client, step);
    return { kind: 'invalid' as const };
  };
  if (!user || !passwordOk || !hasTwoFactor(user)) return fail('otp_password');
  const csrf = input.csrfToken ? await findUserSecret(db, user.id, 'login_csrf', input.csrfToken) : null;
  if (!csrf || !isSecretLive(csrf, clock)) return fail('otp_csrf');
  const factor = await checkSecondFactor(db, clock, user, input.code);
  if (!factor.valid) return fail('otp_code');
  const signedIn = await completeSignIn(db, clock, config, user, client, 'otp', [
    csrf.id,
    ...factor.consumeSecretIds,
  ]);
  return signedIn ?? fail('otp_csrf');
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
): Promise<SignedIn | { kind: 'invalid' } | { kind: 'throttled' }> {
  if (await refuseWhenThrottled(db, clock, input.email, client)) return { kind: 'throttled' };
  const user = await findUserByEmail(db, input.email);
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  const fail = async (step: string) => {
    await recordLoginFailure(db, clock, input.email, user, client, step);
    return { kind: 'invalid' as const };
  };
  if (!user || !passwordOk) return fail('oauth_password');
  let consumeSecretIds: string[] = [];
  if (hasTwoFactor(user)) {
    const factor = input.code
      ? await checkSecondFactor(db, clock, user, input.code)
      : { valid: false as const };
    if (!factor.valid) return fail('oauth_code');
    consumeSecretIds = factor.consumeSecretIds;
  }
  const signedIn = await completeSignIn(db, clock, config, user, client, 'oauth_password', consumeSecretIds);
  return signedIn ?? fail('oauth_code');
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
  if (!user || !hasTwoFactor(user) || user.otpMethod !== 'sms' || !user.phoneNumber || !input.csrfToken) {
    return 'refused';
  }
  const csrf = await findUserSecret(db, user.id, 'login_csrf', input.csrfToken);
  if (!csrf || !isSecretLive(csrf, clock)) return 'refused';
  const result = await sendSmsLoginCode(db, clock, sms, { ...user, phoneNumber: user.phoneNumber });
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
    await recordAuthEvent(db, clock, { type: 'token.revoked', userId: revoked.userId, client });
  }
}
