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
  /** Migrations this process applied when it opened the database (0: another had, or none were due). */
  migrationsApplied: number;
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
type PoolStats = { total: number; idle: number; waiting: number; max: number };

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

type OpenDatabaseOptions =
  /**
   * A PostgreSQL server. `statementTimeoutMs` bounds every statement (default 10 s; 0: no bound), so
   * no request can keep a connection busy for long; the server cancels the statement (SQLSTATE 57014).
   */
  | { url: string; poolSize?: number; statementTimeoutMs?: number; onMigrationLockWait?: MigrationLockWait }
  /** Embedded PGlite: a directory on disk, or in memory when `dataDir` is absent. */
  | { dataDir?: string; loadDataDir?: Blob };

/**
 * The PostgreSQL advisory lock every Keel process migrates under (its 64 bits spell 'keelmigr'). Of
 * several servers started together, or `npm run migrate` beside them, one migrates while the others
 * wait, then find nothing left to do. Advisory locks belong to one database, so databases on one
 * server do not wait for each other.
 */
export const MIGRATION_LOCK_KEY = 0x6b65656c6d696772n;

/** Hears that another process holds the migration lock: once at first, then every 30 s of waiting. */
type MigrationLockWait = (message: string) => void;

const LOCK_WAIT_REMINDER_MS = 30_000;

/**
 * Migrates the database at `url` under the migration lock, on a connection of its own without the
 * statement timeout (building an index over a large table may take longer than any request may, and
 * waiting for another process's migration longer still). Answers how many migrations this call
 * applied: 0 when another process had applied them all.
 */
async function migratePostgres(
  url: string,
  onLockWait: MigrationLockWait = (message) => console.warn(message),
): Promise<number> {
  const client = new pg.Client({ connectionString: url, application_name: 'keel-migrate' });
  await client.connect();
  try {
    // Whatever the role's defaults: waiting for another process's migration is no reason to give up.
    await client.query('SET statement_timeout = 0; SET lock_timeout = 0');
    await takeMigrationLock(client, onLockWait);
    try {
      const before = await countAppliedMigrations((text) => client.query(text));
      await migrateNodePg(drizzleNodePg(client, { schema }) as never, { migrationsFolder });
      return (await countAppliedMigrations((text) => client.query(text))) - before;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    await client.end();
  }
}

/** Takes the lock at once when it is free; otherwise says who holds it and waits for it. */
async function takeMigrationLock(client: pg.Client, onLockWait: MigrationLockWait): Promise<void> {
  const key = MIGRATION_LOCK_KEY.toString();
  const tried = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [
    key,
  ]);
  if (tried.rows[0]?.locked) return;
  const holder = await client.query<{ pid: number; application_name: string; client_addr: string | null }>(
    `SELECT a.pid, a.application_name, host(a.client_addr) AS client_addr
       FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
        AND l.classid::bigint = $1 AND l.objid::bigint = $2
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [Number(MIGRATION_LOCK_KEY >> 32n), Number(MIGRATION_LOCK_KEY & 0xffffffffn)],
  );
  const who = holder.rows[0];
  const by = who
    ? ` (PostgreSQL process ${who.pid}, ${who.application_name || 'no application name'}${who.client_addr ? ` from ${who.client_addr}` : ''})`
    : '';
  onLockWait(`Another process is migrating the database${by}: waiting for it to finish.`);
  const started = Date.now();
  const reminder = setInterval(() => {
    const seconds = Math.round((Date.now() - started) / 1000);
    onLockWait(`Still waiting for the migration lock after ${seconds} s.`);
  }, LOCK_WAIT_REMINDER_MS);
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [key]);
  } finally {
    clearInterval(reminder);
  }
}

/** Rows in drizzle's record of applied migrations; 0 before the first migration made the table. */
async function countAppliedMigrations(
  query: (text: string) => Promise<{ rows: unknown[] }>,
): Promise<number> {
  const table = await query(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS "exists"`);
  if (!(table.rows[0] as { exists?: boolean } | undefined)?.exists) return 0;
  const { rows } = await query('SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations');
  return Number((rows[0] as { applied?: number | string } | undefined)?.applied ?? 0);
}

/** Opens the database and brings its schema up to date with the migrations. */
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
    let migrationsApplied: number;
    try {
      migrationsApplied = await migratePostgres(options.url, options.onMigrationLockWait);
    } catch (error) {
      closing = true;
      await pool.end();
      throw error;
    }
    const connection: DatabaseConnection = { kind: 'postgres', url: options.url };
    connections.set(db, connection);
    pools.set(db, pool);
    return {
      db,
      kind: 'postgres',
      connection,
      migrationsApplied,
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
  // No lock here: one process owns a PGlite directory, and PGlite has the one connection.
  const countApplied = () => countAppliedMigrations((text) => client.query(text));
  const before = await countApplied();
  await migratePglite(db as never, { migrationsFolder });
  const migrationsApplied = (await countApplied()) - before;
  const connection: DatabaseConnection = { kind: 'pglite', pglite: client };
  connections.set(db, connection);
  return { db, kind: 'pglite', connection, migrationsApplied, close: () => client.close() };
}
