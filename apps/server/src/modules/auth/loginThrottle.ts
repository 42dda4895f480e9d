import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { type ClientInfo, recordAuthEvent } from './audit';
import { releaseAttempt, reserveAttempt, type ThrottleHit } from './throttle';

/** A sign-in attempt that may go ahead; give it back with `releaseLoginAttempt` when it succeeds. */
type LoginReservation = { allowed: true; hits: ThrottleHit[] };
type LoginRefusal = { allowed: false; retryAfterSeconds: number };

/**
 * Reserves one sign-in attempt (a password or second-factor check) before it is made, on three
 * counters (limits in THROTTLE_RULES): this email from this address (strict), this email from anywhere
 * (higher ceiling, then back-off) and this address whatever the email. Unknown emails count exactly
 * like known ones, so the answer reveals nothing. A refusal is recorded as 'login.throttled'.
 */
export async function reserveLoginAttempt(
  db: Db,
  clock: Clock,
  email: string,
  client: ClientInfo,
): Promise<LoginReservation | LoginRefusal> {
  const address = client.ip ?? 'unknown';
  const hits: ThrottleHit[] = [
    // The address first: it holds no spaces, so the key reads back unambiguously.
    { scope: 'login_email_address', key: `${address} ${email}` },
    { scope: 'login_email', key: email },
    { scope: 'login_address', key: address },
  ];
  const decision = await reserveAttempt(db, clock, hits);
  if (decision.allowed) return { allowed: true, hits };
  await recordAuthEvent(db, clock, { type: 'login.throttled', email, client });
  return decision;
}

/**
 * A reserved attempt that succeeded is no failure: it comes off every counter, and this email's
 * failures from this address are forgotten.
 */
export async function releaseLoginAttempt(db: Db, reservation: LoginReservation): Promise<void> {
  await releaseAttempt(db, reservation.hits, ['login_email_address']);
}
