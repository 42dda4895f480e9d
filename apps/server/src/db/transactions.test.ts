import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHANGED_BY_SOMEONE_ELSE, errorFromDatabase } from '../graphql/databaseErrors';
import { openDatabase } from './client';
import { openScratchPostgres } from './openScratchDatabase';
import { isRetryable, RetryableConflict, WRITE_ATTEMPTS, writeTransaction } from './transactions';

const serverUrl = process.env.TEST_DATABASE_URL;

/** An error as node-postgres raises it, wrapped as Drizzle wraps it. */
function databaseError(code: string): Error {
  return new Error('Failed query', { cause: Object.assign(new Error(`SQLSTATE ${code}`), { code }) });
}

describe('writeTransaction', () => {
  it('runs a write again after a deadlock or serialization failure, and commits the attempt that succeeds', async () => {
    const database = await openDatabase({});
    try {
      await database.db.execute(sql`CREATE TABLE tries (n int)`);
      let attempts = 0;
      const result = await writeTransaction(database.db, async (tx) => {
        attempts += 1;
        await tx.execute(sql`INSERT INTO tries VALUES (${attempts})`);
        if (attempts === 1) throw databaseError('40P01');
        if (attempts === 2) throw databaseError('40001');
        if (attempts === 3) throw new RetryableConflict('a test');
        return 'done';
      });
      expect(result).toBe('done');
      expect(attempts).toBe(4);
      // Only the attempt that succeeded left its row.
      const rows = await database.db.execute(sql`SELECT n FROM tries`);
      expect((rows as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 4 }]);
    } finally {
      await database.close();
    }
  });

  it('gives up after its attempts and the failure answers CONFLICT; other failures are not retried', async () => {
    const database = await openDatabase({});
    try {
      let attempts = 0;
      const failure = await writeTransaction(database.db, async () => {
        attempts += 1;
        throw databaseError('40P01');
      }).catch((error: unknown) => error);
      expect(attempts).toBe(WRITE_ATTEMPTS);
      expect(errorFromDatabase(failure)?.extensions.code).toBe('CONFLICT');
      expect(errorFromDatabase(failure)?.message).toBe(CHANGED_BY_SOMEONE_ELSE);
      expect(errorFromDatabase(new RetryableConflict('x'))?.extensions.code).toBe('CONFLICT');
      expect(errorFromDatabase(databaseError('23503'))?.extensions.code).toBe('CONFLICT');

      attempts = 0;
      await writeTransaction(database.db, async () => {
        attempts += 1;
        throw databaseError('23505');
      }).catch(() => undefined);
      expect(attempts).toBe(1);
      expect(isRetryable(databaseError('23505'))).toBe(false);
    } finally {
      await database.close();
    }
  });

  it.skipIf(!serverUrl)(
    'two writes that lock the same rows in opposite order both commit (PostgreSQL breaks the deadlock, the loser runs again)',
    async () => {
      const database = await openScratchPostgres(serverUrl ?? '', 'keel_deadlock', {
        poolSize: 4,
        statementTimeoutMs: 10_000,
      });
      try {
        await database.db.execute(sql`CREATE TABLE pair (id int PRIMARY KEY, n int NOT NULL)`);
        await database.db.execute(sql`INSERT INTO pair VALUES (1, 0), (2, 0)`);
        let attempts = 0;
        const bump = (first: number, second: number) =>
          writeTransaction(database.db, async (tx) => {
            attempts += 1;
            await tx.execute(sql`UPDATE pair SET n = n + 1 WHERE id = ${first}`);
            await tx.execute(sql`SELECT pg_sleep(0.2)`);
            await tx.execute(sql`UPDATE pair SET n = n + 1 WHERE id = ${second}`);
          });
        await Promise.all([bump(1, 2), bump(2, 1)]);
        expect(attempts).toBe(3);
        const rows = await database.db.execute(sql`SELECT id, n FROM pair ORDER BY id`);
        expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
          { id: 1, n: 2 },
          { id: 2, n: 2 },
        ]);
      } finally {
        await database.close();
      }
    },
  );
});
