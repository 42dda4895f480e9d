import { addMonths, type MonthKey, parseMonthKey, toMonthKey } from './months';

/** Default report and model range (spec §9), from the current month. */
export type MonthRangeWithCutoff = { startMonth: MonthKey; actualsEndMonth: MonthKey; endMonth: MonthKey };

/**
 * The default report range: January of last year through two years and two months after the start of
 * this year (so for any month of 2026: 2025-01 to 2028-03), actuals through the current month.
 */
export function defaultReportRange(currentMonth: MonthKey): MonthRangeWithCutoff {
  const { year } = parseMonthKey(currentMonth);
  return {
    startMonth: toMonthKey(year - 1, 1),
    actualsEndMonth: currentMonth,
    endMonth: addMonths(toMonthKey(year, 1), 26),
  };
}

/** The date range slider spans three years and four months from January of last year. */
export function reportSliderBounds(currentMonth: MonthKey): { minMonth: MonthKey; maxMonth: MonthKey } {
  const { year } = parseMonthKey(currentMonth);
  const minMonth = toMonthKey(year - 1, 1);
  return { minMonth, maxMonth: addMonths(minMonth, 40) };
}

/** The model range when a model has none: the same span as the default report. */
export function defaultModelRange(currentMonth: MonthKey): { startMonth: MonthKey; endMonth: MonthKey } {
  const { startMonth, endMonth } = defaultReportRange(currentMonth);
  return { startMonth, endMonth };
}
