import type { MonthKey, RunwayMethod } from '@keel/domain';

/**
 * What the built-in parser understood a question to ask, before anything is computed: the measure,
 * the report line (matched against the company's own chart) and the period. Every part is either
 * understood or named as not understood; nothing falls back to another period or line.
 */

/**
 * A span of whole months, both ends included, in the company's time zone. `label` is how the answer
 * names it ('October 2026', 'Q3 2026', 'January to November 2026', '2026 to date'). `endOf` marks a
 * point in time ('cash at the end of October'): balances are read at the end of `to`.
 */
export type Period = {
  from: MonthKey;
  to: MonthKey;
  label: string;
  /** How it was said: a month, a quarter, a year, year to date, the last N months, a range of months. */
  grain: 'month' | 'quarter' | 'year' | 'ytd' | 'qtd' | 'lastN' | 'range';
  endOf?: boolean;
};

/** A period found in a question, with where it was said (so the rest of the text can be read alone). */
export type PeriodMatch = { period: Period; start: number; end: number; text: string };

/**
 * A line of the company's Financial Report the question names: an account (any depth) or a line
 * without an account (Net Income, Net Burn). `kind`: a flow sums over months (income, expense and
 * the lines made of them); a balance is read at a month's end (banks, cards, investments, loans, other).
 */
export type LineRef = {
  name: string;
  /** The report row's key: the account's path of names ('Expense/Operating Expenses/Payroll') or the line's name. */
  path: string;
  accountId: string | null;
  kind: 'flow' | 'balance';
};

/** A line the company's chart offers for matching: every account and every line of the Financial Report. */
export type LineCandidate = LineRef & {
  /** The account's type root ('Income', 'Expense', 'Banks', …) or null for an expression line. */
  root: string | null;
  depth: number;
};

/** What the parser matches names against: the company's chart, its name, and its transactions' names. */
export type Vocabulary = {
  companyName: string;
  lines: LineCandidate[];
  /** Distinct names of the company's transactions (payees and payers), most used first. */
  counterparties: string[];
  /** The company's month today (its time zone): what 'this month', 'last month', 'YTD' mean. */
  currentMonth: MonthKey;
  /** The last month of actuals; later months are forecast. */
  actualsEndMonth: MonthKey;
};

export type Measure = 'total' | 'average' | 'change';

/** A hire in a what-if: how many, what role (free text), the yearly salary each, from which month. */
export type WhatIfHire = { count: number; role: string; annualSalaryCents: number; startMonth: MonthKey };

export type Intent =
  /** A line's total, monthly average or change over a period (a balance line: its balance at the period's end). */
  | { kind: 'figure'; measure: Measure; line: LineRef; period: Period }
  /** A line in one period against another: both figures, the difference and the growth %. */
  | { kind: 'compare'; line: LineRef; periods: [Period, Period] }
  /** A line's share of another (its parent, or the one named) over a period. */
  | { kind: 'share'; line: LineRef; of: LineRef; period: Period }
  /** The biggest lines under `parent` (null: the expense categories) over a period. */
  | { kind: 'topLines'; parent: LineRef | null; top: number; period: Period }
  /** Transactions: what was paid to or received from a counterparty, the largest ones, or a search. */
  | {
      kind: 'transactions';
      mode: 'total' | 'largest' | 'list';
      /** The counterparty or text asked about; null for any. */
      text: string | null;
      direction: 'out' | 'in' | 'any';
      period: Period | null;
      top: number;
    }
  /** Cash (the Banks group) at the end of a month, actual or forecast. */
  | { kind: 'cash'; period: Period }
  | { kind: 'runway'; method: RunwayMethod | null }
  /** Net burn (expense less income) of a period; null: the last complete month. */
  | { kind: 'burn'; period: Period | null }
  | { kind: 'hiring'; measure: 'headcount' | 'cost' | 'openRoles'; period: Period }
  /** Runway (and cash) if the plan changed, computed on a scratch copy: nothing is written. */
  | {
      kind: 'whatIf';
      hires: WhatIfHire[];
      /** Revenue growing this many percent a month from the first forecast month; null: as planned. */
      revenueGrowthPercent: number | null;
    }
  /** Not this company's to answer: another company, a person's own money, advice. */
  | { kind: 'decline'; reason: 'otherCompany' | 'personal' | 'advice'; name: string | null }
  /** A part of the question was not understood: which, what was heard, and questions it can answer. */
  | {
      kind: 'notUnderstood';
      missing: ('measure' | 'line' | 'period')[];
      heard: string | null;
      suggestions: string[];
    };

/**
 * A figure an answer states, for its reader and for the tests that score it: an amount in cents, a
 * count (people, roles, transactions), a number of months (runway; null: Unlimited) or a percent.
 */
export type StatedFigure = {
  label: string;
  amountCents?: number;
  count?: number;
  months?: number | null;
  percent?: number;
};

/** What the built-in assistant answered: its text, what it understood, and the figures it states. */
export type BuiltinAnswer = { text: string; intent: Intent; figures: StatedFigure[] };
