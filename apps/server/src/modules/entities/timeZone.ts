import { DEFAULT_TIME_ZONE, dayIn, monthIn } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { entities } from '../../db/schema';

/** The company's time zone (DEFAULT_TIME_ZONE for a company not found: the caller has checked access). */
export async function entityTimeZone(db: Db | Tx, entityId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: entities.timeZone })
    .from(entities)
    .where(eq(entities.id, entityId));
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** The company's 'today' and current month at the clock's now, in its own time zone. */
export async function entityToday(
  db: Db | Tx,
  clock: Clock,
  entityId: string,
): Promise<{ now: Date; timeZone: string; today: string; month: string }> {
  const timeZone = await entityTimeZone(db, entityId);
  const now = clock.now();
  return { now, timeZone, today: dayIn(timeZone, now), month: monthIn(timeZone, now) };
}
