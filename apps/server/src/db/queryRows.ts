import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client';

/** Rows of a raw SQL statement, on PGlite and node-postgres alike (both answer `{ rows }`). */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
