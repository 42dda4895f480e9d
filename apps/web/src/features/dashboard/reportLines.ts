import type { ReportLineRow } from './dashboardQueries';

/**
 * What names a report line in a chart (spec §3 Chart data): an account (the account with its
 * sub-accounts, or with `isLeaf` its own figures) shown under the line item `reportItemId`, or a line
 * item without an account (a section or an expression, e.g. Net Income).
 */
export type ChartLineRef = {
  accountId: string | null;
  reportItemId: string | null;
  isLeaf: boolean;
};

/** A report row a series can be read from, as the chart editor offers it. */
export type ReportLineOption = ChartLineRef & {
  /** The row's id in the report (unique): the picker's value. */
  value: string;
  /** The row's name ('Payroll'; a leaf row 'Payroll (own figures)'). */
  name: string;
  /** Where the row is in the report, from its top: 'Expense › Operating Expenses › Payroll'. */
  path: string;
  depth: number;
};

const PATH_SEPARATOR = ' › ';

const rowName = (row: ReportLineRow) => (row.isLeaf ? `${row.name} (own figures)` : row.name);

/**
 * The report's rows as chart lines, in the report's order, each with its path: what a person reads in
 * the Financial Report, so a series says which row of the grid its figures are.
 */
export function buildReportLineOptions(rows: readonly ReportLineRow[]): ReportLineOption[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const pathOf = (row: ReportLineRow): string => {
    const names = [rowName(row)];
    const seen = new Set([row.id]);
    let parent = row.parentId ? byId.get(row.parentId) : undefined;
    while (parent && !seen.has(parent.id)) {
      seen.add(parent.id);
      // A leaf row sits under its own account's row: the path names the account once.
      names.unshift(parent.name);
      parent = parent.parentId ? byId.get(parent.parentId) : undefined;
    }
    return names.join(PATH_SEPARATOR);
  };
  return rows.map((row) => ({
    value: row.id,
    name: rowName(row),
    path: pathOf(row),
    depth: row.depth,
    accountId: row.accountId ?? null,
    // A section or expression row is its line item; an account row is shown under its line item.
    reportItemId: row.lineItemId,
    isLeaf: row.isLeaf,
  }));
}

/**
 * The row a chart line reads, as the server finds it (computeChartLineFigures): a line item's own row,
 * or the account's row (its leaf row for `isLeaf`) under the line item named, else its first row.
 * Null when the report has no such row (the account or line was deleted).
 */
export function findReportLine(
  options: readonly ReportLineOption[],
  line: ChartLineRef | null,
): ReportLineOption | null {
  if (!line) return null;
  if (line.accountId === null) {
    return options.find((option) => option.accountId === null && option.value === line.reportItemId) ?? null;
  }
  const rows = options.filter(
    (option) => option.accountId === line.accountId && option.isLeaf === line.isLeaf,
  );
  return rows.find((option) => option.reportItemId === line.reportItemId) ?? rows[0] ?? null;
}

/**
 * Whether the report still has a chart line: its row, or for an account's own figures ('_leaf', which
 * the grid shows only over months where the account has figures of its own) the account's row.
 */
export function isLineInReport(options: readonly ReportLineOption[], line: ChartLineRef): boolean {
  return (
    findReportLine(options, line) !== null ||
    (line.isLeaf && findReportLine(options, { ...line, isLeaf: false }) !== null)
  );
}

/** Where a chart line is in the report ('Income › Revenue'), or null when the report no longer has it. */
export function pathOfLine(options: readonly ReportLineOption[], line: ChartLineRef): string | null {
  const found = findReportLine(options, line);
  if (found) return found.path;
  const account = line.isLeaf ? findReportLine(options, { ...line, isLeaf: false }) : null;
  return account ? `${account.path}${PATH_SEPARATOR}${account.name} (own figures)` : null;
}

/** The line a report row stands for, as a series or highlight stores it. */
export function lineOfOption(option: ReportLineOption): ChartLineRef {
  return { accountId: option.accountId, reportItemId: option.reportItemId, isLeaf: option.isLeaf };
}
