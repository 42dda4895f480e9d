import { addMonths, earliestMonth, type MonthKey, monthsBetween } from './months';

/** How often a forecast repeats (spec §9); `monthly` is the default. */
export const FORECAST_RECURRENCES = ['none', 'monthly', 'quarterly', 'annually'] as const;
export type ForecastRecurrence = (typeof FORECAST_RECURRENCES)[number];
export const DEFAULT_FORECAST_RECURRENCE: ForecastRecurrence = 'monthly';

/**
 * How a forecast's amount per occurrence is found:
 * - `fixed`: the amount given, in whole units, converted to cents.
 * - `average`: the average of the account's actual monthly totals over the `averageMonths` full months
 *   just before the forecast's start month (months without entries count as 0), rounded half away from
 *   zero to the cent. It is computed when the forecast is saved; saving it again recomputes it.
 * - `percentage`: each month, a percent of another report line's figure that month (its actual in an
 *   actual month, its forecast after), rounded half away from zero to the cent (see
 *   percentageForecast.ts). It follows the source line: every forecast write recomputes it.
 */
export const FORECAST_CALCULATION_TYPES = ['fixed', 'average', 'percentage'] as const;
export type ForecastCalculationType = (typeof FORECAST_CALCULATION_TYPES)[number];

/** `average` forecasts look back at least 1 and at most 24 months. */
export const AVERAGE_MONTHS_MIN = 1;
export const AVERAGE_MONTHS_MAX = 24;

/**
 * A forecast without an end month repeats for 60 months from its start month (the start month
 * included): five years, beyond the widest default report range (spec §9: two years and two months ahead).
 */
export const FORECAST_HORIZON_MONTHS = 60;

/** Months between two occurrences of a recurring forecast. */
const STEP_MONTHS: Record<Exclude<ForecastRecurrence, 'none'>, number> = {
  monthly: 1,
  quarterly: 3,
  annually: 12,
};

export type ForecastSchedule = {
  startMonth: MonthKey;
  /** The last month an occurrence may fall in; null: the start month plus the horizon less one. */
  endMonth: MonthKey | null;
  recurring: ForecastRecurrence;
};

/**
 * The months a forecast occurs in: the start month, then every 1, 3 or 12 months through the end
 * month (or the 60-month horizon). `none` occurs once, in the start month. Empty when the end month is
 * before the start month.
 */
export function forecastOccurrenceMonths(schedule: ForecastSchedule): MonthKey[] {
  const lastMonth = schedule.endMonth ?? addMonths(schedule.startMonth, FORECAST_HORIZON_MONTHS - 1);
  const span = monthsBetween(schedule.startMonth, lastMonth);
  if (span < 0) return [];
  if (schedule.recurring === 'none') return [schedule.startMonth];
  const step = STEP_MONTHS[schedule.recurring];
  const months: MonthKey[] = [];
  for (let offset = 0; offset <= span; offset += step) months.push(addMonths(schedule.startMonth, offset));
  return months;
}

/**
 * The months an `average` forecast starting in `startMonth` averages, oldest first: the `count` most
 * recent *complete* months before it. The current month is not complete yet, and months after it have
 * no actuals, so the window ends at the month before the start month or the month before the current
 * one, whichever is earlier.
 */
export function averageWindowMonths(startMonth: MonthKey, count: number, currentMonth: MonthKey): MonthKey[] {
  const last = earliestMonth(addMonths(startMonth, -1), addMonths(currentMonth, -1));
  return Array.from({ length: count }, (_, index) => addMonths(last, index - count + 1));
}

/**
 * The average of monthly totals in cents, rounded half away from zero to the cent. Exact integer
 * arithmetic (no floating point), so 1 cent over 2 months is 1 and -1 cent over 2 months is -1.
 */
export function averageMonthlyCents(monthTotals: readonly number[]): number {
  if (monthTotals.length === 0) return 0;
  const sum = monthTotals.reduce((total, cents) => total + cents, 0);
  const count = monthTotals.length;
  const magnitude = Math.floor((2 * Math.abs(sum) + count) / (2 * count));
  return sum < 0 ? -magnitude : magnitude;
}
