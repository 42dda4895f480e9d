import { addMonths, monthBounds } from '@keel/domain';
import type { ExtraExpenseLeaf } from './buildChartOfAccounts';
import { CARD, CHECKING, RECURRING_BILLS, VARIABLE_FLOWS, type VariableFlow } from './companyCatalog';
import type { GeneratedTransaction } from './generatedTransaction';
import {
  buildImportedTransaction,
  type CalendarMonth,
  countSeats,
  elapsedFraction,
  formatDay,
  interpolateCents,
  jitter,
  type MonthPlan,
  sumCardCharges,
  type VariableBudget,
} from './monthPlan';
import { addFinancing } from './planFinancing';
import { addBankingActivity, addPayroll, addReclasses } from './planFixedTransactions';
import type { Random } from './random';

type CompanyPlan = { scale: number; months: MonthPlan[] };

type CompanyPlanOptions = {
  /** YYYY-MM-DD; nothing is dated after it. */
  today: string;
  months: number;
  /** The number of entries to aim for (the result lands close to it, never far below). */
  entries: number;
  extraLeaves: readonly ExtraExpenseLeaf[];
};

/** Entries per month of the base demo; larger targets make a proportionally bigger company. */
const DEMO_ENTRIES_PER_MONTH = 150;
const STRIPE_FEE_RATE = 0.03;

/**
 * Plans the books of a company month by month: every fixed transaction in full, and the budget and
 * count of the variable ones. Money follows the catalog at demo scale times `scale`; financing is sized
 * last so that the checking account never goes negative and the history ends with 14–18 months of runway.
 */
export function planCompanyHistory(options: CompanyPlanOptions, random: Random): CompanyPlan {
  const scale = Math.max(
    1,
    Math.round((options.entries / (options.months * DEMO_ENTRIES_PER_MONTH)) * 100) / 100,
  );
  const flows = [...VARIABLE_FLOWS, ...options.extraLeaves.map(toExtraFlow)];
  const months = planCalendar(options.today, options.months).map((month) => ({
    ...month,
    fixed: [] as GeneratedTransaction[],
    variable: budgetVariableFlows(month, flows, scale, random),
  }));
  addPayroll(months, scale, random);
  addRecurringBills(months, scale, random);
  addBankingActivity(months, scale, random);
  addReclasses(months);
  allocateVariableCounts(months, options.entries);
  addCardPayoffs(months, random);
  addFinancing(months, scale, random);
  for (const month of months) month.fixed.sort(compareByDate);
  return { scale, months };
}

function planCalendar(today: string, count: number): CalendarMonth[] {
  const current = today.slice(0, 7);
  const todayDay = Number(today.slice(8, 10));
  return Array.from({ length: count }, (_, index) => {
    const month = addMonths(current, index - (count - 1));
    const daysInMonth = Number(monthBounds(month).lastDay.slice(8, 10));
    return {
      month,
      index,
      daysInMonth,
      lastDay: month === current ? todayDay : daysInMonth,
      progress: count === 1 ? 1 : index / (count - 1),
    };
  });
}

function toExtraFlow(leaf: ExtraExpenseLeaf): VariableFlow {
  return {
    key: leaf.path,
    account: leaf.path,
    kind: 'spend',
    via: 'card',
    vendors: leaf.vendors,
    memos: [],
    memoChance: 0,
    monthly: [300, 900],
    share: 0.005,
    optional: true,
  };
}

function budgetVariableFlows(
  month: CalendarMonth,
  flows: readonly VariableFlow[],
  scale: number,
  random: Random,
): VariableBudget[] {
  const elapsed = elapsedFraction(month);
  return flows.map((flow) => {
    const cents = Math.round(
      interpolateCents(flow.monthly, month.progress, scale) * elapsed * jitter(random, 0.08),
    );
    const feeCents = flow.kind === 'stripePayout' ? Math.round(cents * STRIPE_FEE_RATE) : 0;
    return { flow, cents, feeCents, count: 0 };
  });
}

