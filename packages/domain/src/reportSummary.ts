import type { AccountFigures } from './accountFigures';
import type { Cents } from './money';
import { addMonths, type MonthKey } from './months';
import type { AccountSpend } from './spendByCategory';

/** What the summary cards need to know of an account. */
export type SummaryAccount = {
  id: string;
  parentId: string | null;
  name: string;
  accountType: string;
  accountGroup: string | null;
};

/** The account group that holds cash: Banks (shown as Cash, spec §9). */
export const CASH_ACCOUNT_GROUP = 'Banks';

/**
 * The monthly figures behind the dashboard cards, over the report's months, shown (income and expense
 * positive when earned and spent):
 * - `cash`: the closing balance of every Banks-group account; `openingCash` the balance before the range;
 * - `income` / `expense`: the month's totals of the Income and Expense accounts (actual through the
 *   cutoff, forecast after it, as in the report).
 */
export type CashFlowSeries = {
  months: MonthKey[];
  openingCash: Cents;
  cash: Cents[];
  income: Cents[];
  expense: Cents[];
};

type Kind = 'cash' | 'income' | 'expense' | null;

function kindOf(account: SummaryAccount): Kind {
  if (account.accountGroup === CASH_ACCOUNT_GROUP) return 'cash';
  if (account.accountGroup !== null) return null;
  if (account.accountType === 'Income') return 'income';
  if (account.accountType === 'Expense') return 'expense';
  return null;
}

/** Sums the `total` of the top-most accounts of each kind (their sub-accounts are inside it already). */
export function buildCashFlowSeries(
  accounts: readonly SummaryAccount[],
  figures: ReadonlyMap<string, AccountFigures>,
  months: readonly MonthKey[],
): CashFlowSeries {
  const byId = new Map(accounts.map((account) => [account.id, account]));
  const series: CashFlowSeries = {
    months: [...months],
    openingCash: 0,
    cash: new Array<number>(months.length).fill(0),
    income: new Array<number>(months.length).fill(0),
    expense: new Array<number>(months.length).fill(0),
  };
  for (const account of accounts) {
    const kind = kindOf(account);
    const parent = account.parentId ? byId.get(account.parentId) : undefined;
    const accountFigures = figures.get(account.id);
    if (!kind || !accountFigures || (parent && kindOf(parent) === kind)) continue;
    const target = series[kind];
    accountFigures.total.forEach((value, i) => {
      target[i] = (target[i] ?? 0) + value;
    });
    if (kind === 'cash') series.openingCash += accountFigures.openingTotal;
  }
  return series;
}

/**
 * Available Starting Balance: the cash at the start of each month (the previous month's closing
 * balance). It is actual for months through the one after the cutoff (it rests on actual entries
 * only) and forecast from the month after the cutoff on; both lines hold that month so they join.
 */
export type StartingBalance = { month: MonthKey; actual: Cents | null; forecast: Cents | null };

export function buildStartingBalances(series: CashFlowSeries, actualsEndMonth: MonthKey): StartingBalance[] {
  const firstForecast = addMonths(actualsEndMonth, 1);
  return series.months.map((month, i) => {
    const starting = i === 0 ? series.openingCash : (series.cash[i - 1] ?? 0);
    return {
      month,
      actual: month <= firstForecast ? starting : null,
      forecast: month >= firstForecast ? starting : null,
    };
  });
}

/** Income vs Expense: each month's income and expense, and whether they are actual or forecast. */
export type IncomeVsExpense = {
  month: MonthKey;
  income: Cents;
  expense: Cents;
  scenario: 'actual' | 'forecast';
};

export function buildIncomeVsExpense(series: CashFlowSeries, actualsEndMonth: MonthKey): IncomeVsExpense[] {
  return series.months.map((month, i) => ({
    month,
    income: series.income[i] ?? 0,
    expense: series.expense[i] ?? 0,
    scenario: month <= actualsEndMonth ? 'actual' : 'forecast',
  }));
}

/**
 * The input of computeSpendByCategory for one month of the range: every account's own figures of that
 * month (computeSpendByCategory adds deeper accounts into their four-level ancestor), with its path of
 * names from the root. Empty when the month is outside the range.
 */
export function buildAccountSpend(
  accounts: readonly SummaryAccount[],
  figures: ReadonlyMap<string, AccountFigures>,
  months: readonly MonthKey[],
  month: MonthKey,
): AccountSpend[] {
  const index = months.indexOf(month);
  if (index < 0) return [];
  const byId = new Map(accounts.map((account) => [account.id, account]));
  const pathOf = (account: SummaryAccount): string[] => {
    const names = [account.name];
    const seen = new Set([account.id]);
    for (let parent = byId.get(account.parentId ?? ''); parent; parent = byId.get(parent.parentId ?? '')) {
      if (seen.has(parent.id)) break;
      seen.add(parent.id);
      names.unshift(parent.name);
    }
    return names;
  };
  const spend: AccountSpend[] = [];
  for (const account of accounts) {
    if (kindOf(account) !== 'expense') continue;
    const amount = figures.get(account.id)?.own[index] ?? 0;
    if (amount !== 0) spend.push({ accountId: account.id, path: pathOf(account), amount });
  }
  return spend;
}
