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
  /** What LISTEN needs beside the pool (realtime/openRealtime.ts); also `connectionOf(db)`. */
  connection: DatabaseConnection;
  close(): Promise<void>;
};

/**
 * How to reach the database outside the pool: the embedded instance (one connection, shared), or the
 * server's address (a LISTEN holds a connection of its own for as long as it listens).
 */
export type DatabaseConnection = { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; url: string };

const connections = new WeakMap<Db, DatabaseConnection>();
const pools = new WeakMap<Db, pg.Pool>();

/** A PostgreSQL pool's connections: open in all, idle, requests waiting for one, and its limit. */
export type PoolStats = { total: number; idle: number; waiting: number; max: number };

/** The pool behind a handle made by openDatabase on a PostgreSQL server; undefined on PGlite. */
export function poolStatsOf(db: Db): PoolStats | undefined {
  const pool = pools.get(db);
  if (!pool) return undefined;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max };
}

/** The connection behind a handle made by openDatabase; undefined for any other handle. */
export function connectionOf(db: Db): DatabaseConnection | undefined {
  return connections.get(db);
}

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

export type OpenDatabaseOptions =
  /**
   * A PostgreSQL server. `statementTimeoutMs` bounds every statement (default 10 s; 0: no bound), so
   * no request can keep a connection busy for long; the server cancels the statement (SQLSTATE 57014).
   */
  | { url: string; poolSize?: number; statementTimeoutMs?: number }
  /** Embedded PGlite: a directory on disk, or in memory when `dataDir` is absent. */
  | { dataDir?: string; loadDataDir?: Blob };

/** Opens the database and brings its schema up to date with the migrations. */
/**
 * Runs the migrations on a connection of their own, without the statement timeout: building an index
 * over a large table may take longer than any request may.
 */
async function migrateWithoutTimeout(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migrateNodePg(drizzleNodePg(client, { schema }) as never, { migrationsFolder });
  } finally {
    await client.end();
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const statementTimeout = options.statementTimeoutMs ?? 10_000;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      ...(statementTimeout > 0
        ? { statement_timeout: statementTimeout, idle_in_transaction_session_timeout: statementTimeout * 3 }
        : {}),
    });
    let closing = false;
    // An idle connection the server drops (a restart, or a scratch database dropped WITH (FORCE) while
    // the pool is still saying goodbye) emits 'error' on the pool; unheard, Node would crash the process.
    // The pool discards that connection and opens a new one on the next query.
    pool.on('error', (error) => {
      if (!closing) process.emitWarning(`PostgreSQL connection lost: ${error.message}`);
    });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    await migrateWithoutTimeout(options.url);
    const connection: DatabaseConnection = { kind: 'postgres', url: options.url };
    connections.set(db, connection);
    pools.set(db, pool);
    return {
      db,
      kind: 'postgres',
      connection,
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
  const connection: DatabaseConnection = { kind: 'pglite', pglite: client };
  connections.set(db, connection);
  return { db, kind: 'pglite', connection, close: () => client.close() };
}
