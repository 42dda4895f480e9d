import { monthIn } from '@keel/domain';
import type { Db } from '../../db/client';
import { entityTimeZone } from '../entities/timeZone';
import { reportCacheOf } from './reportCache';

/** What a kept time zone costs in the cache (a short string and its key). */
const TIME_ZONE_WEIGHT = 256;

/**
 * The company's current month at `now`, in its own time zone, read once per ledger version: a kept
 * report answer is replayed only under the month it was worked out for. Changing the time zone raises
 * the ledger version (setEntityTimeZone), so a zone kept for an earlier version is never used.
 */
export async function entityMonthAtVersion(
  db: Db,
  entityId: string,
  version: number,
  now: Date,
): Promise<string> {
  const cache = reportCacheOf(db);
  const key = `${entityId}|timeZone`;
  let timeZone = cache.take(key, version) as string | undefined;
  if (timeZone === undefined) {
    timeZone = await entityTimeZone(db, entityId);
    cache.keep(key, { version, value: timeZone, weight: TIME_ZONE_WEIGHT });
  }
  return monthIn(timeZone, now);
}
