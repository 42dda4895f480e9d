import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import type { ChatCitation } from '../../../db/schema';

/**
 * What every assistant tool reads with: the database, and the clock and the company's time zone that
 * say which month it is (UTC when absent).
 */
export type ToolDeps = { db: Db; clock: Clock; timeZone?: string };

/** A figure a tool used: see ChatCitation (db/schema/assistant.ts). */
export type Citation = ChatCitation;

/** A tool's answer: its data (JSON, every amount integer cents) and the figures it is built on. */
export type ToolResult<T> = { data: T; citations: Citation[] };

/**
 * One tool over Keel's own data: reads only `entityId`'s rows (the caller checked the
 * viewer's access), validates its arguments, and answers with figures in integer cents and the
 * (account, month) each came from.
 */
export type AssistantToolFn<Args, T> = (
  deps: ToolDeps,
  entityId: string,
  args: Args,
) => Promise<ToolResult<T>>;

/** A tool's arguments or what they name were refused: the message says why, for the model or person. */
export class ToolInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolInputError';
  }
}

/** A month's figures as the report shows them. */
export type MonthFigure = { month: string; amountCents: number; scenario: 'actual' | 'forecast' };

export type ReportFiguresData = {
  /** The report row: an account (with its path) or a line such as 'Net Burn'. */
  line: { name: string; path: string; accountId: string | null };
  /** Balances (banks, cards) show each month's closing balance; flows (income, expense) the month's total. */
  cumulative: boolean;
  months: MonthFigure[];
  /** The months' sum for a flow; null for balances. */
  totalCents: number | null;
};

export type RunwayData = {
  method: 'runway' | 'startup_runway' | 'startup_runway_3mo' | 'runway_no_growth';
  /** What the Runway card's method picker calls the method ('No-growth runway'): the answer names it. */
  methodLabel: string;
  /** Months of runway; null is Unlimited. */
  months: number | null;
  /** The Runway card's gauge label: whole months, '24+', 'Unlimited'. */
  label: string;
  /** The month the cash runs out; null is Never. */
  cashOutMonth: string | null;
  /** The current month. */
  currentMonth: string;
  /** The month the months are counted from: the current month for runway, else the balance's month. */
  countedFrom: string;
  working: {
    balanceCents: number;
    balanceMonth: string;
    burnCents: number | null;
    burnMonths: string[];
    calculation: string;
  };
};

export type BurnMonth = { month: string; incomeCents: number; expenseCents: number; netBurnCents: number };

export type BurnData = {
  /** The last complete actual month (lastCompleteActualMonth): the month under way is partly booked. */
  month: string;
  /** Its expense less its income: the Runway card's 'net burn' (startup runway). */
  netBurnCents: number;
  incomeCents: number;
  expenseCents: number;
  /** The average net burn of the three complete months ending with it, rounded to the cent (startup_runway_3mo). */
  averageNetBurnCents: number;
  /** Those three months, oldest first. */
  lastThreeMonths: BurnMonth[];
  /** With a range asked for: its first and last month. */
  from?: string;
  to?: string;
  /** With a range: each month's income, expense and net burn as the report shows them (actual or forecast), oldest first. */
  months?: BurnMonth[];
  /** With a range: the months' net burn summed. */
  totalNetBurnCents?: number;
  /** With a range: the total over the number of months, rounded half away from zero to the cent. */
  rangeAverageNetBurnCents?: number;
};

export type CashData = {
  /** The month whose closing balance this is: the one asked for, by default the last actual month. */
  month: string;
  /** Actual through the report's cutoff, forecast after it. */
  scenario: 'actual' | 'forecast';
  /** The Banks group's closing balance: the Runway card's cash. */
  cashCents: number;
  /** The bank accounts under Banks with a balance, largest first. */
  accounts: { accountId: string; name: string; balanceCents: number }[];
};

export type SpendCategoryFigure = { name: string; accountId: string | null; amountCents: number };

export type SpendByCategoryData = {
  from: string;
  to: string;
  /** Expense categories (accounts four levels deep under Expense, as the Spend by Category card), largest first. */
  categories: SpendCategoryFigure[];
  /** Every expense of those months (the Expense accounts' total). */
  totalExpenseCents: number;
};

export type IncomeVsExpenseData = {
  month: string;
  incomeCents: number;
  expenseCents: number;
  /** Income less expense. */
  netCents: number;
  scenario: 'actual' | 'forecast';
};

export type FoundTransaction = {
  id: string;
  date: string;
  name: string;
  /** Money in positive, money out negative, from the bank or card account's side. */
  amountCents: number;
  accountName: string | null;
  categoryName: string | null;
};

export type SearchTransactionsData = {
  text: string;
  /** Every match, though only the newest `limit` are listed. */
  count: number;
  transactions: FoundTransaction[];
};

export type ModelOutputsData = {
  model: { id: string; name: string; startMonth: string; endMonth: string } | null;
  /** The company's models, oldest first. */
  models: string[];
  outputs: {
    name: string;
    accountId: string;
    accountName: string | null;
    months: { month: string; amountCents: number }[];
  }[];
};

export type HiringCostMonth = {
  month: string;
  salariesCents: number;
  contractorsCents: number;
  employerTaxesCents: number;
  benefitsCents: number;
  totalCents: number;
};

