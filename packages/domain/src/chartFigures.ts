import { type AccountFigures, columnValue } from './accountFigures';
import type { Cents } from './money';
import type { MonthKey } from './months';
import type { ReportRow } from './reportTree';

/**
 * A chart series' report line (spec §3 Chart data): `reportItemId` is the report line item (the stored
 * line, a grid row's `lineItemId`), `accountId` an account under it and `isLeaf` its '_leaf' row (the
 * account's own figures) rather than its row (the account with its sub-accounts).
 */
export type ChartLine = {
  accountId: string | null;
  reportItemId: string | null;
  isLeaf: boolean;
  invert: boolean;
};

/** What a chart reads of a computed report (the report query's LoadedReport has all of it). */
export type ChartReport = {
  rows: readonly ReportRow[];
  columns: readonly { key: string; period: string }[];
  /** The figures the columns are computed from, and for each column the months it covers in them. */
  columnFigures: ReadonlyMap<string, AccountFigures>;
  columnMonthIndexes: readonly (readonly number[])[];
};

/** A report's rows found by what a chart names them by; build once per computed report. */
export type ChartRowIndex = {
  report: ChartReport;
  /** Rows by `accountId|isLeaf`, in display order. */
  byAccount: Map<string, ReportRow[]>;
  /** Rows by id: a line item's own row has the line item's id. */
  byId: Map<string, ReportRow>;
  /** The column of each month. */
  monthColumn: Map<MonthKey, number>;
};

export function indexChartRows(report: ChartReport): ChartRowIndex {
  const byAccount = new Map<string, ReportRow[]>();
  const byId = new Map<string, ReportRow>();
  for (const row of report.rows) {
    byId.set(row.id, row);
    if (row.accountId === null || (row.itemType !== 'Account' && row.itemType !== 'AccountTree')) continue;
    const key = `${row.accountId}|${row.isLeaf}`;
    const rows = byAccount.get(key) ?? [];
    rows.push(row);
    byAccount.set(key, rows);
  }
  const monthColumn = new Map<MonthKey, number>();
  report.columns.forEach((column, index) => {
    if (column.period === 'month') monthColumn.set(column.key, index);
  });
  return { report, byAccount, byId, monthColumn };
}

/** A series' figures month by month, in cents as the grid shows them, or why it has none. */
export type ChartLineFigures = { values: Cents[]; error: string | null };

/**
 * The figures of a chart's line over `months`, read from the report's grid, so a chart and the grid
 * cannot disagree (one source of numbers):
 * - an account: its grid row (under the line item `reportItemId` when the series names one, so a line
 *   shown negated stays negated; else its first row), `isLeaf` its '_leaf' row. An account the grid
 *   shows no such row for (not under any line, or a '_leaf' row the grid leaves out because the
 *   account has no figures of its own) gets the figures that row would show, from the same per-account
 *   figures and the same column arithmetic (`columnValue`) the grid's rows are built from;
 * - a line item without an account (a section or an expression: Net Income, Net Burn): its row.
 * Balances (cumulative rows) are the balance at each month's close, flows the month's total. `invert`
 * negates every figure. A line the report no longer has shows zeros with the reason: 'Account not
 * found' or 'Line item not found for lineId <id>' (spec §8); an expression in error keeps its error.
 */
export function computeChartLineFigures(
  index: ChartRowIndex,
  line: ChartLine,
  months: readonly MonthKey[],
): ChartLineFigures {
  const sign = line.invert ? -1 : 1;
  const zeros = () => months.map(() => 0);
  const fromRow = (row: ReportRow): ChartLineFigures => ({
    values: months.map((month) => {
      const column = index.monthColumn.get(month);
      return column === undefined ? 0 : sign * (row.values[column] ?? 0) || 0;
    }),
    error: row.error,
  });
  const row = findChartRow(index, line);
  if (row) return fromRow(row);
  if (line.accountId === null) {
    return { values: zeros(), error: `Line item not found for lineId ${line.reportItemId}` };
  }
  const figures = index.report.columnFigures.get(line.accountId);
  if (!figures) return { values: zeros(), error: 'Account not found' };
  const series = line.isLeaf ? figures.own : figures.total;
  return {
    values: months.map((month) => {
      const column = index.monthColumn.get(month);
      const monthIndexes = column === undefined ? undefined : index.report.columnMonthIndexes[column];
      return monthIndexes ? sign * columnValue(series, figures.cumulative, monthIndexes) || 0 : 0;
    }),
    error: null,
  };
}

/** The grid row an account's line reads (under its line item when it names one, else its first). */
function findChartRow(index: ChartRowIndex, line: ChartLine): ReportRow | undefined {
  if (line.accountId === null) {
    return line.reportItemId === null ? undefined : index.byId.get(line.reportItemId);
  }
  const rows = index.byAccount.get(`${line.accountId}|${line.isLeaf}`) ?? [];
  return rows.find((candidate) => candidate.lineItemId === line.reportItemId) ?? rows[0];
}

/**
 * Plan vs actual: a chart line's plans over `months`, read from the report's plans
 * of the same grid row the line's figures come from (`plansByRowId`: each row's plans aligned with
 * the report's columns, null where a month has none), `invert` applied; null for months without a
 * plan, and for every month when the grid shows no row for the line.
 */
export function computeChartLinePlans(
  index: ChartRowIndex,
  line: ChartLine,
  months: readonly MonthKey[],
  plansByRowId: ReadonlyMap<string, readonly (Cents | null)[]>,
): (Cents | null)[] {
  const row = findChartRow(index, line);
  const plans = row ? plansByRowId.get(row.id) : undefined;
  const sign = line.invert ? -1 : 1;
  return months.map((month) => {
    const column = index.monthColumn.get(month);
    const plan = column === undefined ? null : (plans?.[column] ?? null);
    return plan === null ? null : sign * plan || 0;
  });
}

/**
 * One month of a series: the figure, whether it is actual (on or before the actuals end month, spec §4)
 * or forecast, and the figure split for drawing the two apart: `actual` through the actuals end month,
 * `forecast` from the actuals end month on (the month both share, so a forecast line starts where the
 * actual line ends), null elsewhere.
 */
export type ChartPoint = {
  month: MonthKey;
  amount: Cents;
  scenario: 'actual' | 'forecast';
  actual: Cents | null;
  forecast: Cents | null;
  /** The month's plan (a series drawn against its plan, months through the actuals end); else null. */
  plan: Cents | null;
};

export function buildChartPoints(
  values: readonly Cents[],
  months: readonly MonthKey[],
  actualsEndMonth: MonthKey,
  plans: readonly (Cents | null)[] = [],
): ChartPoint[] {
  return months.map((month, i) => {
    const amount = values[i] ?? 0;
    const isActual = month <= actualsEndMonth;
    return {
      month,
      amount,
      scenario: isActual ? 'actual' : 'forecast',
      actual: isActual ? amount : null,
      forecast: month >= actualsEndMonth ? amount : null,
      plan: isActual ? (plans[i] ?? null) : null,
    };
  });
}
