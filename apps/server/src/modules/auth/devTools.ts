import { desc, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { outboxMessages, users } from '../../db/schema';
import type { SecretBox } from '../../secrets/secretBox';
import { type ClientInfo, recordAuthEvent } from './audit';
import { findUserByEmail } from './service';
import { newTotpSecret, sealTotpSecret } from './twoFactor';

/** Development-only helpers behind /api/dev (never registered in production). */

type OutboxMessage = typeof outboxMessages.$inferSelect;

/** What the sandbox email and SMS providers 'sent', newest first; to one recipient when given. */
export async function listOutboxMessages(
  db: Db,
  recipient: string | null,
  limit = 100,
): Promise<OutboxMessage[]> {
  const query = db.select().from(outboxMessages);
  const filtered = recipient
    ? query.where(inArray(outboxMessages.recipient, [...new Set([recipient, recipient.toLowerCase()])]))
    : query;
  return filtered.orderBy(desc(outboxMessages.id)).limit(limit);
}

/**
 * Turns two-factor on for a user without the enrolment dialog, so browser tests can make a two-factor
 * user. Returns the TOTP secret for 'app'; 'sms' needs a phone number (given, or already on the user).
 */
export async function enableTwoFactorForDevelopment(
  db: Db,
  clock: Clock,
  secrets: SecretBox,
  input: { email: string; method: 'app' | 'sms'; phoneNumber: string | null },
  client: ClientInfo,
): Promise<{ ok: true; otpSecret: string | null } | { ok: false; error: 'not_found' | 'phone_required' }> {
  const user = await findUserByEmail(db, input.email);
  if (!user) return { ok: false, error: 'not_found' };
  const phoneNumber = input.phoneNumber ?? user.phoneNumber;
  if (input.method === 'sms' && !phoneNumber) return { ok: false, error: 'phone_required' };
  const otpSecret = input.method === 'app' ? newTotpSecret() : null;
  await db
    .update(users)
    .set({
      otpModuleEnabled: true,
      otpMethod: input.method,
      otpSecret: otpSecret === null ? null : sealTotpSecret(secrets, user.id, otpSecret),
      otpPhoneNumber: input.method === 'sms' ? phoneNumber : null,
      otpPendingSecret: null,
      otpPendingPhoneNumber: null,
      phoneNumber,
      updatedAt: clock.now(),
    })
    .where(eq(users.id, user.id));
  await recordAuthEvent(db, clock, {
    type: 'two_factor.enabled',
    userId: user.id,
    email: user.email,
    client,
    details: { method: input.method, via: 'dev' },
  });
  return { ok: true, otpSecret };
}
