import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import type { ChatCitation } from '../../../db/schema';

/** What every assistant tool reads with: the database and the clock that says which month it is. */
export type ToolDeps = { db: Db; clock: Clock };

/** A figure a tool used: see ChatCitation (db/schema/assistant.ts). */
export type Citation = ChatCitation;

/** A tool's answer: its data (JSON, every amount integer cents) and the figures it is built on. */
export type ToolResult<T> = { data: T; citations: Citation[] };

/**
 * One tool over Keel's own data (issue 18): reads only `entityId`'s rows (the caller checked the
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
};

export type CashData = {
  /** The last actual month, whose closing balance this is. */
  month: string;
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
};

export type ToolName = keyof ToolDataByName;
