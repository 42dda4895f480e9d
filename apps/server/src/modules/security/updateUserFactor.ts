import { otpCodeSchema, TWO_FACTOR_MESSAGES, usPhoneNumberSchema } from '@keel/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { unauthenticated } from '../../errors';
import type { Viewer } from '../../graphql/context';
import type { FieldError } from '../../graphql/fieldErrors';
import type { EmailProvider, SmsProvider } from '../../providers';
import type { SecretBox } from '../../secrets/secretBox';
import { type ClientInfo, recordAuthEvent } from '../auth/audit';
import { consumeUserSecret, findLatestLiveSecret, secretMatches } from '../auth/oneTimeSecrets';
import { findUserById, type UserRow } from '../auth/service';
import { releaseAttempt, reserveAttempt, type ThrottleHit } from '../auth/throttle';
import {
  hasTwoFactor,
  NO_TWO_FACTOR,
  openTotpSecret,
  SMS_RESEND_COOLDOWN_MS,
  sendSmsCode,
  verifyTotpCode,
} from '../auth/twoFactor';
import { requireRecentReauthentication } from './reauthenticate';
import { securityNotice } from './securityNotices';

/** What updateUserFactor did: nothing (errors say why), sent a code, or turned a method on. */
export type FactorChange = {
  errors: FieldError[];
  codeSent: boolean;
  /** After a code was sent, or a resend refused: seconds until another can be asked for. */
  retryAfterSeconds: number | null;
  user: UserRow;
};

type Deps = { db: Db; clock: Clock; sms: SmsProvider; email: EmailProvider; secrets: SecretBox };

/**
 * updateUserFactor (spec §7) turns on one second factor, in a session that re-entered its password in
 * the last 15 minutes (FORBIDDEN otherwise):
 * - `otpAttempt` alone: a code of the authenticator app proves the pending secret of TwoFactor(password);
 * - `phoneNumber` alone: a 6-digit code goes by text message to that (US mobile) number; another may be
 *   asked for 30 s later (spec §9);
 * - both: the texted code proves the number.
 * Only one method can be on at a time (spec §4). Wrong codes are limited per user (5, then 15 quiet
 * minutes); a code works once. The person is told by email when a method is turned on.
 */
export async function updateUserFactor(
  deps: Deps,
  viewer: Viewer,
  input: { otpAttempt: string | null; phoneNumber: string | null },
  client: ClientInfo,
): Promise<FactorChange> {
  const { db, clock } = deps;
  await requireRecentReauthentication(db, clock, viewer);
  const user = await findUserById(db, viewer.userId);
  if (!user) throw unauthenticated();
  const refuse = (field: string, message: string, retryAfterSeconds: number | null = null): FactorChange => ({
    errors: [{ field, message }],
    codeSent: false,
    retryAfterSeconds,
    user,
  });
  if (input.otpAttempt === null && input.phoneNumber === null) {
    return refuse('otpAttempt', TWO_FACTOR_MESSAGES.codeOrPhoneRequired);
  }
  if (hasTwoFactor(user)) return refuse('otpMethod', TWO_FACTOR_MESSAGES.onlyOneMethod);
  let phone: string | null = null;
  if (input.phoneNumber !== null) {
    const parsed = usPhoneNumberSchema.safeParse(input.phoneNumber);
    if (!parsed.success)
      return refuse('phoneNumber', parsed.error.issues[0]?.message ?? 'Invalid phone number');
    phone = parsed.data;
  }
  if (input.otpAttempt === null && phone !== null) return sendEnrolmentCode(deps, user, phone, refuse);
  const code = otpCodeSchema.safeParse(input.otpAttempt);
  if (!code.success)
    return refuse('otpAttempt', code.error.issues[0]?.message ?? TWO_FACTOR_MESSAGES.failedToVerify);
  const hits: ThrottleHit[] = [{ scope: 'two_factor_user', key: user.id }];
  const reservation = await reserveAttempt(db, clock, hits);
  if (!reservation.allowed) {
    return refuse('otpAttempt', TWO_FACTOR_MESSAGES.tooManyAttempts, reservation.retryAfterSeconds);
  }
  const enabled =
    phone === null ? await enableApp(deps, user, code.data) : await enableSms(deps, user, phone, code.data);
  if (!enabled) return refuse('otpAttempt', TWO_FACTOR_MESSAGES.failedToVerify);
  await releaseAttempt(db, hits, ['two_factor_user']);
  await recordAuthEvent(db, clock, {
    type: 'two_factor.enabled',
    userId: user.id,
    email: user.email,
    client,
    details: { method: enabled.otpMethod },
  });
  const detail =
    enabled.otpMethod === 'sms'
      ? `Codes go by text message to the phone ending in ${(enabled.otpPhoneNumber ?? '').slice(-4)}.`
      : 'Codes come from your authenticator app.';
  await deps.email.send(securityNotice(user.email, 'two_factor_enabled', detail));
  return { errors: [], codeSent: false, retryAfterSeconds: null, user: enabled };
}

