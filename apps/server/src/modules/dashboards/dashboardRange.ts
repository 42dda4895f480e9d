import {
  addMonths,
  DASHBOARD_SPAN_MONTHS_MAX,
  defaultReportRange,
  earliestMonth,
  latestMonth,
  type MonthKey,
} from '@keel/domain';
import type { DashboardRow } from './dashboardRows';

/**
 * The months a dashboard shows (spec §2 'Select Time Period'): its own, each bound it has none of from
 * the default report range of `currentMonth` (January of last year through two years and two months
 * after this January, spec §9), so a dashboard nobody has set a range on moves with the calendar. A
 * default bound is kept within the range rules against a stored one (not before it, at most
 * DASHBOARD_SPAN_MONTHS_MAX months away), however far the calendar has moved since it was stored.
 */
export function dashboardRange(
  dashboard: Pick<DashboardRow, 'startMonth' | 'endMonth'>,
  currentMonth: MonthKey,
): { startMonth: MonthKey; endMonth: MonthKey } {
  const defaults = defaultReportRange(currentMonth);
  if (dashboard.startMonth !== null && dashboard.endMonth !== null) {
    return { startMonth: dashboard.startMonth, endMonth: dashboard.endMonth };
  }
  if (dashboard.startMonth !== null) {
    const start = dashboard.startMonth;
    const end = latestMonth(
      start,
      earliestMonth(defaults.endMonth, addMonths(start, DASHBOARD_SPAN_MONTHS_MAX)),
    );
    return { startMonth: start, endMonth: end };
  }
  if (dashboard.endMonth !== null) {
    const end = dashboard.endMonth;
    const start = earliestMonth(
      end,
      latestMonth(defaults.startMonth, addMonths(end, -DASHBOARD_SPAN_MONTHS_MAX)),
    );
    return { startMonth: start, endMonth: end };
  }
  return { startMonth: defaults.startMonth, endMonth: defaults.endMonth };
}
