import { DEPOSIT_ACCOUNT_ENTRIES_LOCKED } from '@keel/domain';
import { findCause } from '../db/findCause';
import { RetryableConflict } from '../db/transactions';
import { apiError, KeelError } from '../errors';

/** SQLSTATEs Keel answers with a coded error of their own rather than an unexpected one. */
const QUERY_CANCELED = '57014';
const CHECK_VIOLATION = '23514';
/** A row a write refers to was deleted by another write that committed first. */
const FOREIGN_KEY_VIOLATION = '23503';
/** A serialization failure or a deadlock that writeTransaction's retries did not get past. */
const CONCURRENCY_FAILURES = new Set(['40001', '40P01']);

export const CHANGED_BY_SOMEONE_ELSE =
  'This was changed by someone else at the same moment. Reload and try again.';
/** The check that keeps every figure of a company exact in JavaScript numbers (migration 0006). */
const LEDGER_VOLUME_CONSTRAINT = 'entity_ledger_volume_exact';

/** The bank's entries on a deposit account stay the bank's (migration 0023). */
const DEPOSIT_ACCOUNT_CONSTRAINT = 'keel_account_entries_from_bank';

export const LEDGER_VOLUME_EXCEEDED =
  "Amount is too large: the company's books would pass $90,071,992,547,409.91 in entries and forecasts together, the most Keel keeps exact to the cent";

/**
 * The coded error a database failure stands for, or null when it is unexpected: a statement stopped by
 * the statement timeout is TIMEOUT; a write refused by the ledger volume check or the deposit-account lock
 * (migration 0023) is BAD_USER_INPUT; a write that lost a race (a deadlock or serialization failure
 * after writeTransaction's retries, a row deleted under it) is CONFLICT. Drivers and Drizzle wrap the database's error, so the chain of causes is
 * searched.
 */
export function errorFromDatabase(error: unknown): KeelError | null {
  if (findCause(error, (cause) => (cause instanceof RetryableConflict ? true : null))) {
    return apiError('CONFLICT', CHANGED_BY_SOMEONE_ELSE);
  }
  const failure = databaseFailureOf(error);
  if (!failure) return null;
  if (failure.code === QUERY_CANCELED) {
    return apiError(
      'TIMEOUT',
      'The database took too long to answer this request; try a shorter range or a longer search text',
    );
  }
  if (failure.code === CHECK_VIOLATION && failure.constraint === LEDGER_VOLUME_CONSTRAINT) {
    return new KeelError('BAD_USER_INPUT', LEDGER_VOLUME_EXCEEDED, { field: 'amount' });
  }
  if (failure.code === CHECK_VIOLATION && failure.constraint === DEPOSIT_ACCOUNT_CONSTRAINT) {
    return new KeelError('BAD_USER_INPUT', DEPOSIT_ACCOUNT_ENTRIES_LOCKED, { field: 'accountId' });
  }
  if (failure.code === FOREIGN_KEY_VIOLATION || CONCURRENCY_FAILURES.has(failure.code)) {
    return apiError('CONFLICT', CHANGED_BY_SOMEONE_ELSE);
  }
  return null;
}

type DatabaseFailure = { code: string; constraint?: string };

function databaseFailureOf(error: unknown): DatabaseFailure | null {
  return findCause(error, (cause) => {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
    return { code, ...(typeof constraint === 'string' ? { constraint } : {}) };
  });
}