export type HiringCostsData = {
  months: HiringCostMonth[];
  totalCents: number;
  positions: number;
};

/** A line's figures over a period (lineFigures): a flow's total and average, or a balance at the end. */
export type LineFiguresData = {
  line: { name: string; path: string; accountId: string | null; kind: 'flow' | 'balance' };
  from: string;
  to: string;
  months: MonthFigure[];
  /** 'mixed' when the period holds both actual and forecast months. */
  scenario: 'actual' | 'forecast' | 'mixed';
  /** A flow: the months' sum. A balance: the closing balance of `to`. */
  totalCents: number;
  /** A flow: the sum over the number of months, rounded half away from zero. A balance: the average closing balance. */
  averageCents: number;
  /** The last month's figure less the first month's (a balance: closing of `to` less closing of the month before `from`). */
  changeCents: number;
  /** The last month that is actual within the period, or null when none is. */
  lastActualMonth: string | null;
};

/** Transactions matching a name over a period (transactions tool). */
export type TransactionsData = {
  text: string | null;
  from: string | null;
  to: string | null;
  direction: 'out' | 'in' | 'any';
  /** Every match in the period (not only those listed). */
  count: number;
  /** Money out of the matches, as a positive amount. */
  outCents: number;
  /** Money in of the matches. */
  inCents: number;
  /** Newest first, or largest first (by size of the amount) when sorted by size. */
  transactions: FoundTransaction[];
};

/** A position without an employee: a role still to be filled (a contractor's position too). */
export type OpenRole = {
  title: string;
  /** 'employee' with a salary, 'contractor' with a rate and hours, null with neither. */
  kind: 'employee' | 'contractor' | null;
  department: string | null;
  startMonth: string;
  /** The last month it is paid; null while it runs on. */
  endMonth: string | null;
  /** People the position plans. */
  quantity: number;
  /** Annual salary per person; null when it has none (a contractor's). */
  annualSalaryCents: number | null;
  /** A contractor's hourly rate and monthly hours per person; null otherwise. */
  rateCents: number | null;
  hours: number | null;
};

export type HiringPlanData = {
  /** The month counted. */
  month: string;
  /** People in employee positions (a salary) held by an employee that run in the month (quantity counted). */
  employees: number;
  /** Their salaries in the month (a twelfth of the annual salary per person, rounded to the cent). */
  employeeSalariesCents: number;
  /** People in contractor positions (a rate with hours) running in the month, filled or not. */
  contractors: number;
  /** Their cost in the month (rate x hours x quantity). */
  contractorsCents: number;
  /**
   * Positions without an employee (contractors' included) that have not ended by the month (end month
   * null or on/after it), started or not, by start month. A contractor's open position running in the
   * month is also counted in `contractors`.
   */
  openRoles: OpenRole[];
};

export type WhatIfFigures = { months: number | null; label: string; cashOutMonth: string | null };

/** A hire of a what-if: people of one role from a month on, and their salaries a month. */
export type WhatIfHire = {
  role: string;
  count: number;
  annualSalaryCents: number;
  startMonth: string;
  /** count x annual salary / 12, rounded to the cent (half up), as the hiring plan books a position. */
  monthlySalariesCents: number;
};

/** What the hires add to a month's expense: salaries, then taxes and benefits as shares of them. */
export type WhatIfMonthlyCost = {
  month: string;
  salariesCents: number;
  /** Salaries x the hiring plan's employer tax rate, rounded half away from zero. */
  employerTaxesCents: number;
  employerTaxBasisPoints: number;
  /** Salaries x the hiring plan's benefits rate, rounded half away from zero. */
  benefitsCents: number;
  benefitsBasisPoints: number;
  totalCents: number;
};

export type WhatIfData = {
  method: 'runway';
  baseline: WhatIfFigures;
  scenario: WhatIfFigures;
  hires: WhatIfHire[];
  /** Monthly growth of income, in percent, compounding from the first forecast month; null when not asked. */
  revenueGrowthPercent: number | null;
  /** Growth compounds on this month's income (the last complete actual month); null without growth. */
  growthBaseMonth: string | null;
  growthBaseIncomeCents: number | null;
  /** The first month with every change in effect: the first forecast month or the latest hire's start. */
  changeMonth: string;
  /** What the hires add to expense in `changeMonth`; null without hires. */
  addedMonthlyCost: WhatIfMonthlyCost | null;
  /** What the change adds to (or, negative, takes from) net burn in `changeMonth`: added cost less added income. */
  monthlyBurnChangeCents: number;
  /** The scenario's months less the baseline's; null when either is Unlimited. */
  differenceMonths: number | null;
  /** How the scenario was built, in a sentence: the hires' cost with taxes and benefits, the growth. */
  working: string;
};

/** Each tool's data by name: what the offline assistant reads. */
export type ToolDataByName = {
  reportFigures: ReportFiguresData;
  runway: RunwayData;
  burn: BurnData;
  cash: CashData;
  spendByCategory: SpendByCategoryData;
  incomeVsExpense: IncomeVsExpenseData;
  searchTransactions: SearchTransactionsData;
  modelOutputs: ModelOutputsData;
  hiringCosts: HiringCostsData;
  lineFigures: LineFiguresData;
  transactions: TransactionsData;
  hiringPlan: HiringPlanData;
  whatIf: WhatIfData;
};

export type ToolName = keyof ToolDataByName;
