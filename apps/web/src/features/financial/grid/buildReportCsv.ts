import { roundCentsToUnits } from '@keel/domain';
import type { ReportAccountView, ReportColumnView, ReportLineItemView } from '../reportQuery';

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
 * Spec §2 'Export CSV': a header `Account` plus one column per visible column (its short label), then
 * one line per row of the report (every row, expanded or not), amounts in whole units rounded half away
 * from zero. Lines end with CRLF.
 */
export function buildReportCsv(
  rows: readonly Pick<ReportLineItemView, 'accountId' | 'isLeaf' | 'name' | 'columnValues'>[],
  allColumns: readonly Pick<ReportColumnView, 'key'>[],
  visibleColumns: readonly Pick<ReportColumnView, 'key' | 'short'>[],
  accountsById: ReadonlyMap<string, Pick<ReportAccountView, 'path'>>,
): string {
  const indexByKey = new Map(allColumns.map((column, index) => [column.key, index]));
  const indexes = visibleColumns.map((column) => indexByKey.get(column.key) ?? -1);
  const header = ['Account', ...visibleColumns.map((column) => column.short)].map(csvField).join(',');
  const lines = rows.map((row) =>
    [
      csvField(csvAccountLabel(row, accountsById)),
      ...indexes.map((index) => String(roundCentsToUnits(row.columnValues[index] ?? 0))),
    ].join(','),
  );
  return `${[header, ...lines].join('\r\n')}\r\n`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 'Financial Report 2026-11-22 14-05-33.csv': local time, no characters a file system refuses. */
export function reportCsvFileName(now: Date): string {
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}-${pad(now.getMinutes())}-${pad(now.getSeconds())}`;
  return `Financial Report ${date} ${time}.csv`;
}
