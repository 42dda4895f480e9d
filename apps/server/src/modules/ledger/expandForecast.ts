import {
  averageMonthlyCents,
  averageWindowMonths,
  type ForecastCalculationType,
  forecastOccurrenceMonths,
} from '@keel/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { monthlyRollups } from '../../db/schema';
import { insertEntries, type NewEntry } from './entryWrites';
import type { EntryRow, ForecastRow } from './ledgerRows';

/**
 * Materialises a forecast's occurrences as entries (scenario 'forecast') of its Budget transaction:
 * for each occurrence month (see forecastOccurrenceMonths: from the start month, once or every 1, 3 or
 * 12 months, through the end month or 60 months), +amount on the account and -amount on the against
 * account, dated the first of the month. They reach the monthly rollups like any entry.
 */
export async function expandForecast(
  tx: Tx,
  forecast: ForecastRow,
  text: { name: string; memo: string },
  userId: string | null,
  now: Date,
): Promise<EntryRow[]> {
  const months = forecastOccurrenceMonths({
    startMonth: forecast.startMonth,
    endMonth: forecast.endMonth,
    recurring: forecast.recurring,
  });
  const rows: NewEntry[] = months.flatMap((month) => {
    const leg = {
      entityId: forecast.entityId,
      transactionId: forecast.transactionId,
      date: `${month}-01`,
      name: text.name,
      memo: text.memo,
      scenario: 'forecast' as const,
    };
    return [
      { ...leg, accountId: forecast.accountId, amount: forecast.amount },
      { ...leg, accountId: forecast.againstAccountId, amount: -forecast.amount },
    ];
  });
  return insertEntries(tx, rows, userId, now);
}

/**
 * A forecast's amount per occurrence, in cents:
 * - `fixed`: the amount given (whole units) in cents;
 * - `average`: the average of the account's actual monthly totals (its own entries, from the monthly
 *   rollups) over the `averageMonths` full months before the start month, months without entries
 *   counting as 0, rounded half away from zero to the cent. It is computed when the forecast is saved
 *   and stored; saving the forecast again recomputes it from the actuals of that moment.
 */
export async function computeForecastAmount(
  tx: Tx,
  forecast: {
    entityId: string;
    accountId: string;
    calculationType: ForecastCalculationType;
    fixedCents: number | null;
    averageMonths: number | null;
    startMonth: string;
  },
): Promise<number> {
  if (forecast.calculationType === 'fixed') return forecast.fixedCents ?? 0;
  const window = averageWindowMonths(forecast.startMonth, forecast.averageMonths ?? 0);
  if (window.length === 0) return 0;
  const rows = await tx
    .select({ month: monthlyRollups.month, amount: monthlyRollups.amount })
    .from(monthlyRollups)
    .where(
      and(
        eq(monthlyRollups.entityId, forecast.entityId),
        eq(monthlyRollups.accountId, forecast.accountId),
        eq(monthlyRollups.scenario, 'actual'),
        inArray(monthlyRollups.month, window),
      ),
    );
  const byMonth = new Map(rows.map((row) => [row.month, Number(row.amount)]));
  return averageMonthlyCents(window.map((month) => byMonth.get(month) ?? 0));
}
