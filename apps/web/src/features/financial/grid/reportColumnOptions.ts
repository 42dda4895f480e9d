import { createStoredValue } from '../../../lib/localStore';
import { STORAGE_KEYS } from '../../../lib/storageKeys';
import type { ReportColumnView } from '../reportQuery';

/**
 * What the grid shows (spec §3 'Report options', saved locally by 'Make default'): months, the
 * annual summaries (FY and YTD columns), the overall total, the variance (past
 * months show actual − plan under each figure), and the empty accounts (rows that are zero in every
 * month of the range).
 */
export type ReportColumnOptions = {
  months: boolean;
  annualTotal: boolean;
  overallTotal: boolean;
  variance: boolean;
  emptyAccounts: boolean;
};

/** Spec §3: months default on; the summaries, the variance and the empty accounts default off. */
export const DEFAULT_COLUMN_OPTIONS: ReportColumnOptions = {
  months: true,
  annualTotal: false,
  overallTotal: false,
  variance: false,
  emptyAccounts: false,
};

/** Reads stored options; a missing or mistyped field falls back to its default. */
export function parseReportColumnOptions(raw: unknown): ReportColumnOptions | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const record = raw as Record<string, unknown>;
  const flag = (name: keyof ReportColumnOptions) =>
    typeof record[name] === 'boolean' ? (record[name] as boolean) : DEFAULT_COLUMN_OPTIONS[name];
  return {
    months: flag('months'),
    annualTotal: flag('annualTotal'),
    overallTotal: flag('overallTotal'),
    variance: flag('variance'),
    emptyAccounts: flag('emptyAccounts'),
  };
}

export const reportColumnOptionsStore = createStoredValue<ReportColumnOptions>(
  STORAGE_KEYS.reportOptions,
  parseReportColumnOptions,
  DEFAULT_COLUMN_OPTIONS,
);

/** The columns the options show, in report order. */
export function visibleReportColumns(
  columns: readonly ReportColumnView[],
  options: ReportColumnOptions,
): ReportColumnView[] {
  return columns.filter((column) => {
    if (column.period === 'month') return options.months;
    if (column.period === 'year') return options.annualTotal;
    return options.overallTotal;
  });
}
