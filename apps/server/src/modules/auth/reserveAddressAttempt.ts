import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { ClientInfo } from './audit';
import { reserveAttempt, type ThrottleDecision } from './throttle';

/**
 * Counts one sign-up, password-reset or confirmation-link request against the client's address (limits
 * in THROTTLE_RULES: 10 per hour each), or refuses it, counting nothing, with the seconds until the next is allowed.
 */
export function reserveAddressAttempt(
  db: Db,
  clock: Clock,
  scope: 'signup_address' | 'reset_address' | 'verification_address',
  client: ClientInfo,
): Promise<ThrottleDecision> {
  return reserveAttempt(db, clock, [{ scope, key: client.ip ?? 'unknown' }]);
}