async function sendEnrolmentCode(
  deps: Deps,
  user: UserRow,
  phone: string,
  refuse: (field: string, message: string, retryAfterSeconds?: number | null) => FactorChange,
): Promise<FactorChange> {
  const result = await sendSmsCode(deps.db, deps.clock, deps.sms, {
    userId: user.id,
    phoneNumber: phone,
    purpose: 'sms_enrolment',
    onIssue: async (tx) => {
      await tx
        .update(users)
        .set({ otpPendingPhoneNumber: phone, updatedAt: deps.clock.now() })
        .where(eq(users.id, user.id));
    },
  });
  if (result === 'sent') {
    return { errors: [], codeSent: true, retryAfterSeconds: SMS_RESEND_COOLDOWN_MS / 1000, user };
  }
  const message =
    result.kind === 'cooldown'
      ? TWO_FACTOR_MESSAGES.resendCooldown(result.retryAfterSeconds)
      : TWO_FACTOR_MESSAGES.tooManyTexts;
  return refuse('phoneNumber', message, result.retryAfterSeconds);
}

/** The conditions of turning a method on: two-factor still off (exactly one method at a time). */
const stillOff = (user: UserRow) => and(eq(users.id, user.id), eq(users.otpModuleEnabled, false));

/** The app method on, when the code proves the pending secret; its step is the last used (no replay at sign-in). */
async function enableApp(deps: Deps, user: UserRow, code: string): Promise<UserRow | null> {
  const pending = user.otpPendingSecret;
  const secret = pending === null ? null : openTotpSecret(deps.secrets, user.id, pending);
  if (pending === null || secret === null) return null;
  const step = await verifyTotpCode(secret, code, deps.clock.now());
  if (step === null) return null;
  const [updated] = await deps.db
    .update(users)
    .set({
      otpModuleEnabled: true,
      otpMethod: 'app',
      otpSecret: pending,
      otpLastStep: step,
      otpPhoneNumber: null,
      otpPendingSecret: null,
      otpPendingPhoneNumber: null,
      updatedAt: deps.clock.now(),
    })
    .where(and(stillOff(user), eq(users.otpPendingSecret, pending)))
    .returning();
  return updated ?? null;
}

/** The sms method on, when the texted code (used once) proves the phone it went to. */
async function enableSms(deps: Deps, user: UserRow, phone: string, code: string): Promise<UserRow | null> {
  const { db, clock } = deps;
  if (user.otpPendingPhoneNumber !== phone) return null;
  const latest = await findLatestLiveSecret(db, clock, user.id, 'sms_enrolment');
  if (!latest || !secretMatches(latest, code)) return null;
  return db.transaction(async (tx) => {
    if (!(await consumeUserSecret(tx, clock, latest.id))) return null;
    const [updated] = await tx
      .update(users)
      .set({
        otpModuleEnabled: true,
        otpMethod: 'sms',
        otpSecret: null,
        otpPhoneNumber: phone,
        otpPendingSecret: null,
        otpPendingPhoneNumber: null,
        updatedAt: clock.now(),
      })
      .where(and(stillOff(user), eq(users.otpPendingPhoneNumber, phone), isNull(users.otpMethod)))
      .returning();
    return updated ?? null;
  });
}

/**
 * deleteUserFactor (spec §7, Remove): two-factor off, in a session that re-entered its password in the
 * last 15 minutes. Nothing to do when it is off. The person is told by email.
 */
export async function deleteUserFactor(deps: Deps, viewer: Viewer, client: ClientInfo): Promise<UserRow> {
  const { db, clock } = deps;
  await requireRecentReauthentication(db, clock, viewer);
  const user = await findUserById(db, viewer.userId);
  if (!user) throw unauthenticated();
  if (!user.otpModuleEnabled && user.otpMethod === null) return user;
  const [updated] = await db
    .update(users)
    .set({ ...NO_TWO_FACTOR, updatedAt: clock.now() })
    .where(eq(users.id, user.id))
    .returning();
  await recordAuthEvent(db, clock, {
    type: 'two_factor.disabled',
    userId: user.id,
    email: user.email,
    client,
    details: { method: user.otpMethod },
  });
  await deps.email.send(securityNotice(user.email, 'two_factor_disabled'));
  return updated ?? user;
}
