import { type MonthKey, roundCentsToUnits } from '@keel/domain';
import type { ReportAccountView, ReportColumnView, ReportLineItemView } from '../reportQuery';
import { isPlannedColumn, type RowPlans } from './alignReportPlans';

/** Characters that make a spreadsheet read a text cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field (RFC 4180): quoted when it holds a comma, quote, line break or edge spaces. */
export function csvField(value: string): string {
  if (/[",\r\n]/.test(value) || value.trim() !== value) return `"${value.replaceAll('"', '""')}"`;
  return value;
}

/**
 * The Account cell of a row: the account's path ('Expense/Operating Expenses/Payroll') so every line
 * names its account on its own, and sorting or filtering in a spreadsheet keeps the meaning; a parent's
 * own-figures row is its path plus ' (own)'; section and expression rows their name. A name starting
 * like a formula gets a leading apostrophe so a spreadsheet shows it as text.
 */
export function csvAccountLabel(
  row: Pick<ReportLineItemView, 'accountId' | 'isLeaf' | 'name'>,
  accountsById: ReadonlyMap<string, Pick<ReportAccountView, 'path'>>,
): string {
  const account = row.accountId ? accountsById.get(row.accountId) : undefined;
  const label = account ? (row.isLeaf ? `${account.path} (own)` : account.path) : row.name;
  return FORMULA_START.test(label) ? `'${label}` : label;
}

/**
 * The Variance option's part of an export: the plans beside the actuals, for the
 * months through `throughMonth` (varianceEndMonth).
 */
type CsvVariance = { throughMonth: MonthKey; plans: RowPlans };

/**
 * Spec §2 'Export CSV': a header `Account` plus one column per visible column (its short label), then
 * one line per row of the report (every row, expanded or not), amounts in whole units rounded half away
 * from zero. Lines end with CRLF.
 * With `variance` (the Variance option), each past month (through its `throughMonth`) is followed by its plan
 * ('Oct 26 Plan') and its variance ('Oct 26 Variance'): actual − plan of the whole units written, so
 * the file adds up as a spreadsheet reads it. A row without a plan there (not loaded) leaves both empty.
 */
export function buildReportCsv(
  rows: readonly Pick<ReportLineItemView, 'id' | 'accountId' | 'isLeaf' | 'name' | 'columnValues'>[],
  allColumns: readonly Pick<ReportColumnView, 'key'>[],
  visibleColumns: readonly Pick<ReportColumnView, 'key' | 'short' | 'period' | 'months'>[],
  accountsById: ReadonlyMap<string, Pick<ReportAccountView, 'path'>>,
  variance?: CsvVariance,
): string {
  const indexByKey = new Map(allColumns.map((column, index) => [column.key, index]));
  const fields = visibleColumns.map((column) => ({
    index: indexByKey.get(column.key) ?? -1,
    short: column.short,
    planned: variance !== undefined && isPlannedColumn(column, variance.throughMonth),
  }));
  const header = [
    'Account',
    ...fields.flatMap((field) =>
      field.planned ? [field.short, `${field.short} Plan`, `${field.short} Variance`] : [field.short],
    ),
  ]
    .map(csvField)
    .join(',');
  const lines = rows.map((row) => {
    const plans = variance?.plans.get(row.id);
    return [
      csvField(csvAccountLabel(row, accountsById)),
      ...fields.flatMap((field) => {
        const actual = roundCentsToUnits(row.columnValues[field.index] ?? 0);
        if (!field.planned) return [String(actual)];
        const plan = plans?.[field.index];
        if (plan === null || plan === undefined) return [String(actual), '', ''];
        const planned = roundCentsToUnits(plan);
        return [String(actual), String(planned), String(actual - planned)];
      }),
    ].join(',');
  });
  return `${[header, ...lines].join('\r\n')}\r\n`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 'Financial Report 2026-11-22 14-05-33.csv': local time, no characters a file system refuses. */
export function reportCsvFileName(now: Date): string {
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}-${pad(now.getMinutes())}-${pad(now.getSeconds())}`;
  return `Financial Report ${date} ${time}.csv`;
}
