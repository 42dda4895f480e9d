import type { Cents } from './money';
import type { MonthKey } from './months';

/** What the figures of an account depend on, beyond its rollups. */
export type FigureAccount = {
  id: string;
  parentId: string | null;
  /** +1 debit-normal, -1 credit-normal: shown figure = raw cents x sign (spec §9). */
  sign: number;
  /** Balance-sheet accounts (an account group: Banks, Credit Cards, ...) show running balances. */
  cumulative: boolean;
};

/** One row of the monthly rollup: the raw (debit-positive) total of an account's own entries. */
export type ScenarioRollup = { accountId: string; scenario: string; month: MonthKey; amount: Cents };

/** Raw total of an account's own actual entries before the first month of the range. */
export type OpeningBalance = { accountId: string; amount: Cents };

export type AccountFiguresInput = {
  accounts: readonly FigureAccount[];
  /** Rollups of the range's months; other months and the 'budget' scenario are ignored. */
  rollups: readonly ScenarioRollup[];
  /** Only read for cumulative accounts. */
  openingBalances: readonly OpeningBalance[];
  /** Every month of the range, consecutive, oldest first. */
  months: readonly MonthKey[];
  actualsEndMonth: MonthKey;
};

/**
 * An account's figures over the months of a range, shown (raw cents x sign), one value per month.
 * For a flow account (income, expense) a value is the month's total; for a cumulative account it is
 * the balance at the close of the month. `own` counts the account's own entries, `total` adds every
 * sub-account's `total` (each shown with its own sign).
 */
export type AccountFigures = {
  cumulative: boolean;
  sign: number;
  /** Shown balance before the range starts (0 for flow accounts); `openingTotal` with sub-accounts. */
  opening: Cents;
  openingTotal: Cents;
  own: Cents[];
  total: Cents[];
};

/**
 * Computes every account's monthly figures from the monthly rollup (never from entries: a report costs
 * O(accounts x months)). A month on or before `actualsEndMonth` takes the 'actual' scenario, a later one
 * 'forecast'. A cumulative account's balance at month m is its opening balance (every actual entry
 * before the range) plus the flows of the range's months through m, each month's flow taken by that
 * rule: actual flows through min(m, actualsEnd), forecast flows after it.
 */
export function computeAccountFigures(input: AccountFiguresInput): Map<string, AccountFigures> {
  const monthIndex = new Map(input.months.map((month, index) => [month, index]));
  const width = input.months.length;
  const flows = new Map<string, Cents[]>();
  for (const rollup of input.rollups) {
    const index = monthIndex.get(rollup.month);
    if (index === undefined) continue;
    const actual = rollup.month <= input.actualsEndMonth;
    if (rollup.scenario !== (actual ? 'actual' : 'forecast')) continue;
    let series = flows.get(rollup.accountId);
    if (!series) {
      series = new Array<number>(width).fill(0);
      flows.set(rollup.accountId, series);
    }
    series[index] = (series[index] ?? 0) + rollup.amount;
  }
  const openings = new Map<string, Cents>();
  for (const opening of input.openingBalances) {
    openings.set(opening.accountId, (openings.get(opening.accountId) ?? 0) + opening.amount);
  }

  const figures = new Map<string, AccountFigures>();
  for (const account of input.accounts) {
    const raw = flows.get(account.id);
    const opening = account.cumulative ? (openings.get(account.id) ?? 0) * account.sign : 0;
    const own: number[] = [];
    const total: number[] = [];
    let running = opening;
    for (let i = 0; i < width; i++) {
      const shown = (raw?.[i] ?? 0) * account.sign;
      running = account.cumulative ? running + shown : shown;
      const value = normalizeZero(running);
      own.push(value);
      total.push(value);
    }
    figures.set(account.id, {
      cumulative: account.cumulative,
      sign: account.sign,
      opening: normalizeZero(opening),
      openingTotal: normalizeZero(opening),
      own,
      total,
    });
  }
  addSubAccountTotals(input.accounts, figures);
  return figures;
}

