import { sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db, Tx } from './client';

/** The clock each database's writes run by (bound where the database is opened: main.ts, buildApp). */
const clocks = new WeakMap<Db, Clock>();

/** Writes on `db` take their current month from `clock` (the app's, so tests and the demo can fix it). */
export function bindDatabaseClock(db: Db, clock: Clock): void {
  clocks.set(db, clock);
}

/**
 * Tells the database the app's instant for the rest of the transaction, as the setting `keel.now`: the
 * forecast plan trigger (migration 0038) reads it in the company's time zone to know which of its months
 * have begun. Without a bound clock the trigger falls back to the database server's now().
 */
export async function setTransactionMonth(db: Db, tx: Tx): Promise<void> {
  const clock = clocks.get(db);
  if (!clock) return;
  await tx.execute(sql`SELECT set_config('keel.now', ${clock.now().toISOString()}, true)`);
}
