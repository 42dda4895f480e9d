import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { manualClock } from '../clock';
import { readConfig } from '../config';
import { errorFromDatabase } from '../graphql/databaseErrors';
import { issueAccessToken } from '../modules/auth/tokens';
import { createEntity } from '../modules/entities/service';
import { createProviders } from '../providers/create';
import { openScratchPostgres } from './openScratchDatabase';
import { users } from './schema';

/**
 * On PostgreSQL every statement is bounded by DB_STATEMENT_TIMEOUT_MS, and a cancelled one is
 * a TIMEOUT answer, not an internal error. (PGlite ignores statement_timeout and cannot cancel a running
 * statement; there the argument bounds and the cost limit keep each request short.)
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('statement timeout (PostgreSQL)', () => {
  it('cancels a statement that runs too long, and names it TIMEOUT', async () => {
    const database = await openScratchPostgres(serverUrl ?? '', 'keel_timeout', {
      poolSize: 2,
      statementTimeoutMs: 200,
    });
    try {
      const error = await database.db.execute(sql`SELECT pg_sleep(2)`).then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(errorFromDatabase(error)?.extensions.code).toBe('TIMEOUT');
      // The pool keeps working after a cancelled statement.
      expect(await database.db.execute(sql`SELECT 1 AS one`)).toBeTruthy();
    } finally {
      await database.close();
    }
  });

  it('answers a GraphQL request held up past the timeout with TIMEOUT, and the server goes on', async () => {
    const database = await openScratchPostgres(serverUrl ?? '', 'keel_timeout', {
      poolSize: 2,
      statementTimeoutMs: 300,
    });
    const clock = manualClock(new Date('2026-11-22T12:00:00Z'));
    const config = readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '' });
    const app = await buildApp({
      db: database.db,
      config,
      clock,
      providers: createProviders(config, database.db),
    });
    const [user] = await database.db
      .insert(users)
      .values({ email: 'slow@example.com', name: 'Slow' })
      .returning();
    const entity = await createEntity(database.db, clock, user?.id ?? '', 'Slow Co');
    const { token } = await issueAccessToken(database.db, clock, user?.id ?? '', 1);
    const ask = async () =>
      (
        await app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: JSON.stringify({
            query: 'query($e: ID!) { bookkeepingTransactionsConnection(entityId: $e) { count } }',
            variables: { e: entity.id },
          }),
        })
      ).json() as { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] };

    // Another session holds the transactions table, so the count waits on it until the timeout.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE transactions IN ACCESS EXCLUSIVE MODE');
      const held = await ask();
      expect(held.errors?.[0]).toMatchObject({
        message: expect.stringContaining('took too long'),
        extensions: { code: 'TIMEOUT' },
      });
      await blocker.query('ROLLBACK');
      expect((await ask()).errors).toBeUndefined();
    } finally {
      await blocker.end();
      await app.close();
      await database.close();
    }
  });
});
