import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { manualClock } from '../clock';
import { readConfig } from '../config';
import { createProviders } from '../providers/create';
import { type Database, MIGRATION_LOCK_KEY, openDatabase } from './client';
import { readMigrationJournal } from './migrationStatus';
import { runAdminQuery } from './openScratchDatabase';
import { queryRows } from './queryRows';

/**
 * Servers started together on one PostgreSQL database migrate it once, under the advisory lock: the
 * others wait for it, find nothing left to do, and serve. Without the lock, two of them ran the first
 * migration at the same time and one died with `Failed query: CREATE TABLE …`.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

/** A new database with nothing in it (not even drizzle's schema), dropped after the file's tests. */
function useEmptyDatabase(prefix: string): () => string {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  let url = '';
  beforeAll(async () => {
    await runAdminQuery(serverUrl as string, `CREATE DATABASE ${name}`);
    const parsed = new URL(serverUrl as string);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });
  afterAll(() => runAdminQuery(serverUrl as string, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  return () => url;
}

async function startServer(database: Database): Promise<FastifyInstance> {
  const config = readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '' });
  const app = await buildApp({
    db: database.db,
    config,
    clock: manualClock(new Date('2026-11-22T12:00:00.000Z')),
    providers: createProviders(config, database.db),
  });
  await app.ready();
  return app;
}

/**
 * Signs a new user up on `app`, confirms the address with the emailed link, and asks GraphQL who they
 * are: requests that read and write the schema.
 */
async function signUpAndAskWhoAmI(app: FastifyInstance, database: Database, email: string): Promise<string> {
  const password = 'correct horse battery staple';
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/v1/users',
    payload: { user: { email, password, name: 'Four Servers' } },
  });
  expect(signUp.statusCode).toBe(202);
  await app.backgroundTasks.drain();
  const [mail] = await queryRows<{ body: string }>(
    database.db,
    sql`SELECT body FROM outbox_messages WHERE recipient = ${email} ORDER BY id DESC LIMIT 1`,
  );
  const link = new URL(/(https?:\/\/\S+\/email\/verify\S+)/.exec(mail?.body ?? '')?.[1] ?? 'http://none');
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/verification/confirm',
    payload: { email, token: link.searchParams.get('token'), password },
  });
  expect(confirmed.statusCode).toBe(200);
  const token = confirmed.json<{ auth: { access_token: string } }>().auth.access_token;
  const me = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ query: '{ me { email } }' }),
  });
  return me.json<{ data?: { me: { email: string } } }>().data?.me.email ?? me.body;
}

/**
 * /readyz's status once it answers 200, or its last answer after `deadlineMs`: a server just started
 * may say 503 for a moment (its job runner's first round, a database check past its 800 ms on a loaded
 * machine), as a load balancer's probe would see before routing to it.
 */
async function readyWithin(app: FastifyInstance, deadlineMs: number): Promise<number | string> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const answer = await app.inject({ method: 'GET', url: '/readyz' });
    if (answer.statusCode === 200) return 200;
    if (Date.now() >= until) return `${answer.statusCode} ${answer.body}`;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.runIf(serverUrl)('migrating under the advisory lock (PostgreSQL)', () => {
  const raceUrl = useEmptyDatabase('keel_migration_race');
  const waitUrl = useEmptyDatabase('keel_migration_wait');
  const migrations = readMigrationJournal().length;

  it('migrates once when four servers start together on an empty database, and all four serve', async () => {
    const opened = await Promise.allSettled(
      [1, 2, 3, 4].map(() => openDatabase({ url: raceUrl(), poolSize: 2, onMigrationLockWait: () => {} })),
    );
    const databases = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const apps: FastifyInstance[] = [];
    try {
      expect(
        opened.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : [])),
      ).toEqual([]);
      expect(databases.map((database) => database.migrationsApplied).sort((a, b) => a - b)).toEqual([
        0,
        0,
        0,
        migrations,
      ]);
      const recorded = await queryRows<{ times: number }>(
        databases[0]!.db,
        sql`SELECT count(*)::int AS times FROM drizzle.__drizzle_migrations GROUP BY created_at`,
      );
      expect(recorded).toHaveLength(migrations);
      expect(recorded.every((row) => row.times === 1)).toBe(true);

      apps.push(...(await Promise.all(databases.map(startServer))));
      const answers = await Promise.all(
        apps.map(async (app, index) => {
          const ready = await readyWithin(app, 20_000);
          const me = await signUpAndAskWhoAmI(app, databases[index]!, `server${index}@race.test`);
          return { ready, me };
        }),
      );
      expect(answers).toEqual([0, 1, 2, 3].map((index) => ({ ready: 200, me: `server${index}@race.test` })));
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(databases.map((database) => database.close()));
    }
  }, 60_000);

  it('waits while another process holds the lock, says who holds it, then migrates', async () => {
    const holder = new pg.Client({ connectionString: waitUrl(), application_name: 'keel-test-holder' });
    await holder.connect();
    const heard: string[] = [];
    let database: Database | undefined;
    try {
      await holder.query('SELECT pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY.toString()]);
      let settled = false;
      const opening = openDatabase({
        url: waitUrl(),
        poolSize: 1,
        onMigrationLockWait: (m) => heard.push(m),
      });
      opening.then(
        () => {
          settled = true;
        },
        () => {
          settled = true;
        },
      );
      await expect.poll(() => heard.length, { timeout: 10_000 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
      expect(heard[0]).toMatch(
        /^Another process is migrating the database \(PostgreSQL process \d+, keel-test-holder/,
      );
      await holder.query('SELECT pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY.toString()]);
      database = await opening;
      expect(database.migrationsApplied).toBe(migrations);
    } finally {
      await holder.end();
      await database?.close();
    }
  }, 30_000);
});

describe.runIf(!serverUrl)('migrating the embedded database', () => {
  it('counts the migrations it applied: all on a new database, none on one already migrated', async () => {
    const fresh = await openDatabase({});
    try {
      expect(fresh.migrationsApplied).toBe(readMigrationJournal().length);
    } finally {
      await fresh.close();
    }
    const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
    const migrated = await openDatabase({ loadDataDir: snapshot });
    try {
      expect(migrated.migrationsApplied).toBe(0);
    } finally {
      await migrated.close();
    }
  }, 60_000);
});
