import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { accounts, forecasts, transactions } from '../../../db/schema';
import type { ForecastRecord } from '../forecasts';
import type { AccountRow, EntryRow, TransactionRow, TransactionType } from '../shared/ledgerRows';

/**
 * An entry as the API shows it (spec §3 Entry): the row, its transaction (and its type), its account,
 * and for a forecast occurrence the forecast's parameters (`refTransaction`). Read together, so a
 * mutation's answer read in its own transaction shows what it wrote.
 */
export type EntryView = EntryRow & {
  transactionType: TransactionType;
  transaction: TransactionRow;
  account: AccountRow;
  forecast: ForecastRecord | null;
};

/**
 * Completes entries into views with three queries in all, however many entries there are, in input
 * order; one deleted meanwhile is left out.
 */
export async function hydrateEntries(
  db: Db | Tx,
  rows: readonly (EntryRow & { transactionType?: TransactionType })[],
): Promise<EntryView[]> {
  if (rows.length === 0) return [];
  const transactionIds = [...new Set(rows.map((row) => row.transactionId))];
  const accountIds = [...new Set(rows.map((row) => row.accountId))];
  // One after the other: inside a write's transaction they share one connection.
  const accountRows = await db.select().from(accounts).where(inArray(accounts.id, accountIds));
  const transactionRows = await db
    .select()
    .from(transactions)
    .where(inArray(transactions.id, transactionIds));
  const forecastRows = await db
    .select({ forecast: forecasts, name: transactions.name, memo: transactions.memo })
    .from(forecasts)
    .innerJoin(transactions, eq(transactions.id, forecasts.transactionId))
    .where(inArray(forecasts.transactionId, transactionIds));
  const accountById = new Map(accountRows.map((row) => [row.id, row]));
  const transactionById = new Map(transactionRows.map((row) => [row.id, row]));
  const forecastByTransaction = new Map(
    forecastRows.map((row) => [
      row.forecast.transactionId,
      { ...row.forecast, name: row.name, memo: row.memo },
    ]),
  );
  // An entry whose transaction another write deleted since the entry was read is left out.
  return rows.flatMap((row) => {
    const account = accountById.get(row.accountId);
    const transaction = transactionById.get(row.transactionId);
    if (!account || !transaction) return [];
    const { transactionType: _type, ...entry } = row;
    return {
      ...entry,
      transactionType: transaction.transactionType,
      transaction,
      account,
      forecast: forecastByTransaction.get(row.transactionId) ?? null,
    };
  });
}
