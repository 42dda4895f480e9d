import { describeMonth, type MonthKey, monthRange, parseMonthKey, toMonthKey } from './months';

/** Which figures a column shows: actuals, forecast, a year-to-date sum of actuals, or everything. */
export type ColumnFilter = 'actual' | 'forecast' | 'ytd' | 'none';
export type ColumnPeriod = 'month' | 'year' | 'total';
export type ColumnTitle = 'Past' | 'Current' | 'Future' | 'YTD' | 'Actual' | 'Forecast';

/** A column of the report grid (spec §3 'Column descriptor'). */
export type ReportColumn = {
  key: string;
  /** The short label under the title: 'Apr 26', 'FY 2026', '2026 YTD', 'Total'. */
  short: string;
  title: ColumnTitle;
  /** 1–12 for month columns; 12 for a year; null for YTD and the overall total. */
  month: number | null;
  year: number | null;
  /** Summary columns are set off from the months by a border. */
  border: boolean;
  period: ColumnPeriod;
  filter: ColumnFilter;
  /** The months whose figures the column adds up (one for a month column). */
  months: MonthKey[];
};

export type ReportColumnOptions = { months: boolean; annualTotal: boolean; overallTotal: boolean };

export type ReportRange = {
  startMonth: MonthKey;
  endMonth: MonthKey;
  /** The last month of actuals: months on or before it are actual, later ones forecast. */
  actualsEndMonth: MonthKey;
  /** The calendar month of 'today': decides the Past / Current / Future titles. */
  currentMonth: MonthKey;
};

function monthTitle(key: MonthKey, currentMonth: MonthKey): ColumnTitle {
  if (key < currentMonth) return 'Past';
  return key === currentMonth ? 'Current' : 'Future';
}

/**
 * The grid's columns for a range (spec §4 'Actual vs forecast'):
 * - one column per month, actual if on or before the actuals cutoff, titled Past / Current / Future;
 * - after each December, an annual column over that calendar year's months, January to December
 *   (spec §9: data starts at the start of the start year, whatever month the range starts in), titled
 *   Actual when the cutoff is at or past that December, else Forecast;
 * - when the cutoff is not a December, a YTD column for the cutoff year (January through the cutoff),
 *   placed after the cutoff month;
 * - an Overall Total over the whole range, titled Actual when the cutoff equals the range end.
 */
export function buildReportColumns(range: ReportRange, options: ReportColumnOptions): ReportColumn[] {
  const { startMonth, endMonth, actualsEndMonth, currentMonth } = range;
  const months = monthRange(startMonth, endMonth);
  const columns: ReportColumn[] = [];
  const cutoff = parseMonthKey(actualsEndMonth);

  for (const key of months) {
    const month = describeMonth(key);
    if (options.months) {
      columns.push({
        key,
        short: `${month.short} ${String(month.year % 100).padStart(2, '0')}`,
        title: monthTitle(key, currentMonth),
        month: month.month,
        year: month.year,
        border: false,
        period: 'month',
        filter: key <= actualsEndMonth ? 'actual' : 'forecast',
        months: [key],
      });
    }
    if (!options.annualTotal) continue;
    if (key === actualsEndMonth && cutoff.month !== 12) {
      columns.push({
        key: `ytd-${month.year}`,
        short: `${month.year} YTD`,
        title: 'YTD',
        month: null,
        year: month.year,
        border: true,
        period: 'year',
        filter: 'ytd',
        months: monthRange(toMonthKey(month.year, 1), actualsEndMonth),
      });
    }
    if (month.month === 12) {
      const actual = actualsEndMonth >= key;
      columns.push({
        key: `fy-${month.year}`,
        short: `FY ${month.year}`,
        title: actual ? 'Actual' : 'Forecast',
        month: 12,
        year: month.year,
        border: true,
        period: 'year',
        filter: actual ? 'actual' : 'forecast',
        months: monthRange(toMonthKey(month.year, 1), key),
      });
    }
  }

  if (options.overallTotal) {
    columns.push({
      key: 'total',
      short: 'Total',
      title: actualsEndMonth === endMonth ? 'Actual' : 'Forecast',
      month: null,
      year: null,
      border: true,
      period: 'total',
      filter: 'none',
      months,
    });
  }
  return columns;
}

/** The first month a report's figures are computed from: January of its start year (spec §9). */
export function reportDataStartMonth(range: Pick<ReportRange, 'startMonth'>): MonthKey {
  return toMonthKey(parseMonthKey(range.startMonth).year, 1);
}