/**
 * Adds each account's total into its ancestors' totals. Accounts are visited from the roots down
 * (parents before children), then added up in reverse, so a child's total is complete before it goes
 * into its parent's. An account whose parent is unknown counts as a root; a cycle is an error.
 */
function addSubAccountTotals(accounts: readonly FigureAccount[], figures: Map<string, AccountFigures>) {
  const children = new Map<string, string[]>();
  const parentOf = new Map<string, string>();
  const roots: string[] = [];
  for (const account of accounts) {
    if (account.parentId === null || !figures.has(account.parentId)) {
      roots.push(account.id);
      continue;
    }
    parentOf.set(account.id, account.parentId);
    const siblings = children.get(account.parentId) ?? [];
    siblings.push(account.id);
    children.set(account.parentId, siblings);
  }
  const order: string[] = [];
  const stack = roots.reverse();
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    order.push(id);
    for (const childId of children.get(id) ?? []) stack.push(childId);
  }
  if (order.length < figures.size) throw new Error('The chart of accounts has a cycle');
  for (let i = order.length - 1; i >= 0; i--) {
    const id = order[i] ?? '';
    const parentId = parentOf.get(id);
    const child = figures.get(id);
    const parent = parentId === undefined ? undefined : figures.get(parentId);
    if (!child || !parent) continue;
    parent.openingTotal += child.openingTotal;
    for (let m = 0; m < parent.total.length; m++)
      parent.total[m] = (parent.total[m] ?? 0) + (child.total[m] ?? 0);
  }
}

/**
 * The value of a monthly series in a column over `monthIndexes` (positions in the range): the sum of
 * the months for a flow series, the balance at the column's last month for a cumulative one.
 */
export function columnValue(series: readonly Cents[], cumulative: boolean, monthIndexes: readonly number[]) {
  if (cumulative) {
    const last = monthIndexes[monthIndexes.length - 1];
    return last === undefined ? 0 : (series[last] ?? 0);
  }
  let sum = 0;
  for (let i = 0; i < monthIndexes.length; i++) sum += series[monthIndexes[i] ?? -1] ?? 0;
  return sum;
}

function normalizeZero(value: number): number {
  return value === 0 ? 0 : value;
}

/**
 * Plan vs actual: each account's planned figures over the months of a range, to set beside
 * its actual figures. `plans` are the months' plans (raw cents: the forecast as it stood when each
 * month began; any scenario label). A flow account's planned figure is the month's plan; a balance-sheet
 * account's is the balance that plan led to: its actual balance at the close of the month before (as
 * `actual` has it, computeAccountFigures over the same months and chart) plus the month's planned flow.
 * Totals add sub-accounts as the actual figures do.
 */
export function computePlanFigures(input: {
  accounts: readonly FigureAccount[];
  plans: readonly ScenarioRollup[];
  actual: ReadonlyMap<string, AccountFigures>;
  months: readonly MonthKey[];
}): Map<string, AccountFigures> {
  const lastMonth = input.months.at(-1);
  if (lastMonth === undefined) return new Map();
  const flows = computeAccountFigures({
    accounts: input.accounts.map((account) => ({ ...account, cumulative: false })),
    rollups: input.plans.map((plan) => ({ ...plan, scenario: 'actual' })),
    openingBalances: [],
    months: input.months,
    actualsEndMonth: lastMonth,
  });
  const figures = new Map<string, AccountFigures>();
  for (const account of input.accounts) {
    const flow = flows.get(account.id);
    if (!flow) continue;
    const actual = input.actual.get(account.id);
    if (!account.cumulative || !actual) {
      figures.set(account.id, { ...flow, cumulative: account.cumulative });
      continue;
    }
    const fromClose = (closes: readonly Cents[], opening: Cents, planned: readonly Cents[]) =>
      planned.map((amount, i) => normalizeZero((i === 0 ? opening : (closes[i - 1] ?? 0)) + amount));
    figures.set(account.id, {
      cumulative: true,
      sign: account.sign,
      opening: actual.opening,
      openingTotal: actual.openingTotal,
      own: fromClose(actual.own, actual.opening, flow.own),
      total: fromClose(actual.total, actual.openingTotal, flow.total),
    });
  }
  return figures;
}
