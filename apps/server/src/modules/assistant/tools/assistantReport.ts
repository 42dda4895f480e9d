import {
  addMonths,
  CASH_ACCOUNT_GROUP,
  DEFAULT_TIME_ZONE,
  defaultReportRange,
  earliestMonth,
  latestMonth,
  type MonthKey,
  monthIn,
  type ReportRange,
} from '@keel/domain';
import { type LoadedReport, loadReport } from '../../reports/loadReport';
import { reportUrl } from './reportUrl';
import { type Citation, type ToolDeps, ToolInputError } from './toolTypes';

/**
 * The months a tool may be asked about: from three years before the report's default range to three
 * years after it (for today in 2026: 2022-01 to 2031-03). A report covering any two of them stays
 * within the report's 120-month limit.
 */
const WINDOW_MARGIN_MONTHS = 36;

/**
 * The company's month by the app's clock, in its time zone: the month runway counts from and the
 * actuals cutoff (as the report page's).
 */
export function currentMonthOf(deps: ToolDeps): MonthKey {
  return monthIn(deps.timeZone ?? DEFAULT_TIME_ZONE, deps.clock.now());
}

/**
 * The Financial Report page's default range (January of last year to March two years on, actuals
 * through the current month): what the cards show unless the person moved the range.
 */
export function defaultRangeOf(deps: ToolDeps): ReportRange {
  const currentMonth = currentMonthOf(deps);
  return { ...defaultReportRange(currentMonth), currentMonth };
}

/** Refuses a month outside the window around today, naming the argument. */
export function checkMonthInWindow(deps: ToolDeps, month: MonthKey, argument: string): MonthKey {
  const range = defaultRangeOf(deps);
  const first = addMonths(range.startMonth, -WINDOW_MARGIN_MONTHS);
  const last = addMonths(range.endMonth, WINDOW_MARGIN_MONTHS);
  if (month < first || month > last) {
    throw new ToolInputError(`${argument}: must be between ${first} and ${last}`);
  }
  return month;
}

/**
 * The company's Financial Report over the default range, widened to take in `months`: the very figures
 * the page and its cards show (the same loadReport, the same cutoff; a wider range changes no month's
 * figure). A company without a Financial Report is refused.
 */
export async function loadAssistantReport(
  deps: ToolDeps,
  entityId: string,
  months: readonly MonthKey[] = [],
): Promise<LoadedReport> {
  const range = defaultRangeOf(deps);
  const wanted = [...months];
  const widened: ReportRange = {
    ...range,
    startMonth: earliestMonth(range.startMonth, ...wanted),
    endMonth: latestMonth(range.endMonth, ...wanted),
  };
  const view = await loadReport(deps.db, entityId, null, widened);
  if (!view) throw new ToolInputError('The company has no Financial Report');
  return view;
}

/** The figure of a report row in one month, as the grid shows it, and the row's link key. */
type RowFigure = { amountCents: number; rowKey: string; name: string; accountId: string | null };

/**
 * The grid's figure of an account's row (or, without one, the account's total with its sub-accounts)
 * in a month of the view. Null when the month is outside the view.
 */
export function accountFigure(view: LoadedReport, accountId: string, month: MonthKey): RowFigure | null {
  const account = view.accounts.find((candidate) => candidate.id === accountId);
  if (!account) return null;
  const rowKey = view.pathById.get(accountId) ?? account.name;
  const column = view.columns.findIndex((candidate) => candidate.key === month);
  const row = view.rows.find((candidate) => candidate.accountId === accountId && !candidate.isLeaf);
  if (row && column >= 0) {
    return { amountCents: row.values[column] ?? 0, rowKey, name: account.name, accountId };
  }
  const index = view.months.indexOf(month);
  if (index < 0) return null;
  const amountCents = view.figures.get(accountId)?.total[index] ?? 0;
  return { amountCents, rowKey, name: account.name, accountId };
}

/** A citation of a figure of the report: its label, amount, account and month, and the cell's link. */
export function cellCitation(
  view: LoadedReport,
  label: string,
  figure: { amountCents: number; rowKey: string; name: string; accountId: string | null },
  month: MonthKey | null,
): Citation {
  return {
    label,
    amountCents: figure.amountCents,
    accountId: figure.accountId,
    accountName: figure.name,
    month,
    reportUrl: reportUrl(figure.rowKey, month, view.range.actualsEndMonth),
  };
}

/** The top account of the Banks group (the cash row), the Income root or the Expense root. */
export function rootAccount(view: LoadedReport, kind: 'cash' | 'Income' | 'Expense') {
  return view.accounts.find((account) =>
    account.parentId !== null
      ? false
      : kind === 'cash'
        ? account.accountGroup === CASH_ACCOUNT_GROUP
        : account.accountGroup === null && account.accountType === kind,
  );
}
