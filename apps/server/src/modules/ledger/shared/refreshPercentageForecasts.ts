import {
  computePercentageForecast,
  forecastOccurrenceMonths,
  monthIn,
  orderPercentageForecasts,
  type PercentageLink,
} from '@keel/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { accounts, forecasts } from '../../../db/schema';
import { entityTimeZone } from '../../entities/timeZone';
import { lockAccounts, lockTransaction } from './ledgerLocks';
import type { AccountRow, ForecastRow } from './ledgerRows';
import { readLineFigures } from './readLineFigures';
import { reviseForecastEntries } from './reviseForecastEntries';

/** A percentage forecast: one with its source line and share. */
type PercentageForecastRow = ForecastRow & { sourceAccountId: string; sharePpm: number };

/**
 * Brings every percentage forecast of the entity up to date with its source line:
 * each occurrence month gets its percent of the source line's figure that month (readLineFigures: the
 * actual up to the current month, the forecast after), computed by computePercentageForecast and
 * booked with the forecast's account's sign; only months that differ are written, so a refresh that
 * changes nothing writes nothing. Forecasts are computed after those their source line contains
 * (orderPercentageForecasts), so a chain of shares follows in one pass; one in a loop (which saving
 * refuses, but a later chart change could make) is left as it is. Every forecast write calls it in
 * its transaction, after its own writes: when a line's forecast changes, the shares of it follow.
 * Locks, per forecast: its accounts (FOR KEY SHARE), then its transaction, as every ledger write does.
 */
export async function refreshPercentageForecasts(
  tx: Tx,
  entityId: string,
  userId: string | null,
  now: Date,
): Promise<void> {
  const rows = (
    await tx
      .select()
      .from(forecasts)
      .where(and(eq(forecasts.entityId, entityId), eq(forecasts.calculationType, 'percentage')))
      .orderBy(asc(forecasts.createdAt), asc(forecasts.id))
  ).filter((row): row is PercentageForecastRow => row.sourceAccountId !== null && row.sharePpm !== null);
  if (rows.length === 0) return;
  const chart = await tx.select().from(accounts).where(eq(accounts.entityId, entityId));
  const accountsById = new Map(chart.map((account) => [account.id, account]));
  const links: PercentageLink[] = rows.map((row) => ({
    id: row.id,
    accountId: row.accountId,
    sourceAccountId: row.sourceAccountId,
  }));
  const { ordered } = orderPercentageForecasts(links, chart);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const currentMonth = monthIn(await entityTimeZone(tx, entityId), now);
  for (const id of ordered) {
    const forecast = byId.get(id);
    const account = forecast && accountsById.get(forecast.accountId);
    const source = forecast && accountsById.get(forecast.sourceAccountId);
    if (!forecast || !account || !source) continue;
    await writePercentageForecast(tx, { forecast, account, source, currentMonth, userId, now });
  }
}

async function writePercentageForecast(
  tx: Tx,
  input: {
    forecast: PercentageForecastRow;
    account: AccountRow;
    source: AccountRow;
    currentMonth: string;
    userId: string | null;
    now: Date;
  },
): Promise<void> {
  const { forecast, account, source, currentMonth, userId, now } = input;
  await lockAccounts(tx, forecast.entityId, [forecast.accountId, forecast.againstAccountId], {
    require: false,
  });
  const locked = await lockTransaction(tx, forecast.transactionId);
  if (!locked) return;
  const months = forecastOccurrenceMonths({
    startMonth: forecast.startMonth,
    endMonth: forecast.endMonth,
    recurring: forecast.recurring,
  });
  const figures = await readLineFigures(tx, {
    entityId: forecast.entityId,
    account: source,
    months,
    currentMonth,
  });
  // The share is of the line as the report shows it; the forecast books it with its own account's sign.
  const booked = computePercentageForecast(figures, forecast.sharePpm, currentMonth)
    .map(({ month, cents }) => ({ month, cents: cents * account.sign + 0 }))
    .filter(({ cents }) => cents !== 0);
  await reviseForecastEntries(tx, userId, now, forecast, {
    name: locked.transaction.name,
    memo: locked.transaction.memo,
    months: booked,
  });
  const firstCents = booked[0]?.cents ?? 0;
  if (forecast.amount !== firstCents) {
    await tx
      .update(forecasts)
      .set({ amount: firstCents, updatedAt: now })
      .where(eq(forecasts.id, forecast.id));
  }
}
