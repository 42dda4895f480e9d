import type { MonthKey } from '@keel/domain';
import { CARD, CHECKING, type MonthlyRange, type VariableFlow } from './companyCatalog';
import type { GeneratedEntry, GeneratedTransaction } from './generatedTransaction';
import type { Random } from './random';

/** What a month of variable activity adds up to: `cents` spread over `count` transactions. */
export type VariableBudget = { flow: VariableFlow; cents: number; feeCents: number; count: number };

export type CalendarMonth = {
  month: MonthKey;
  index: number;
  daysInMonth: number;
  /** The last day with bookkeeping: the month's last day, or today's day in the current month. */
  lastDay: number;
  /** 0 at the first month of the history, 1 at the last. */
  progress: number;
};

export type MonthPlan = CalendarMonth & {
  /** Payroll, bills, card payoffs, loan, interest, financing: transactions known in full up front. */
  fixed: GeneratedTransaction[];
  variable: VariableBudget[];
};

/** Dollars a month at `progress` along a range (geometric: growth compounds), times `scale`, in cents. */
export function interpolateCents(range: MonthlyRange, progress: number, scale: number): number {
  const [start, end] = range;
  const dollars = start === end ? start : start * (end / start) ** progress;
  return Math.round(dollars * scale * 100);
}

/** A multiplier around 1 for month-to-month noise, kept within ±2 spreads. */
export function jitter(random: Random, spread: number): number {
  return Math.min(1 + 2 * spread, Math.max(1 - 2 * spread, 1 + spread * random.normal()));
}

/** Which part of the month has happened: 1 for past months, day/days in the current one. */
export function elapsedFraction(month: CalendarMonth): number {
  return month.lastDay / month.daysInMonth;
}

/** Head count: 9 people growing to 20 over the history, times the company's scale. */
export function countSeats(month: Pick<CalendarMonth, 'progress'>, scale: number): number {
  return Math.round((9 + 11 * month.progress) * scale);
}

export function formatDay(month: MonthKey, day: number): string {
  return `${month}-${String(day).padStart(2, '0')}`;
}

/** A transaction that arrived through the bank feed. */
export function buildImportedTransaction(
  random: Random,
  name: string,
  memo: string,
  date: string,
  entries: GeneratedEntry[],
): GeneratedTransaction {
  return {
    type: 'Imported',
    name,
    memo,
    date,
    source: 'plaid',
    externalId: `plaid_${random.hex(24)}`,
    entries,
  };
}

/** A transaction a bookkeeper entered in Keel. */
export function buildUserTransaction(
  name: string,
  memo: string,
  date: string,
  entries: GeneratedEntry[],
): GeneratedTransaction {
  return { type: 'UserTransaction', name, memo, date, source: null, externalId: null, entries };
}

/** The card's charges of a month, all of which the next month's autopay settles. */
export function sumCardCharges(month: MonthPlan): number {
  let cents = 0;
  for (const budget of month.variable) if (budget.flow.via === 'card') cents += budget.cents;
  for (const transaction of month.fixed) {
    for (const entry of transaction.entries)
      if (entry.account === CARD && entry.amount < 0) cents -= entry.amount;
  }
  return cents;
}

/**
 * A month's effect on a cash account: `net` change and the total of money going `out`. Counts the
 * fixed transactions that `include` accepts and, for checking, the variable flows paid from or into it.
 */
export function sumCashFlow(
  month: MonthPlan,
  account: string,
  include: (transaction: GeneratedTransaction) => boolean = () => true,
): { net: number; out: number } {
  let net = 0;
  let out = 0;
  for (const transaction of month.fixed) {
    if (!include(transaction)) continue;
    for (const entry of transaction.entries) {
      if (entry.account !== account) continue;
      net += entry.amount;
      if (entry.amount < 0) out -= entry.amount;
    }
  }
  if (account === CHECKING) {
    for (const budget of month.variable) {
      if (budget.flow.kind === 'stripePayout') net += budget.cents - budget.feeCents;
      else if (budget.flow.kind === 'invoice') net += budget.cents;
      else if (budget.flow.via === 'checking') {
        net -= budget.cents;
        out += budget.cents;
      }
    }
  }
  return { net, out };
}
