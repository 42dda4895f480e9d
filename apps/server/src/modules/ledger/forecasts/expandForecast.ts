import {
  averageMonthlyCents,
  averageWindowMonths,
  type ForecastCalculationType,
  forecastOccurrenceMonths,
} from '@keel/domain';
import type { Db, Tx } from '../../../db/client';
import { insertEntries } from '../shared/entryWrites';
import type { AccountRow, EntryRow, ForecastRow } from '../shared/ledgerRows';
import { occurrenceEntries } from '../shared/occurrenceEntries';
import { readLineTotals } from '../shared/readLineFigures';

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
  const rows = months.flatMap((month) => occurrenceEntries(forecast, text, month, forecast.amount));
  return insertEntries(tx, rows, userId, now);
}

/** The months an average forecast averages and the account's actual figure in each (raw cents). */
export type AverageWindow = { months: { month: string; amount: number }[]; average: number };

/**
 * The actual monthly totals an `average` forecast averages: the account *with its sub-accounts* (what
 * its report row shows), over the `averageMonths` most recent complete months before the start month
 * (see averageWindowMonths), months without entries counting as 0; and their average, rounded half
 * away from zero to the cent. Raw debit-positive cents, as the forecast books them.
 */
export async function averageWindow(
  db: Db | Tx,
  input: {
    entityId: string;
    account: AccountRow;
    startMonth: string;
    averageMonths: number;
    currentMonth: string;
  },
): Promise<AverageWindow> {
  const window = averageWindowMonths(input.startMonth, input.averageMonths, input.currentMonth);
  if (window.length === 0) return { months: [], average: 0 };
  // Every month of the window is before the current month: the line's totals there are its actuals.
  const totals = await readLineTotals(db, { ...input, months: window });
  const months = window.map((month) => ({ month, amount: totals.get(month) ?? 0 }));
  return { months, average: averageMonthlyCents(months.map((m) => m.amount)) };
}

/**
 * A forecast's amount per occurrence, in cents: `fixed`, the amount given; `average`, the average of
 * averageWindow; `percentage`, 0 until refreshPercentageForecasts writes its months (then the first's). It is computed when the forecast is saved and stored; saving the forecast again
 * recomputes it from the actuals of that moment.
 */
export async function computeForecastAmount(
  tx: Tx,
  forecast: {
    entityId: string;
    account: AccountRow;
    calculationType: ForecastCalculationType;
    fixedCents: number | null;
    averageMonths: number | null;
    startMonth: string;
    currentMonth: string;
  },
): Promise<number> {
  if (forecast.calculationType === 'fixed') return forecast.fixedCents ?? 0;
  // A percentage forecast's months each have their own figure: refreshPercentageForecasts writes them.
  if (forecast.calculationType === 'percentage') return 0;
  const { average } = await averageWindow(tx, { ...forecast, averageMonths: forecast.averageMonths ?? 0 });
  return average;
}
