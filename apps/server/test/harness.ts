import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app';
import { type ManualClock, manualClock } from '../src/clock';
import { type Config, readConfig } from '../src/config';
import { type Database, type Db, openDatabase } from '../src/db/client';
import { openScratchPostgres } from '../src/db/openScratchDatabase';
import { appJobHandlers } from '../src/jobs/appJobHandlers';
import type { JobHandlers } from '../src/jobs/jobHandler';
import { BANK_MIRROR_JOB } from '../src/modules/banking/bankMirrorJob';
import type { Providers } from '../src/providers';
import { createProviders } from '../src/providers/create';
import { createSandboxEmail } from '../src/providers/email/sandbox';
import { takePgliteDatabase } from './pgliteDatabasePool';
import { PRODUCTION_TEST_ENV } from './productionEnv';

export { PRODUCTION_TEST_ENV } from './productionEnv';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  /** The database the app runs on (the handle `db` belongs to). */
  database: Database;
  /** The PostgreSQL database's address, when the tests run on a server. */
  databaseUrl: string | undefined;
  clock: ManualClock;
  config: Config;
  providers: Providers;
  /** Sends a GraphQL operation, with a bearer token when given. */
  graphql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ): Promise<{ data?: T; errors?: { message: string; extensions?: { code?: string } }[] }>;
  close(): Promise<void>;
};

/** The 'today' of every server test unless a test sets its own. */
export const TEST_TODAY = '2026-11-22';

/**
 * A real app on a real, fresh database: PGlite loaded from the migrated snapshot, or, when
 * TEST_DATABASE_URL is set, a new database on that PostgreSQL server (dropped on close).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string | undefined>;
    providers?: Partial<Providers>;
    /** Where the app's log lines go (give LOG_LEVEL in env too; the default is silent). */
    logStream?: NodeJS.WritableStream;
    /**
     * The job types the app's runner runs (default: the app's own, jobs/appJobHandlers.ts, except
     * BankMirror unless `bankMirror` is set).
     */
    jobHandlers?: JobHandlers;
    /**
     * Let the app's runner run the scheduled BankMirror job (default false): in tests a mirror runs when
     * the test says so (runBankMirror), so no background mirror settles or stamps a company's accounts
     * behind a test's back; a queued one just waits.
     */
    bankMirror?: boolean;
    /**
     * A second server on the first one's database (the multi-server tests): on PostgreSQL its own
     * pool and LISTEN connection to the same database, on PGlite the same instance. Closing it leaves
     * the database to the first.
     */
    sharedWith?: TestApp;
  } = {},
): Promise<TestApp> {
  const shared = options.sharedWith;
  const opened: { database: Database & { url?: string }; release?: () => Promise<void> } = shared
    ? shared.databaseUrl
      ? { database: await openDatabase({ url: shared.databaseUrl, poolSize: 4 }) }
      : { database: { ...shared.database, close: () => Promise.resolve() } }
    : await openTestDatabase();
  const { database } = opened;
  // Dev routes on, as the browser tests have them, except in production, which refuses them; a test
  // passes DEV_ROUTES: undefined for the default. Production gets the settings it requires.
  const production = options.env?.NODE_ENV === 'production';
  const config = readConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '',
    DEV_ROUTES: production ? undefined : 'true',
    ...(production ? PRODUCTION_TEST_ENV : {}),
    ...options.env,
  });
  const clock = manualClock(new Date(`${TEST_TODAY}T12:00:00.000Z`));
  // PRODUCTION_TEST_ENV's SMTP_URL leads nowhere: its mail stays in the outbox, where tests read it.
  const outbox = production && !options.env?.SMTP_URL ? { email: createSandboxEmail(database.db) } : {};
  const providers = { ...createProviders(config, database.db), ...outbox, ...options.providers };
  const deps = { db: database.db, config, clock, providers };
  const { [BANK_MIRROR_JOB]: _mirror, ...withoutMirror } = appJobHandlers(deps);
  const jobHandlers = options.jobHandlers ?? (options.bankMirror ? undefined : withoutMirror);
  const app = await buildApp(
    { ...deps, ...(jobHandlers ? { jobHandlers } : {}) },
    options.logStream ? { logStream: options.logStream } : {},
  );
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    databaseUrl: shared ? shared.databaseUrl : database.url,
    clock,
    config,
    providers,
    async graphql(query, variables, token) {
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        payload: JSON.stringify({ query, variables }),
      });
      return response.json();
    },
    async close() {
      await app.close();
      // A pooled PGlite database goes back to its pool; a test may still close `database` for good.
      await (opened.release ?? database.close)();
    },
  };
}

async function openTestDatabase(): Promise<{
  database: Database & { url?: string };
  release?: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const { release, ...database } = await takePgliteDatabase(inject('pgliteSnapshot'));
    return { database, release };
  }
  return {
    database: await openScratchPostgres(serverUrl, 'keel_test', {
      poolSize: 4,
      template: inject('postgresTemplate'),
    }),
  };
}

/**
 * For a test file about serving the web app: a built web app (`files`, by path, written to a scratch
 * folder) served by a test app made before the file's tests and closed after them, the folder removed.
 * Returns the app once it is made.
 */
export function useWebAppServer(files: Record<string, string | Uint8Array>): () => TestApp {
  const webDist = mkdtempSync(join(tmpdir(), 'keel-web-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(webDist, path)), { recursive: true });
    writeFileSync(join(webDist, path), content);
  }
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });
  return () => {
    if (!t) throw new Error('The web app server starts before the tests');
    return t;
  };
}
