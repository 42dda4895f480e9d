import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { forecasts, transactions } from '../../../db/schema';
import { deleteTransaction } from '../shared/deleteTransaction';
import { insertEntries } from '../shared/entryWrites';
import { lockAccounts, lockTransaction } from '../shared/ledgerLocks';
import { type ForecastRow, findForecast } from '../shared/ledgerRows';
import { occurrenceEntries } from '../shared/occurrenceEntries';
import { refreshPercentageForecasts } from '../shared/refreshPercentageForecasts';
import { resolveAgainstAccount } from '../shared/resolveAgainstAccount';
import { reviseForecastEntries } from '../shared/reviseForecastEntries';

/** A month a derived forecast writes, in raw debit-positive cents on its account. */
type DerivedForecastMonth = { month: string; cents: number };

/** Who writes a derived forecast: a model's output, or the hiring plan. Nobody else may change it. */
type DerivedForecastKind = 'model' | 'hiring';

type DerivedForecastInput = {
  kind: DerivedForecastKind;
  entityId: string;
  accountId: string;
  /** The forecast the output wrote last time, if any: rewritten in place. */
  forecastId: string | null;
  name: string;
  /** At least one month; each its own amount. */
  months: readonly DerivedForecastMonth[];
  /**
   * Months before this one that the forecast already holds are left as they are, whatever `months`
   * says: the hiring plan writes from the current month on, and what it planned for a month now past
   * stays (the plan that month's actuals are compared with).
   */
  keepBefore?: string;
};

/**
 * Writes a derived forecast (a model output's months, or a hiring plan cost line) as one forecast of
 * kind `input.kind`: a Budget transaction whose entries,
 * one pair per month (the amount on the account, its negation on the default against account, dated
 * the first of the month), carry each month's own figure. An existing forecast on the same accounts is
 * revised in place (only the months that differ are written; nothing when none does, so the report
 * cache stays warm); one on other accounts is replaced. Returns the forecast id. Locks: the accounts,
 * then the forecast's transaction (the ledger's order).
 */
export async function writeDerivedForecast(
  tx: Tx,
  userId: string | null,
  now: Date,
  input: DerivedForecastInput,
): Promise<string> {
  const id = await writeDerivedForecastRows(tx, userId, now, input);
  // Percentage forecasts reading the lines it writes follow them.
  await refreshPercentageForecasts(tx, input.entityId, userId, now);
  return id;
}

async function writeDerivedForecastRows(
  tx: Tx,
  userId: string | null,
  now: Date,
  input: DerivedForecastInput,
): Promise<string> {
  const existing = input.forecastId ? await findForecast(tx, input.forecastId) : null;
  const kept =
    existing && existing.kind === input.kind && existing.accountId === input.accountId ? existing : null;
  // The ledger's order: accounts first (the ones written, then the ones a replaced forecast had), then
  // the transaction.
  const against = await resolveAgainstAccount(tx, input.entityId, input.accountId, kept?.againstAccountId);
  await lockAccounts(tx, input.entityId, [input.accountId, against.id], { require: true });
  if (existing && !kept) await removeDerivedForecast(tx, existing.id, userId, now);
  const sorted = [...input.months].sort((a, b) => a.month.localeCompare(b.month));
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (!first || !last) throw new Error('A derived forecast needs at least one month');

  if (kept && kept.againstAccountId === against.id) {
    if (!(await lockTransaction(tx, kept.transactionId))) throw new Error('Derived forecast vanished');
    await reviseDerivedForecast(tx, userId, now, { ...input, months: sorted }, kept);
    return kept.id;
  }
  if (kept) await removeDerivedForecast(tx, kept.id, userId, now);
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
      kind: input.kind,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!forecast) throw new Error('Forecast insert returned nothing');
  await insertEntries(tx, monthEntries(forecast, input.name, sorted), userId, now);
  return forecast.id;
}

function monthEntries(forecast: ForecastRow, name: string, months: readonly DerivedForecastMonth[]) {
  return months.flatMap(({ month, cents }) => occurrenceEntries(forecast, { name, memo: '' }, month, cents));
}

/**
 * Brings a derived forecast to `input.months` in place (reviseForecastEntries: only what differs is
 * written), then its transaction's name and date and its row's first amount and months. When nothing
 * differs nothing is written, so the ledger version (and the report cache) stays.
 */
async function reviseDerivedForecast(
  tx: Tx,
  userId: string | null,
  now: Date,
  input: DerivedForecastInput,
  forecast: ForecastRow,
) {
  const keptMonths = await reviseForecastEntries(tx, userId, now, forecast, input);
  const written = input.months.filter(
    ({ month }) => input.keepBefore === undefined || month >= input.keepBefore,
  );
  const first = keptMonths[0] ?? written[0];
  const last = written[written.length - 1] ?? keptMonths[keptMonths.length - 1];
  if (!first || !last) throw new Error('A derived forecast needs at least one month');
  const [transaction] = await tx
    .select({ name: transactions.name, date: transactions.date })
    .from(transactions)
    .where(eq(transactions.id, forecast.transactionId));
  if (!transaction) throw new Error('Derived forecast vanished');
  const date = `${first.month}-01`;
  if (transaction.name !== input.name || transaction.date !== date) {
    await tx
      .update(transactions)
      .set({ name: input.name, date, updatedAt: now })
      .where(eq(transactions.id, forecast.transactionId));
  }
  if (
    forecast.amount !== first.cents ||
    forecast.startMonth !== first.month ||
    forecast.endMonth !== last.month
  ) {
    await tx
      .update(forecasts)
      .set({ amount: first.cents, startMonth: first.month, endMonth: last.month, updatedAt: now })
      .where(eq(forecasts.id, forecast.id));
  }
}

/**
 * Deletes a derived forecast whole (entries, parameters, transaction); nothing when it is gone. Its
 * accounts are locked before its transaction, as every ledger write does. (deleteForecast refuses
 * derived forecasts: they change only through their model or the hiring plan, which call this.)
 */
export async function deleteDerivedForecast(tx: Tx, forecastId: string, userId: string | null, now: Date) {
  const entityId = await removeDerivedForecast(tx, forecastId, userId, now);
  if (entityId) await refreshPercentageForecasts(tx, entityId, userId, now);
}

/** Deletes a derived forecast whole; returns its entity, or null when it was gone. */
async function removeDerivedForecast(
  tx: Tx,
  forecastId: string,
  userId: string | null,
  now: Date,
): Promise<string | null> {
  const forecast = await findForecast(tx, forecastId);
  if (!forecast) return null;
  await lockAccounts(tx, forecast.entityId, [forecast.accountId, forecast.againstAccountId], {
    require: false,
  });
  if (!(await lockTransaction(tx, forecast.transactionId))) return null;
  await deleteTransaction(tx, forecast.transactionId, userId, now);
  return forecast.entityId;
}
