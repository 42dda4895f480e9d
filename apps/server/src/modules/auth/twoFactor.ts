import { randomInt } from 'node:crypto';
import { PRODUCT_NAME } from '@keel/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { generateSecret, verify } from 'otplib';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { userSecrets, users } from '../../db/schema';
import type { SmsProvider } from '../../providers';
import type { SecretBox } from '../../secrets/secretBox';
import { findLatestLiveSecret, issueUserSecret, retireUserSecrets, secretMatches } from './oneTimeSecrets';
import { reserveAttempt } from './throttle';

type UserRow = typeof users.$inferSelect;

/** TOTP step (30 s); a code from the step before or after the current one is still accepted. */
const TOTP_STEP_SECONDS = 30;
/** A new SMS code can be sent 30 s after the previous one (spec §9 'SMS resend cooldown 30 s'). */
export const SMS_RESEND_COOLDOWN_MS = 30_000;

/** Whether the user must pass a second factor to sign in. */
export function hasTwoFactor(user: UserRow): boolean {
  return user.otpModuleEnabled && user.otpMethod !== null;
}

/** The user's columns with no second factor, on or being enrolled: as removing it leaves them. */
export const NO_TWO_FACTOR = {
  otpModuleEnabled: false,
  otpMethod: null,
  otpSecret: null,
  otpPhoneNumber: null,
  otpPendingSecret: null,
  otpPendingPhoneNumber: null,
} as const;

/** A new authenticator-app secret (Base32, 160 bits). */
export function newTotpSecret(): string {
  return generateSecret();
}

/** What an authenticator secret is sealed as: the user's TOTP secret, no one else's. */
const totpContext = (userId: string) => `users.otp_secret:${userId}`;

/** An authenticator secret as stored (otpSecret, otpPendingSecret): sealed under the server's key. */
export function sealTotpSecret(secrets: SecretBox, userId: string, secret: string): string {
  return secrets.seal(secret, totpContext(userId));
}

/**
 * A stored authenticator secret, opened; null when it does not open (altered, sealed for someone else
 * or under another key), so no code matches it. One stored before secrets were sealed (plain Base32,
 * which has no ':') is read as it is, until the person enrols again.
 */
export function openTotpSecret(secrets: SecretBox, userId: string, stored: string): string | null {
  if (!stored.includes(':')) return stored;
  try {
    return secrets.open(stored, totpContext(userId));
  } catch {
    return null;
  }
}

/**
 * The TOTP time step (floor(unix seconds / 30)) at which a 6-digit code matches the secret, allowing one
 * step of clock drift either way, or null. Steps up to `afterStep` (the last one accepted) are refused,
 * so a code cannot be used twice.
 */
export async function verifyTotpCode(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null = null,
): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOTP_STEP_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    // The functional API types HOTP and TOTP results as one union; only TOTP's carries the step.
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // Also otplib's answer to a last step later than any step now in the window (the clock went back).
    return null;
  }
}

/** The text message carrying a sign-in or enrolment code. */
function smsCodeMessage(code: string): string {
  return `Your ${PRODUCT_NAME} verification code is ${code}`;
}

/** Why no code was sent: within 30 s of the previous one, or past the hourly limit of texts. */
type SmsRefusal = { kind: 'cooldown' | 'throttled'; retryAfterSeconds: number };

/**
 * Sends a fresh 6-digit code by text message for sign-in ('sms_code', to the enrolled phone) or
 * enrolment ('sms_enrolment', to the phone being added); earlier codes of that purpose stop working.
 * Refused ('cooldown') within 30 s of the previous code of either purpose, and ('throttled') past
 * 10 texts an hour to the user (`sms_user`).
 */
export async function sendSmsCode(
  db: Db,
  clock: Clock,
  sms: SmsProvider,
  input: {
    userId: string;
    phoneNumber: string;
    purpose: 'sms_code' | 'sms_enrolment';
    /** More to write with the code, in its transaction (the phone an enrolment code goes to). */
    onIssue?: (tx: Tx) => Promise<void>;
  },
): Promise<'sent' | SmsRefusal> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const waitMs = await db.transaction(async (tx) => {
    // Lock the user so two concurrent requests cannot both pass the cooldown check.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    const [previous] = await tx
      .select({ createdAt: userSecrets.createdAt })
      .from(userSecrets)
      .where(
        and(
          eq(userSecrets.userId, input.userId),
          inArray(userSecrets.purpose, ['sms_code', 'sms_enrolment']),
        ),
      )
      .orderBy(desc(userSecrets.createdAt))
      .limit(1);
    const sinceMs = previous ? clock.now().getTime() - previous.createdAt.getTime() : Infinity;
    if (sinceMs < SMS_RESEND_COOLDOWN_MS) return SMS_RESEND_COOLDOWN_MS - sinceMs;
    await issueUserSecret(tx, clock, input.userId, input.purpose, { secret: code, replaceOlder: true });
    await input.onIssue?.(tx);
    return 0;
  });
  if (waitMs > 0) return { kind: 'cooldown', retryAfterSeconds: Math.ceil(waitMs / 1000) };
  const allowed = await reserveAttempt(db, clock, [{ scope: 'sms_user', key: input.userId }]);
  if (!allowed.allowed) {
    // The code was never sent: it must not work either.
    await retireUserSecrets(db, clock, input.userId, input.purpose);
    return { kind: 'throttled', retryAfterSeconds: allowed.retryAfterSeconds };
  }
  await sms.send({ to: input.phoneNumber, body: smsCodeMessage(code) });
  return 'sent';
}

/**
 * Sends a fresh sign-in code to the user's enrolled phone; earlier codes stop working. Refused
 * ('cooldown') within 30 s of the previous code, or past the hourly limit of texts.
 */
export async function sendSmsLoginCode(
  db: Db,
  clock: Clock,
  sms: SmsProvider,
  user: UserRow & { otpPhoneNumber: string },
): Promise<'sent' | 'cooldown'> {
  const result = await sendSmsCode(db, clock, sms, {
    userId: user.id,
    phoneNumber: user.otpPhoneNumber,
    purpose: 'sms_code',
  });
  return result === 'sent' ? 'sent' : 'cooldown';
}

/** A second factor that passed: what completing the sign-in must use up, atomically with issuing the token. */
export type SecondFactorProof = {
  /** One-time secrets (an SMS code) to consume. */
  consumeSecretIds: string[];
  /** The TOTP step the code matched, to record as the user's last; null for SMS. */
  totpStep: number | null;
};

/**
 * Checks a second-factor code for the user's method: the authenticator app's TOTP (later than the last
 * step accepted), or the latest unused, unexpired SMS code.
 */
export async function checkSecondFactor(
  db: Db,
  clock: Clock,
  secrets: SecretBox,
  user: UserRow,
  code: string,
): Promise<({ valid: true } & SecondFactorProof) | { valid: false }> {
  if (user.otpMethod === 'app') {
    const secret = user.otpSecret === null ? null : openTotpSecret(secrets, user.id, user.otpSecret);
    const step = secret === null ? null : await verifyTotpCode(secret, code, clock.now(), user.otpLastStep);
    return step === null ? { valid: false } : { valid: true, consumeSecretIds: [], totpStep: step };
  }
  if (user.otpMethod === 'sms') {
    const latest = await findLatestLiveSecret(db, clock, user.id, 'sms_code');
    return latest && secretMatches(latest, code)
      ? { valid: true, consumeSecretIds: [latest.id], totpStep: null }
      : { valid: false };
  }
  return { valid: false };
}
