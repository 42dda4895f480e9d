import { addMonths, chooseDefaultAgainstAccount, type MonthKey, monthBounds } from '@keel/domain';
import type { ReportAccountView, ReportColumnView, ReportLineItemView, ReportViewData } from '../reportQuery';

/**
 * What the drawer lists and books for the selected row and column (spec §2 'Report grid details',
 * §4 'Drawer'). Pure functions: the drawer's components only render what these decide.
 */

/** The entries' date window: the column's months, or the report range with no column. */
export type EntryDateWindow = { startDate: string; endDate: string; actualsEndDate: string };

export function entryDateWindow(report: ReportViewData, column: ReportColumnView | null): EntryDateWindow {
  const months = column && column.months.length > 0 ? column.months : [report.startMonth, report.endMonth];
  const first = months[0] ?? report.startMonth;
  const last = months[months.length - 1] ?? report.endMonth;
  return {
    startDate: monthBounds(first).firstDay,
    endDate: monthBounds(last).lastDay,
    actualsEndDate: monthBounds(report.actualsEndMonth).lastDay,
  };
}

/**
 * The accounts besides row.accountId whose entries make up the row's figure: every descendant for a
 * parent account row (its figure sums its sub-accounts), none for a '_leaf' row (the parent's own
 * figures) or a leaf account. Null when there are none, so the query sends no list.
 */
export function entryAccountIds(
  row: ReportLineItemView,
  accounts: readonly ReportAccountView[],
): string[] | null {
  if (!row.accountId || row.isLeaf) return null;
  const marker = `/${row.accountId}/`;
  const descendants = accounts
    .filter((account) => account.ancestry.includes(marker))
    .map((account) => account.id);
  return descendants.length > 0 ? descendants : null;
}

/** Entries can be added on account rows that are not computed (spec: disabled otherwise). */
export function canAddEntries(row: ReportLineItemView): boolean {
  if (!row.accountId || row.isFinancial) return false;
  return row.itemType === 'Account' || row.itemType === 'AccountTree';
}

/**
 * Which form the new-entry button opens (spec §4): for a single month, the Forecast form when the
 * month is after the current month, else the Entry form; with no single month selected the user
 * chooses.
 */
export type NewEntryMode = 'entry' | 'forecast' | 'choose';

export function newEntryMode(column: ReportColumnView | null, currentMonth: MonthKey): NewEntryMode {
  if (column?.period !== 'month') return 'choose';
  const month = column.months[0] ?? column.key;
  return month > currentMonth ? 'forecast' : 'entry';
}

/**
 * The Entry form's default date: in the latest selected month that is not in the future; today when
 * that is the current month, else its last day. With no such month (or no column), today.
 */
export function defaultEntryDate(
  column: ReportColumnView | null,
  currentMonth: MonthKey,
  today: string,
): string {
  const past = (column?.months ?? []).filter((month) => month <= currentMonth);
  const month = past[past.length - 1];
  if (!month || month === currentMonth) return today;
  return monthBounds(month).lastDay;
}

/** The Forecast form's default start month: the first selected future month, else next month. */
export function defaultForecastMonth(column: ReportColumnView | null, currentMonth: MonthKey): MonthKey {
  const future = (column?.months ?? []).find((month) => month > currentMonth);
  return future ?? addMonths(currentMonth, 1);
}

/**
 * The accounts an entry can be booked against: every account but the entry's own, by path.
 */
export function againstAccountOptions(
  accounts: readonly Pick<ReportAccountView, 'id' | 'path'>[],
  accountId: string,
): { value: string; label: string }[] {
  return accounts
    .filter((account) => account.id !== accountId)
    .map((account) => ({ value: account.id, label: account.path }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * The default booked-against account (spec §5, its fallbacks refined): the other account of the
 * transaction when editing; else the one last booked against in this company (`lastUsedId`); else the
 * account the server books when none is sent (chooseDefaultAgainstAccount: the first real bank account
 * in the grid's order, never a group row or a deposit account), among the options; else the first option.
 */
export function defaultAgainstAccountId(
  accounts: readonly Pick<ReportAccountView, 'id' | 'name' | 'parentId' | 'sortOrder' | 'refType'>[],
  options: readonly { value: string; label: string }[],
  otherAccountId: string | null,
  lastUsedId: string | null = null,
): string {
  const offered = (id: string | null | undefined): id is string =>
    !!id && options.some((option) => option.value === id);
  if (offered(otherAccountId)) return otherAccountId;
  if (offered(lastUsedId)) return lastUsedId;
  const chosen = chooseDefaultAgainstAccount(accounts, (account) => offered(account.id));
  return chosen?.id ?? options[0]?.value ?? '';
}
