import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from './client';

/** A database made for one test file or benchmark run; `close()` also throws it away. */
export type ScratchDatabase = Database & {
  label: string /** The server database's address (PostgreSQL only). */;
  url?: string;
};

type ScratchPostgresOptions = {
  poolSize?: number;
  /** As for openDatabase: benchmarks that load millions of rows pass 0. */
  statementTimeoutMs?: number;
  /**
   * A migrated database to copy (`CREATE DATABASE … TEMPLATE`, a file copy: ~0.2 s against ~0.6 s for
   * running every migration). Nobody may be connected to it while it is copied.
   */
  template?: string;
};

/**
 * A new, migrated database on the PostgreSQL server at `serverUrl` (named `<prefix>_<random>`),
 * dropped on close.
 */
export async function openScratchPostgres(
  serverUrl: string,
  prefix: string,
  { poolSize = 10, statementTimeoutMs, template }: ScratchPostgresOptions = {},
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runAdminQuery(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    url: url.toString(),
    poolSize,
    ...(statementTimeoutMs === undefined ? {} : { statementTimeoutMs }),
  });
  return {
    ...database,
    label: `PostgreSQL (database ${name})`,
    url: url.toString(),
    async close() {
      await database.close();
      await runAdminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A new, migrated PGlite database in a temporary directory, removed on close. */
export async function openScratchPglite(prefix: string): Promise<ScratchDatabase> {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const database = await openDatabase({ dataDir: dir });
  return {
    ...database,
    label: `PGlite (${dir})`,
    async close() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs one statement (CREATE or DROP DATABASE) on its own connection to the server's `serverUrl`. */
export async function runAdminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
