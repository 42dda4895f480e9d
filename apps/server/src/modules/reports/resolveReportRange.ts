import { defaultReportRange, type MonthKey, monthsBetween, type ReportRange } from '@keel/domain';
import { badReportInput } from './reportErrors';

/** The widest range a report computes: ten years between its first and last month. */
export const MAX_REPORT_SPAN_MONTHS = 120;

type ReportRangeArgs = {
  startMonth?: MonthKey | null;
  endMonth?: MonthKey | null;
  actualsEndMonth?: MonthKey | null;
};

/**
 * The months a report covers: each missing bound from `defaultReportRange(currentMonth)` (January of
 * last year, actuals through the current month, two years and two months after the start of this year),
 * then checked: start <= actuals end <= end (the date range slider's three handles), and at most
 * MAX_REPORT_SPAN_MONTHS from start to end. Bad ranges are BAD_USER_INPUT.
 */
export function resolveReportRange(args: ReportRangeArgs, currentMonth: MonthKey): ReportRange {
  const defaults = defaultReportRange(currentMonth);
  const startMonth = args.startMonth ?? defaults.startMonth;
  const endMonth = args.endMonth ?? defaults.endMonth;
  const actualsEndMonth = args.actualsEndMonth ?? defaults.actualsEndMonth;
  if (startMonth > actualsEndMonth) {
    throw badReportInput(`Start month ${startMonth} is after the actuals end month ${actualsEndMonth}`);
  }
  if (actualsEndMonth > endMonth) {
    throw badReportInput(`Actuals end month ${actualsEndMonth} is after the end month ${endMonth}`);
  }
  if (monthsBetween(startMonth, endMonth) > MAX_REPORT_SPAN_MONTHS) {
    throw badReportInput(`A report spans at most ${MAX_REPORT_SPAN_MONTHS} months from start to end`);
  }
  return { startMonth, endMonth, actualsEndMonth, currentMonth };
}
