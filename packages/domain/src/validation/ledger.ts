import { z } from 'zod';
import { AVERAGE_MONTHS_MAX, AVERAGE_MONTHS_MIN } from '../forecastSchedule';
import { AMOUNT_TOO_LARGE, MAX_ENTRY_CENTS } from '../money';

/**
 * Form and API rules for accounts, entries, forecasts and rules (spec §5). One definition, used by the
 * forms and the server.
 */

export const ACCOUNT_NAME_MAX = 120;
export const ENTRY_NAME_MAX = 255;
export const ENTRY_MEMO_MAX = 2000;
export const SEARCH_FILTER_MAX = 255;

/** An account name: trimmed, not blank (spec §5 'Rename: non-blank after trimming'). */
export const accountNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(ACCOUNT_NAME_MAX, `Name must be at most ${ACCOUNT_NAME_MAX} characters`);

/** An entry's or transaction's name: trimmed, may be blank (shown as 'No description'). */
export const entryNameSchema = z
  .string()
  .trim()
  .max(ENTRY_NAME_MAX, `Name must be at most ${ENTRY_NAME_MAX} characters`);

export const entryMemoSchema = z
  .string()
  .trim()
  .max(ENTRY_MEMO_MAX, `Memo must be at most ${ENTRY_MEMO_MAX} characters`);

/**
 * The root account under which an entry's default booked-against account is found (spec §5): its first
 * account without sub-accounts, in the grid's order (chooseDefaultAgainstAccount, which the server's
 * resolveAgainstAccount and the drawer's forms both call).
 */
export const DEFAULT_AGAINST_ACCOUNT_NAME = 'Banks';

/** A rule's search filter: matched case-insensitively against an entry's name or memo; not blank. */
export const ruleSearchFilterSchema = z
  .string({ error: 'Search filter is required' })
  .trim()
  .min(1, 'Search filter is required')
  .max(SEARCH_FILTER_MAX, `Search filter must be at most ${SEARCH_FILTER_MAX} characters`);

/** The search filter of a bulk move: blank matches every entry. */
export const moveSearchFilterSchema = z
  .string()
  .trim()
  .max(SEARCH_FILTER_MAX, `Search filter must be at most ${SEARCH_FILTER_MAX} characters`);

export const averageMonthsSchema = z
  .number({ error: 'Average months is required' })
  .int('Average months must be a whole number')
  .min(AVERAGE_MONTHS_MIN, `Average months must be between ${AVERAGE_MONTHS_MIN} and ${AVERAGE_MONTHS_MAX}`)
  .max(AVERAGE_MONTHS_MAX, `Average months must be between ${AVERAGE_MONTHS_MIN} and ${AVERAGE_MONTHS_MAX}`);

export const AMOUNT_NOT_ZERO = 'Amount must not be zero';

/**
 * An amount in cents a user books (a transaction, a fixed forecast): whole cents, not zero (a zero
 * entry moves nothing and only clutters the books; a forecast of zero would be 120 empty entries), at
 * most MAX_ENTRY_CENTS either way. The forms check the same rule; the API refuses it for every client.
 */
export const entryCentsSchema = z
  .number()
  .int('Amount can have at most 2 decimals')
  .refine((cents) => cents !== 0, AMOUNT_NOT_ZERO)
  .refine((cents) => Math.abs(cents) <= MAX_ENTRY_CENTS, AMOUNT_TOO_LARGE);
