import { connectionOf, type Db } from '../db/client';
import { createPgliteRealtime } from './createPgliteRealtime';
import { createPostgresRealtime } from './createPostgresRealtime';
import type { Realtime, RealtimeLog } from './realtime';

/**
 * The realtime of the database `db` was opened on (db/client.ts openDatabase): LISTEN/NOTIFY on a
 * connection of its own on a PostgreSQL server, or the embedded database's. Close it before the
 * database.
 */
export async function openRealtime(db: Db, options: { log?: RealtimeLog } = {}): Promise<Realtime> {
  const connection = connectionOf(db);
  if (!connection) throw new Error('openRealtime needs a database opened with openDatabase');
  if (connection.kind === 'pglite') return createPgliteRealtime({ pglite: connection.pglite, db });
  return createPostgresRealtime({ url: connection.url, db, ...(options.log ? { log: options.log } : {}) });
}
