import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database handle every service takes: the same API over PGlite and a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A handle inside `db.transaction(...)`. Services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

export type OpenDatabaseOptions =
  /** A PostgreSQL server. */
  | { url: string; poolSize?: number }
  /** Embedded PGlite: a directory on disk, or in memory when `dataDir` is absent. */
  | { dataDir?: string; loadDataDir?: Blob };

/** Opens the database and brings its schema up to date with the migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    let closing = false;
    // An idle connection the server drops (a restart, or a scratch database dropped WITH (FORCE) while
    // the pool is still saying goodbye) emits 'error' on the pool; unheard, Node would crash the process.
    // The pool discards that connection and opens a new one on the next query.
    pool.on('error', (error) => {
      if (!closing) process.emitWarning(`PostgreSQL connection lost: ${error.message}`);
    });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    await migrateNodePg(db as never, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({
    // pg_trgm backs case-insensitive substring search (ILIKE '%word%') with GIN indexes, as on a server.
    extensions: { pg_trgm },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}
