import { resolve } from 'node:path';
import { readConfig } from './config';
import { openDatabase } from './db/client';
import { readMigrationStatus } from './db/migrationStatus';

/**
 * `npm run migrate`: brings the database named by DATABASE_URL (or the embedded one in DATA_DIR) up to
 * this build's migrations, under the same advisory lock a starting server takes, so it may run while
 * servers start or serve. Reads only where the database is: a deploy step need not hold the servers'
 * secrets.
 */
async function migrate(): Promise<void> {
  const config = readConfig({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR });
  const where = config.DATABASE_URL
    ? describeServer(config.DATABASE_URL)
    : resolve(config.DATA_DIR, 'pglite');
  console.log(`Migrating ${where}...`);
  const started = performance.now();
  const database = config.DATABASE_URL
    ? await openDatabase({ url: config.DATABASE_URL, poolSize: 1, statementTimeoutMs: 0 })
    : await openDatabase({ dataDir: resolve(config.DATA_DIR, 'pglite') });
  try {
    const status = await readMigrationStatus(database.db);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const applied = database.migrationsApplied;
    console.log(
      applied === 0
        ? `Nothing to apply: ${status.applied} migrations recorded, the newest of this build is ${status.head}.`
        : `Applied ${applied} migration${applied === 1 ? '' : 's'} in ${seconds} s; the database is at ${status.head}.`,
    );
    if (!status.atHead) throw new Error(`The database is not at ${status.head} after migrating`);
  } finally {
    await database.close();
  }
}

/** The server and database a URL names, without its password. */
function describeServer(url: string): string {
  const parsed = new URL(url);
  return `database ${parsed.pathname.slice(1) || '(default)'} on ${parsed.hostname}:${parsed.port || 5432}`;
}

migrate().catch((error: unknown) => {
  // drizzle's 'Failed query: …' keeps PostgreSQL's own reason in its cause.
  const cause = error instanceof Error && error.cause instanceof Error ? `\n  ${error.cause.message}` : '';
  console.error(`${error instanceof Error ? error.message : String(error)}${cause}`);
  process.exit(1);
});
