import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';
import { setTransactionMonth } from './currentMonth';
import { findCause } from './findCause';

/**
 * SQLSTATEs after which a write is run again from the start: PostgreSQL gave up on the transaction
 * (a serialization failure, or a deadlock it broke by choosing this transaction), not on its data.
 */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);

/** Thrown by a write that found what it locked changed under it (say, an account's ancestry); retried. */
export class RetryableConflict extends Error {
  constructor(what: string) {
    super(`Changed during the write: ${what}`);
    this.name = 'RetryableConflict';
  }
}

export const WRITE_ATTEMPTS = 5;

/**
 * Runs a write in one database transaction (READ COMMITTED, with the row locks each write path takes;
 * see the locking rule in docs/architecture.md, section 5). When PostgreSQL aborts it as a deadlock victim or a serialization
 * failure, or the write throws RetryableConflict, the whole transaction runs again (up to
 * WRITE_ATTEMPTS times, after a short random pause), so two people editing the same rows at the same
 * moment both succeed, one after the other. What still fails after the last attempt reaches the client
 * as a coded CONFLICT (see databaseErrors.ts). Inside another transaction it is a savepoint and does not
 * retry: only the outermost transaction can start again. The transaction first learns the app's current
 * month (setTransactionMonth), for the triggers that keep each month's plan.
 */
export async function writeTransaction<T>(db: Db | Tx, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return db.transaction(work);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await setTransactionMonth(db, tx);
        return work(tx);
      });
    } catch (error) {
      if (attempt >= WRITE_ATTEMPTS || !isRetryable(error)) throw error;
      await pause(attempt);
    }
  }
}

/** Whether the failure is one a fresh attempt can get past (searched through wrapped causes). */
export function isRetryable(error: unknown): boolean {
  return (
    findCause(error, (cause) => {
      if (cause instanceof RetryableConflict) return true;
      const { code } = cause as { code?: unknown };
      return typeof code === 'string' && RETRYABLE_SQLSTATES.has(code) ? true : null;
    }) ?? false
  );
}

/** 5–15 ms, doubling each attempt, with jitter so two retrying writers do not collide again. */
function pause(attempt: number): Promise<void> {
  const ms = (5 + Math.random() * 10) * 2 ** (attempt - 1);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Runs reads in one REPEATABLE READ, read-only transaction: every query sees the same snapshot, so an
 * answer built from several queries (the report: chart, rollups, opening balances) never mixes the
 * books before and after a write. Inside a transaction it reads in that transaction.
 */
export async function readSnapshot<T>(db: Db | Tx, read: (tx: Db | Tx) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return read(db);
  return db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
