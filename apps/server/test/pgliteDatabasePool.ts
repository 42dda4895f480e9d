import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { connectionOf, type Database, openDatabase } from '../src/db/client';

/**
 * Migrated PGlite databases for the server tests, handed back and reused instead of loaded again.
 *
 * Loading the migrated snapshot into a new PGlite takes about a second on an idle machine and nearly
 * three with both cores busy: it was 395 s of the suite's 872 s of test time. A database a test app
 * gives back is instead put back as the snapshot left it, in a fraction of that:
 * - every table emptied (TRUNCATE … RESTART IDENTITY) and the rows the migrations wrote copied back;
 * - every sequence set to where the snapshot left it;
 * - the session's settings, LISTENs, advisory locks and prepared statements cleared.
 * The catalog's fingerprint (tables, columns, defaults, constraints, indexes, triggers, functions,
 * extensions, schemas, roles and databases) must still be the snapshot's: a database whose structure a
 * test changed is closed, never reused. So is one whose reset fails, or one a test closed itself.
 *
 * One pool per Vitest worker (the server project shares a worker's modules between files); at most
 * MAX_IDLE databases wait in it.
 */
const MAX_IDLE = 2;

type Baseline = {
  fingerprint: string;
  /** Every table outside the system schemas, quoted and qualified. */
  tables: string[];
  /** The rows the migrations wrote, per table, in COPY's text format. */
  rows: { table: string; copy: Blob }[];
  /** Each sequence's state: setval's arguments. */
  sequences: { name: string; value: string; called: boolean }[];
};

const idle: Database[] = [];
let baseline: Promise<Baseline> | undefined;

/**
 * A migrated database as the snapshot at `snapshotFile` holds it; `release` gives it back to the pool
 * (after the app on it has closed), while `close` closes it for good.
 */
export async function takePgliteDatabase(
  snapshotFile: string,
): Promise<Database & { release(): Promise<void> }> {
  let database = idle.pop();
  if (!database) {
    database = await openDatabase({ loadDataDir: new Blob([readFileSync(snapshotFile)]) });
    // The first database a worker loads is untouched: the baseline every reset returns to.
    baseline ??= readBaseline(pgliteOf(database));
    await baseline;
  }
  const taken = database;
  return { ...taken, release: () => giveBack(taken) };
}

function pgliteOf(database: Database): PGlite {
  const connection = connectionOf(database.db);
  if (connection?.kind !== 'pglite') throw new Error('the test database pool holds PGlite databases only');
  return connection.pglite;
}

async function giveBack(database: Database): Promise<void> {
  const client = pgliteOf(database);
  if (client.closed) return;
  if (idle.length < MAX_IDLE && baseline && (await resetToBaseline(client, await baseline))) {
    idle.push(database);
    return;
  }
  await database.close();
}

/** Puts the database back as the snapshot left it; false when it cannot (its structure changed). */
async function resetToBaseline(client: PGlite, base: Baseline): Promise<boolean> {
  try {
    // A transaction a test left open (ROLLBACK outside one only warns).
    await client.exec('ROLLBACK');
    if ((await fingerprint(client)) !== base.fingerprint) return false;
    await client.exec(`TRUNCATE ${base.tables.join(', ')} RESTART IDENTITY CASCADE`);
    // No triggers and no foreign-key checks while the migrations' rows go back, in any order.
    await client.exec("SET session_replication_role = 'replica'");
    for (const { table, copy } of base.rows) {
      await client.query(`COPY ${table} FROM '/dev/blob'`, [], { blob: copy });
    }
    for (const sequence of base.sequences) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
        sequence.name,
        sequence.value,
        sequence.called,
      ]);
    }
    await client.exec(
      'RESET ALL; UNLISTEN *; SELECT pg_advisory_unlock_all(); DEALLOCATE ALL; DISCARD SEQUENCES',
    );
    return true;
  } catch {
    return false;
  }
}

async function readBaseline(client: PGlite): Promise<Baseline> {
  const tables = (
    await client.query<{ name: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS name
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND ${USER_SCHEMA('n.nspname')}
        ORDER BY 1`,
    )
  ).rows.map((row) => row.name);
  const rows: Baseline['rows'] = [];
  for (const table of tables) {
    const result = await client.query(`COPY ${table} TO '/dev/blob'`);
    if (result.blob && result.blob.size > 0) rows.push({ table, copy: result.blob });
  }
  const sequences = (
    await client.query<{ name: string; value: string; called: boolean }>(
      `SELECT format('%I.%I', schemaname, sequencename) AS name,
              coalesce(last_value, start_value)::text AS value, last_value IS NOT NULL AS called
         FROM pg_sequences ORDER BY 1`,
    )
  ).rows;
  return { fingerprint: await fingerprint(client), tables, rows, sequences };
}

/** Schemas a test's data lives in: all but PostgreSQL's own. */
const USER_SCHEMA = (column: string) =>
  `${column} NOT IN ('pg_catalog', 'information_schema') AND ${column} NOT LIKE 'pg\\_toast%'`;

/** A digest of the database's structure: what a reset cannot put back, so must be as it was. */
async function fingerprint(client: PGlite): Promise<string> {
  const result = await client.query<{ digest: string }>(
    `SELECT md5(coalesce(string_agg(item, E'\\n' ORDER BY item), '')) AS digest FROM (
       SELECT 'rel ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text AS item
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE ${USER_SCHEMA('n.nspname')}
       UNION ALL
       SELECT 'col ' || a.attrelid::regclass::text || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
              || ' ' || a.attnotnull || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
         FROM pg_attribute a
         JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE a.attnum > 0 AND NOT a.attisdropped AND ${USER_SCHEMA('n.nspname')}
       UNION ALL
       SELECT 'con ' || conrelid::regclass::text || '.' || conname || ' ' || pg_get_constraintdef(oid)
         FROM pg_constraint WHERE connamespace NOT IN (SELECT oid FROM pg_namespace WHERE NOT (${USER_SCHEMA('nspname')}))
       UNION ALL
       SELECT 'idx ' || indexrelid::regclass::text || ' ' || pg_get_indexdef(indexrelid)
         FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE ${USER_SCHEMA('n.nspname')}
       UNION ALL
       SELECT 'trg ' || tgrelid::regclass::text || '.' || tgname || ' ' || tgenabled::text
         FROM pg_trigger WHERE NOT tgisinternal
       UNION ALL
       SELECT 'fn ' || p.oid::regprocedure::text || ' ' || md5(coalesce(p.prosrc, ''))
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE ${USER_SCHEMA('n.nspname')}
       UNION ALL SELECT 'ext ' || extname || ' ' || extversion FROM pg_extension
       UNION ALL SELECT 'nsp ' || nspname FROM pg_namespace
       UNION ALL SELECT 'role ' || rolname FROM pg_roles
       UNION ALL SELECT 'db ' || datname FROM pg_database
     ) items`,
  );
  return result.rows[0]?.digest ?? '';
}
