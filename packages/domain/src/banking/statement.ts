import type { Cents } from '../money';
import { addMonths, isIsoDate, type MonthKey, monthRange } from '../months';

/**
 * Monthly account statements (spec §2 Statements page, §9 'Statement month list: … to the previous month,
 * newest first'). Ours, where the spec says 'from the month after account creation': the list starts with
 * the month the account opened, since that partial month has activity (its funding, its first interest)
 * that would otherwise be on no statement. Months are UTC, as the server computes.
 */

/** The UTC month of an ISO date ('2026-04-17') or timestamp ('2026-04-30T23:30:00-05:00' → '2026-05'). */
function utcMonthOf(isoDateOrTimestamp: string): MonthKey {
  if (isIsoDate(isoDateOrTimestamp)) return isoDateOrTimestamp.slice(0, 7);
  const time = /^\d{4}-\d{2}-\d{2}T/.test(isoDateOrTimestamp) ? Date.parse(isoDateOrTimestamp) : Number.NaN;
  if (Number.isNaN(time)) throw new RangeError(`Not an ISO date or timestamp: ${isoDateOrTimestamp}`);
  return new Date(time).toISOString().slice(0, 7);
}

/**
 * The months an account has statements for, newest first: from the month it was opened in (a partial
 * month, from the opening day) to the month before today's; the current month is not over, so it has
 * none yet. Every month of an open account has activity to state (at least its balance and the month's
 * interest). Empty for an account opened this month.
 */
export function statementMonths(accountOpenedAt: string, today: string): MonthKey[] {
  const first = utcMonthOf(accountOpenedAt);
  const last = addMonths(utcMonthOf(today), -1);
  return monthRange(first, last).reverse();
}

/** A posting to the account in the statement's month: a credit is positive, a debit negative. */
export type StatementPosting = { date: string; amount: Cents };

export type StatementLine<P extends StatementPosting> = P & { balance: Cents };

export type StatementFigures<P extends StatementPosting> = {
  openingCents: Cents;
  /** The sum of the credits. */
  totalCreditsCents: Cents;
  /** The sum of the debits, as a positive amount. */
  totalDebitsCents: Cents;
  /** opening + credits − debits. */
  closingCents: Cents;
  /** The postings by date (the same day in the order given), each with the balance after it. */
  lines: StatementLine<P>[];
};

function checkCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a cents amount: ${value}`);
  return value;
}

/** A statement's figures: opening balance, credits, debits, closing balance, and the running balance. */
export function statementFigures<P extends StatementPosting>(
  openingCents: Cents,
  postings: readonly P[],
): StatementFigures<P> {
  let balance = checkCents(openingCents);
  let totalCreditsCents = 0;
  let totalDebitsCents = 0;
  const ordered = postings
    .map((posting, index) => ({ posting, index }))
    .sort((a, b) =>
      a.posting.date < b.posting.date ? -1 : a.posting.date > b.posting.date ? 1 : a.index - b.index,
    );
  const lines = ordered.map(({ posting }) => {
    const amount = checkCents(posting.amount);
    if (amount >= 0) totalCreditsCents = checkCents(totalCreditsCents + amount);
    else totalDebitsCents = checkCents(totalDebitsCents - amount);
    balance = checkCents(balance + amount);
    return { ...posting, balance };
  });
  return { openingCents, totalCreditsCents, totalDebitsCents, closingCents: balance, lines };
}
