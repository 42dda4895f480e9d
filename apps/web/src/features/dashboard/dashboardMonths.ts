import {
  addMonths,
  DASHBOARD_SPAN_MONTHS_MAX,
  latestMonth,
  type MonthKey,
  monthsBetween,
  parseMonthKey,
  toMonthKey,
} from '@keel/domain';

/** The months a dashboard may show: ten years either side of the current year. */
const YEARS_AROUND = 10;

/** A month as the month pickers hold it: its first day. */
export const pickerDate = (month: MonthKey) => `${month}-01`;
export const monthOfPickerDate = (date: string | null | undefined): MonthKey | null =>
  date ? date.slice(0, 7) : null;

/** The first and last month the pickers offer around `currentMonth`. */
export function dashboardMonthBounds(currentMonth: MonthKey): { minMonth: MonthKey; maxMonth: MonthKey } {
  const { year } = parseMonthKey(currentMonth);
  return { minMonth: toMonthKey(year - YEARS_AROUND, 1), maxMonth: toMonthKey(year + YEARS_AROUND, 12) };
}

/** Whether a range from `first` to `month` (either way round) spans at most 120 months, as the API allows. */
export function isWithinSpan(first: MonthKey, month: MonthKey): boolean {
  return Math.abs(monthsBetween(first, month)) <= DASHBOARD_SPAN_MONTHS_MAX;
}

/**
 * The months the actuals end may be (spec §5): not later than the current month, nor so early that the
 * charts' months and it span more than the report computes (120 months to the range's end).
 */
export function actualsEndBounds(
  endMonth: MonthKey,
  currentMonth: MonthKey,
): { minMonth: MonthKey; maxMonth: MonthKey } {
  const earliest = addMonths(endMonth, -DASHBOARD_SPAN_MONTHS_MAX);
  const { minMonth } = dashboardMonthBounds(currentMonth);
  return { minMonth: latestMonth(earliest, minMonth), maxMonth: currentMonth };
}
