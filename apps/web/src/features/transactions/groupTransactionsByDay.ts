/** Transactions of one day, for the list's day headers. */
type TransactionDay<T> = { date: string; transactions: T[] };

/**
 * Consecutive rows of the same date under one day, in the order given (the server sends newest first),
 * so pages appended later extend the last day rather than repeating its header.
 */
export function groupTransactionsByDay<T extends { date: string }>(rows: readonly T[]): TransactionDay<T>[] {
  const days: TransactionDay<T>[] = [];
  for (const row of rows) {
    const last = days.at(-1);
    if (last && last.date === row.date) last.transactions.push(row);
    else days.push({ date: row.date, transactions: [row] });
  }
  return days;
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '2026-11-20' -> 'Friday, November 20, 2026' (a day header; dates are calendar days, read in UTC). */
export function formatTransactionDay(date: string): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}

/** '2026-11-20' -> 'Nov 20, 2026' (the Date column). */
export function formatTransactionDate(date: string): string {
  return shortFormat.format(new Date(`${date}T00:00:00Z`));
}
