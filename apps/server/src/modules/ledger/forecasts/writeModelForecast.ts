import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { entries, forecasts, transactions } from '../../../db/schema';
import { deleteTransaction } from '../shared/deleteTransaction';
import { deleteEntries, entriesOfTransactions, insertEntries } from '../shared/entryWrites';
import { lockAccounts, lockTransaction } from '../shared/ledgerLocks';
import { findForecast } from '../shared/ledgerRows';
import { resolveAgainstAccount } from '../shared/resolveAgainstAccount';
import { occurrenceEntries } from './expandForecast';

/** A month a model output writes, in raw debit-positive cents on the output's account. */
export type ModelForecastMonth = { month: string; cents: number };

export type ModelForecastInput = {
  entityId: string;
  accountId: string;
  /** The forecast the output wrote last time, if any: rewritten in place. */
  forecastId: string | null;
  name: string;
  /** At least one month; each its own amount. */
  months: readonly ModelForecastMonth[];
};

/**
 * Writes a model output's months as one forecast of kind 'model': a Budget transaction whose entries,
 * one pair per month (the amount on the account, its negation on the default against account, dated
 * the first of the month), carry each month's own figure. When the forecast already holds exactly these
 * months nothing is written (the report cache stays warm); otherwise its entries are replaced. Returns
 * the forecast id. Locks: the accounts, then the forecast's transaction (the ledger's order).
 */
export async function writeModelForecast(
  tx: Tx,
  userId: string | null,
  now: Date,
  input: ModelForecastInput,
): Promise<string> {
  const existing = input.forecastId ? await findForecast(tx, input.forecastId) : null;
  const kept =
    existing && existing.kind === 'model' && existing.accountId === input.accountId ? existing : null;
  // The ledger's order: accounts first (the ones written, then the ones a replaced forecast had), then
  // the transaction.
  const against = await resolveAgainstAccount(tx, input.entityId, input.accountId, kept?.againstAccountId);
  await lockAccounts(tx, input.entityId, [input.accountId, against.id], { require: true });
  if (existing && !kept) await deleteModelForecast(tx, existing.id, userId, now);
  const sorted = [...input.months].sort((a, b) => a.month.localeCompare(b.month));
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (!first || !last) throw new Error('A model forecast needs at least one month');

  let transactionId: string;
  let forecastId: string;
  if (kept) {
    if (!(await lockTransaction(tx, kept.transactionId))) throw new Error('Model forecast vanished');
    if (await holdsExactly(tx, kept.transactionId, input.accountId, sorted)) {
      await tx
        .update(transactions)
        .set({ name: input.name, updatedAt: now })
        .where(eq(transactions.id, kept.transactionId));
      return kept.id;
    }
    await deleteEntries(tx, entriesOfTransactions([kept.transactionId]), userId, now);
    await tx
      .update(transactions)
      .set({ name: input.name, date: `${first.month}-01`, updatedAt: now })
      .where(eq(transactions.id, kept.transactionId));
    await tx
      .update(forecasts)
      .set({
        amount: first.cents,
        startMonth: first.month,
        endMonth: last.month,
        againstAccountId: against.id,
        updatedAt: now,
      })
      .where(eq(forecasts.id, kept.id));
    transactionId = kept.transactionId;
    forecastId = kept.id;
  } else {
    const [transaction] = await tx
      .insert(transactions)
      .values({
        entityId: input.entityId,
        transactionType: 'Budget',
        name: input.name,
        date: `${first.month}-01`,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!transaction) throw new Error('Transaction insert returned nothing');
    const [forecast] = await tx
      .insert(forecasts)
      .values({
        entityId: input.entityId,
        transactionId: transaction.id,
        accountId: input.accountId,
        againstAccountId: against.id,
        amount: first.cents,
        calculationType: 'fixed',
        recurring: 'none',
        startMonth: first.month,
        endMonth: last.month,
        kind: 'model',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!forecast) throw new Error('Forecast insert returned nothing');
    transactionId = transaction.id;
    forecastId = forecast.id;
  }
  const legs = {
    entityId: input.entityId,
    transactionId,
    accountId: input.accountId,
    againstAccountId: against.id,
  };
  const rows = sorted.flatMap(({ month, cents }) =>
    occurrenceEntries(legs, { name: input.name, memo: '' }, month, cents),
  );
  await insertEntries(tx, rows, userId, now);
  return forecastId;
}

/**
 * Deletes a model output's forecast whole (entries, parameters, transaction); nothing when it is gone.
 * Its accounts are locked before its transaction, as every ledger write does. (deleteForecast refuses
 * model forecasts: they change only through their model, which is who calls this.)
 */
export async function deleteModelForecast(tx: Tx, forecastId: string, userId: string | null, now: Date) {
  const forecast = await findForecast(tx, forecastId);
  if (!forecast) return;
  await lockAccounts(tx, forecast.entityId, [forecast.accountId, forecast.againstAccountId], {
    require: false,
  });
  if (!(await lockTransaction(tx, forecast.transactionId))) return;
  await deleteTransaction(tx, forecast.transactionId, userId, now);
}

/** Whether the transaction's entries on the account are exactly these months and amounts. */
async function holdsExactly(
  tx: Tx,
  transactionId: string,
  accountId: string,
  months: readonly ModelForecastMonth[],
) {
  const rows = await tx
    .select({ date: entries.date, amount: entries.amount, accountId: entries.accountId })
    .from(entries)
    .where(eq(entries.transactionId, transactionId));
  const onAccount = rows
    .filter((row) => row.accountId === accountId)
    .map((row) => `${row.date.slice(0, 7)}:${row.amount}`)
    .sort();
  const wanted = months.map((month) => `${month.month}:${month.cents}`);
  return rows.length === months.length * 2 && onAccount.join(',') === wanted.join(',');
}
