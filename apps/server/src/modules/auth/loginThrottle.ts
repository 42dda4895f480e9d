import { and, count, eq, gt } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import type { ClientInfo } from './audit';

/** Failed sign-in attempts allowed per email, and per IP address, within the window. */
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;
export const FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * Whether sign-in attempts for this email or from this address are refused for now: 5 failures for
 * one email, or 20 from one IP, within 15 minutes. Failures are counted from the audit trail
 * ('login.failed'), whether or not the email belongs to a user, so the answer reveals nothing.
 */
export async function isLoginThrottled(
  db: Db,
  clock: Clock,
  email: string,
  client: ClientInfo,
): Promise<boolean> {
  const since = new Date(clock.now().getTime() - FAILURE_WINDOW_MS);
  const failuresFor = async (column: typeof auditEvents.email | typeof auditEvents.ip, value: string) => {
    const [row] = await db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.type, 'login.failed'), eq(column, value), gt(auditEvents.createdAt, since)));
    return row?.n ?? 0;
  };
  if ((await failuresFor(auditEvents.email, email.toLowerCase())) >= MAX_FAILURES_PER_EMAIL) return true;
  return client.ip !== null && (await failuresFor(auditEvents.ip, client.ip)) >= MAX_FAILURES_PER_IP;
}
