import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { entries, forecasts, transactions } from '../../../db/schema';
import { deleteTransaction } from '../shared/deleteTransaction';
import {
  type AmountEdit,
  deleteEntries,
  insertEntries,
  renameEntries,
  updateEntryAmounts,
} from '../shared/entryWrites';
import { lockAccounts, lockTransaction } from '../shared/ledgerLocks';
import { type EntryRow, type ForecastRow, findForecast } from '../shared/ledgerRows';
import { resolveAgainstAccount } from '../shared/resolveAgainstAccount';
import { occurrenceEntries } from './expandForecast';

/** A month a derived forecast writes, in raw debit-positive cents on its account. */
export type DerivedForecastMonth = { month: string; cents: number };

/** Who writes a derived forecast: a model's output, or the hiring plan. Nobody else may change it. */
export type DerivedForecastKind = 'model' | 'hiring';

export type DerivedForecastInput = {
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
  const existing = input.forecastId ? await findForecast(tx, input.forecastId) : null;
  const kept =
    existing && existing.kind === input.kind && existing.accountId === input.accountId ? existing : null;
  // The ledger's order: accounts first (the ones written, then the ones a replaced forecast had), then
  // the transaction.
  const against = await resolveAgainstAccount(tx, input.entityId, input.accountId, kept?.againstAccountId);
  await lockAccounts(tx, input.entityId, [input.accountId, against.id], { require: true });
  if (existing && !kept) await deleteDerivedForecast(tx, existing.id, userId, now);
  const sorted = [...input.months].sort((a, b) => a.month.localeCompare(b.month));
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (!first || !last) throw new Error('A derived forecast needs at least one month');

  if (kept && kept.againstAccountId === against.id) {
    if (!(await lockTransaction(tx, kept.transactionId))) throw new Error('Derived forecast vanished');
    await reviseDerivedForecast(tx, userId, now, { ...input, months: sorted }, kept);
    return kept.id;
  }
  if (kept) await deleteDerivedForecast(tx, kept.id, userId, now);
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
 * Brings a derived forecast's entries to `input.months` in place, touching only what differs: a month
 * whose figure changed gets its two entries' new amounts (one statement for all), a month no longer
 * written loses its entries (unless before `keepBefore`), a new month gets a pair. A new name renames the transaction and its
 * entries. When nothing differs nothing is written, so the ledger version (and the report cache) stays.
 */
async function reviseDerivedForecast(
  tx: Tx,
  userId: string | null,
  now: Date,
  input: DerivedForecastInput,
  forecast: ForecastRow,
) {
  const wanted = new Map(input.months.map(({ month, cents }) => [month, cents]));
  const current = await tx.select().from(entries).where(eq(entries.transactionId, forecast.transactionId));
  const pairs = new Map<string, { own?: EntryRow; against?: EntryRow }>();
  const stray: EntryRow[] = [];
  for (const row of current) {
    const month = row.date.slice(0, 7);
    const pair = pairs.get(month) ?? {};
    pairs.set(month, pair);
    if (row.accountId === forecast.accountId && !pair.own && row.date === `${month}-01`) pair.own = row;
    else if (row.accountId === forecast.againstAccountId && !pair.against && row.date === `${month}-01`)
      pair.against = row;
    else stray.push(row);
  }
  const isKept = (month: string) => input.keepBefore !== undefined && month < input.keepBefore;
  const edits: AmountEdit[] = [];
  const removed: EntryRow[] = stray.filter((row) => !isKept(row.date.slice(0, 7)));
  for (const [month, pair] of pairs) {
    if (isKept(month)) continue;
    const cents = wanted.get(month);
    if (cents === undefined || !pair.own || !pair.against) {
      removed.push(...[pair.own, pair.against].filter((row): row is EntryRow => row !== undefined));
      continue;
    }
    edits.push({ before: pair.own, amount: cents }, { before: pair.against, amount: -cents });
  }
  const added = input.months.filter(({ month }) => {
    const pair = pairs.get(month);
    return !isKept(month) && (!pair?.own || !pair.against);
  });

  const written = input.months.filter(({ month }) => !isKept(month));
  const keptMonths = [...pairs.entries()]
    .filter(([month, pair]) => isKept(month) && pair.own)
    .map(([month, pair]) => ({ month, cents: pair.own?.amount ?? 0 }))
    .sort((a, b) => a.month.localeCompare(b.month));
  const first = keptMonths[0] ?? written[0];
  const last = written[written.length - 1] ?? keptMonths[keptMonths.length - 1];
  if (!first || !last) throw new Error('A derived forecast needs at least one month');
  const [transaction] = await tx
    .select({ name: transactions.name, date: transactions.date })
    .from(transactions)
    .where(eq(transactions.id, forecast.transactionId));
  if (!transaction) throw new Error('Derived forecast vanished');
  const renamed = transaction.name !== input.name;
  const date = `${first.month}-01`;
  if (renamed || transaction.date !== date) {
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
  if (removed.length > 0) {
    await deleteEntries(
      tx,
      inArray(
        entries.id,
        removed.map((row) => row.id),
      ),
      userId,
      now,
    );
  }
  await updateEntryAmounts(tx, edits, userId, now);
  if (renamed) {
    const kept = current.filter((row) => !removed.includes(row));
    await renameEntries(tx, kept, input.name, userId, now);
  }
  await insertEntries(tx, monthEntries(forecast, input.name, added), userId, now);
}

/**
 * Deletes a derived forecast whole (entries, parameters, transaction); nothing when it is gone. Its
 * accounts are locked before its transaction, as every ledger write does. (deleteForecast refuses
 * derived forecasts: they change only through their model or the hiring plan, which call this.)
 */
export async function deleteDerivedForecast(tx: Tx, forecastId: string, userId: string | null, now: Date) {
  const forecast = await findForecast(tx, forecastId);
  if (!forecast) return;
  await lockAccounts(tx, forecast.entityId, [forecast.accountId, forecast.againstAccountId], {
    require: false,
  });
  if (!(await lockTransaction(tx, forecast.transactionId))) return;
  await deleteTransaction(tx, forecast.transactionId, userId, now);
}
