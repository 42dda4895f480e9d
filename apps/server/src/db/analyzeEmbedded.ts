import { is, sql } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Db } from './client';

/**
 * Gathers the query planner's table statistics (`ANALYZE`) when `db` is the embedded PGlite; does
 * nothing on a PostgreSQL server. PGlite runs PostgreSQL in this process with no autovacuum, so nothing
 * else ever analyzes its tables and the planner would guess every row count and value frequency. A
 * server's autovacuum analyzes tables as they change, so running it there would only repeat that work.
 * Called after the migrations at server start (statistics for whatever was written since the last
 * start) and after the demo seed writes its rows; ~0.1 s on the demo companies.
 */
export async function analyzeEmbedded(db: Db): Promise<void> {
  if (is(db, PgliteDatabase)) await db.execute(sql`ANALYZE`);
}