function addRecurringBills(months: MonthPlan[], scale: number, random: Random): void {
  for (const month of months) {
    for (const bill of RECURRING_BILLS) {
      if (bill.day > month.lastDay) continue;
      let cents: number;
      if (bill.perSeat) cents = countSeats(month, 1) * interpolateCents(bill.monthly, month.progress, scale);
      else if (bill.step)
        cents = Math.round((month.progress < 0.5 ? bill.monthly[0] : bill.monthly[1]) * scale * 100);
      else cents = Math.round(interpolateCents(bill.monthly, month.progress, scale) * jitter(random, 0.04));
      const payFrom = bill.via === 'card' ? CARD : CHECKING;
      month.fixed.push(
        buildImportedTransaction(random, bill.vendor, bill.memo, formatDay(month.month, bill.day), [
          { account: bill.account, amount: cents, memo: '' },
          { account: payFrom, amount: -cents, memo: '' },
        ]),
      );
    }
  }
}

/** Autopay on the 5th settles the previous month's statement from checking. */
function addCardPayoffs(months: MonthPlan[], random: Random): void {
  for (let i = 1; i < months.length; i++) {
    const month = months[i];
    const previous = months[i - 1];
    if (!month || !previous || month.lastDay < 5) continue;
    const cents = sumCardCharges(previous);
    if (cents <= 0) continue;
    month.fixed.push(
      buildImportedTransaction(
        random,
        'American Express Payment',
        'Autopay statement balance',
        formatDay(month.month, 5),
        [
          { account: CARD, amount: cents, memo: '' },
          { account: CHECKING, amount: -cents, memo: '' },
        ],
      ),
    );
  }
}

/** Entries per transaction of a flow: a Stripe payout books gross, fee and net. */
function entriesPerTransaction(flow: VariableFlow): number {
  return flow.kind === 'stripePayout' ? 3 : 2;
}

/**
 * Spreads the entries left after the fixed transactions over the months (busier as the company grows)
 * and over the flows by their share. A flow with money in a month gets at least one transaction,
 * reserved out of the month's count; an optional flow without a transaction spends nothing that month.
 * Runs before the card payoffs are booked, which settle whatever the card was charged.
 */
function allocateVariableCounts(months: MonthPlan[], targetEntries: number): void {
  // The two financing rounds and the monthly card payoffs are booked later.
  let fixedEntries = 4 + 2 * (months.length - 1);
  for (const month of months)
    for (const transaction of month.fixed) fixedEntries += transaction.entries.length;
  const flows = months[0]?.variable.map((budget) => budget.flow) ?? [];
  let shareSum = 0;
  let weightedEntries = 0;
  for (const flow of flows) {
    shareSum += flow.share;
    weightedEntries += flow.share * entriesPerTransaction(flow);
  }
  const transactions = Math.round(Math.max(0, targetEntries - fixedEntries) / (weightedEntries / shareSum));
  const perMonth = apportionCount(
    transactions,
    months.map((month) => (0.5 + month.progress) * elapsedFraction(month)),
  );
  months.forEach((month, i) => {
    const required = (budget: VariableBudget) => budget.cents > 0 && !budget.flow.optional;
    const reserved = month.variable.filter(required).length;
    const counts = apportionCount(
      Math.max(0, (perMonth[i] ?? 0) - reserved),
      month.variable.map((budget) => (budget.cents > 0 ? budget.flow.share : 0)),
    );
    month.variable.forEach((budget, j) => {
      budget.count = Math.min(budget.cents, (counts[j] ?? 0) + (required(budget) ? 1 : 0));
      if (budget.count === 0) {
        budget.cents = 0;
        budget.feeCents = 0;
      }
    });
  });
}

/** Whole numbers proportional to `weights` that add up to `total` (largest remainder). */
function apportionCount(total: number, weights: readonly number[]): number[] {
  let weightSum = 0;
  for (const weight of weights) weightSum += weight;
  if (weightSum <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / weightSum);
  const parts = exact.map(Math.floor);
  let leftover = total - parts.reduce((sum, part) => sum + part, 0);
  const order = exact.map((value, i) => ({ i, fraction: value - Math.floor(value) }));
  order.sort((a, b) => b.fraction - a.fraction || a.i - b.i);
  for (const { i } of order) {
    if (leftover <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    leftover -= 1;
  }
  return parts;
}

function compareByDate(a: GeneratedTransaction, b: GeneratedTransaction): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : 0;
}
