import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, inject, it } from 'vitest';
import { connectionOf, type Database, openDatabase } from '../src/db/client';
import { takePgliteDatabase } from './pgliteDatabasePool';

function pglite(database: Database): PGlite {
  const connection = connectionOf(database.db);
  if (connection?.kind !== 'pglite') throw new Error('not a PGlite database');
  return connection.pglite;
}

/** Every table's rows and every sequence's state, as text: what a test could tell apart. */
async function contents(client: PGlite): Promise<Record<string, string>> {
  const tables = await client.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema')
        AND n.nspname NOT LIKE 'pg\\_toast%' ORDER BY 1`,
  );
  const found: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const rows = await client.query<{ text: string | null }>(
      `SELECT string_agg(t::text, E'\\n' ORDER BY t::text) AS text FROM ${name} t`,
    );
    found[name] = rows.rows[0]?.text ?? '';
  }
  const sequences = await client.query<{ name: string; state: string }>(
    `SELECT schemaname || '.' || sequencename AS name, coalesce(last_value::text, 'unused') AS state
       FROM pg_sequences`,
  );
  for (const { name, state } of sequences.rows) found[`sequence ${name}`] = state;
  return found;
}

async function fresh(): Promise<Database> {
  return openDatabase({ loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot'))]) });
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the pool of PGlite test databases', () => {
  it('gives back a used database exactly as the migrated snapshot holds it', async () => {
    const used = await takePgliteDatabase(inject('pgliteSnapshot'));
    const client = pglite(used);
    const seeded = await client.query<{ name: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS name
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'r' AND n.nspname = 'drizzle'`,
    );
    // Rows in a table the migrations leave empty, one the migrations wrote removed, a sequence moved on,
    // and session state: a setting, a LISTEN, an advisory lock and an open transaction.
    await client.exec(`
      INSERT INTO users (email, name, password_hash) VALUES ('pool@example.test', 'Pool Test', 'x');
      DELETE FROM ${seeded.rows[0]?.name};
      SET statement_timeout = 1234;
      LISTEN pool_test;
      SELECT pg_advisory_lock(42);
    `);
    await client.exec(`
      BEGIN;
      INSERT INTO users (email, name, password_hash) VALUES ('open@example.test', 'Open', 'x');
    `);
    await used.release();

    const again = await takePgliteDatabase(inject('pgliteSnapshot'));
    expect(pglite(again)).toBe(client);
    const reference = await fresh();
    try {
      expect(await contents(client)).toEqual(await contents(pglite(reference)));
      const setting = await client.query<{ statement_timeout: string }>('SHOW statement_timeout');
      expect(setting.rows[0]?.statement_timeout).toBe('0');
      const locks = await client.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM pg_locks WHERE locktype = 'advisory'",
      );
      expect(locks.rows[0]?.count).toBe(0);
    } finally {
      await reference.close();
      await again.release();
    }
  });

  it('never reuses a database whose structure a test changed', async () => {
    const changed = await takePgliteDatabase(inject('pgliteSnapshot'));
    await pglite(changed).exec('CREATE TABLE made_by_a_test (id int)');
    await changed.release();
    expect(pglite(changed).closed).toBe(true);
    const next = await takePgliteDatabase(inject('pgliteSnapshot'));
    try {
      const made = await pglite(next).query("SELECT 1 FROM pg_class WHERE relname = 'made_by_a_test'");
      expect(made.rows).toEqual([]);
    } finally {
      await next.release();
    }
  });

  it('leaves a database a test closed itself closed', async () => {
    const closed = await takePgliteDatabase(inject('pgliteSnapshot'));
    await closed.close();
    await closed.release();
    const next = await takePgliteDatabase(inject('pgliteSnapshot'));
    try {
      expect(pglite(next)).not.toBe(pglite(closed));
      expect(pglite(next).closed).toBe(false);
    } finally {
      await next.release();
    }
  });
});
