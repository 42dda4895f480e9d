import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { auditEvents } from '../../db/schema';

/** Where a request came from, as kept on its audit events (and counted by the rate limits). */
export type ClientInfo = { ip: string | null; userAgent: string | null };

type AuthEventType =
  | 'user.signup'
  | 'user.signup_existing'
  | 'email.verification_requested'
  | 'email.verification_sent'
  | 'email.verified'
  | 'account.claimed'
  | 'google.linked'
  | 'login.succeeded'
  | 'login.failed'
  | 'login.throttled'
  | 'login.otp_required'
  | 'otp.sms_sent'
  | 'token.revoked'
  | 'password.reset_requested'
  | 'password.updated'
  | 'two_factor.enabled'
  | 'two_factor.disabled'
  | 'two_factor.code_sent'
  | 'two_factor.reauthenticated'
  | 'profile.updated'
  | 'invite.created'
  | 'invite.accepted'
  | 'invite.approved'
  | 'invite.declined'
  | 'invite.deleted'
  | 'member.role_changed'
  | 'member.removed'
  | 'card.revealed'
  | 'transfer.approval_threshold_changed'
  | 'account_number.revealed'
  | 'entity.time_zone_changed';

/** Writes one security event. `email` is kept lower-cased even when no user matches (rate limiting counts it). */
export async function recordAuthEvent(
  db: Db | Tx,
  clock: Clock,
  event: {
    type: AuthEventType;
    client: ClientInfo;
    userId?: string | null;
    /** The company it concerns (team events). */
    entityId?: string | null;
    email?: string | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(auditEvents).values({
    type: event.type,
    userId: event.userId ?? null,
    entityId: event.entityId ?? null,
    email: event.email?.toLowerCase() ?? null,
    ip: event.client.ip,
    userAgent: event.client.userAgent,
    details: event.details ?? {},
    createdAt: clock.now(),
  });
}
