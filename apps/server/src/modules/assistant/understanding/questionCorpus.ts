import {
  addMonths,
  computeHiringPlanCosts,
  type HiringCostRates,
  type MonthKey,
  monthRange,
  type PositionPay,
  type RunwayMethod,
} from '@keel/domain';

/**
 * The question corpus of the built-in assistant: questions people type about the demo company (Acme
 * Robotics, today 2026-11-22 in its zone), each with what it asks (the subject an answer must be about)
 * and the figures a right answer states, worked out from the company's own books (CorpusFacts: the
 * Financial Report's rows, the transactions, the hiring plan's tables and the Runway card), never from
 * the assistant's tools or its question reader.
 */

/** What the expectations read: the demo's books as the report, the transactions and the plan show them. */
export type CorpusFacts = {
  /** The company's month today. */
  currentMonth: MonthKey;
  /** A report row's figure in a month by its key (an account's path or a line's name): a flow's month, a balance's close. */
  cell(path: string, month: MonthKey): number;
  /** The paths of the report's account rows. */
  accountPaths: readonly string[];
  /** Every bookkeeping transaction: its name, date and amount (money out negative) as the Transactions page lists it. */
  transactions: readonly { name: string; date: string; amountCents: number }[];
  /** The hiring plan's positions, each with whether an employee holds it. */
  positions: readonly (PositionPay & { hasEmployee: boolean })[];
  hiringRates: HiringCostRates;
  /** The Runway card's months for a method (null: Unlimited). */
  runwayMonths(method: RunwayMethod): number | null;
};

/**
 * The parts of an intent an answer is scored on, as plain values: kind, line path, periods as
 * 'from..to', measure, method and so on. An expected subject names only the parts it fixes.
 */
export type Subject = { kind: string } & Record<string, unknown>;

/** A figure a right answer states: at a position (`at`) or anywhere among its figures. */
export type ExpectedFigure = {
  at?: number;
  amountCents?: number;
  count?: number;
  months?: number | null;
  percent?: number;
  /** Only that the answer states a number of months (what-ifs: the tools' tests check the number). */
  statesMonths?: true;
  /** The amount's text must appear in the answer: 'exact' as signed, 'either' signed or its magnitude. */
  moneyText?: 'exact' | 'either';
};

export type Expectation = { subject: Subject; figures: ExpectedFigure[] };

export type CorpusGroup =
  | 'figure'
  | 'compare'
  | 'share'
  | 'topLines'
  | 'transactions'
  | 'cash'
  | 'runway'
  | 'burn'
  | 'hiring'
  | 'whatIf'
  | 'decline'
  | 'notUnderstood';

type CorpusQuestion = {
  question: string;
  group: CorpusGroup;
  expect: (facts: CorpusFacts) => Expectation;
};

/** The demo's today is 2026-11-22: the months the corpus' periods are written in. */
export const CORPUS_CURRENT_MONTH = '2026-11';
export const CORPUS_LAST_COMPLETE_MONTH = '2026-10';

const REVENUE = 'Income/Revenue';
const EXPENSE = 'Expense';
const OPEX = 'Expense/Operating Expenses';
const COGS = 'Expense/Cost of Revenue';
const PAYROLL = 'Expense/Operating Expenses/Payroll';
const SALARIES = `${PAYROLL}/Salaries`;
const SOFTWARE = `${OPEX}/Software`;
const MARKETING = `${OPEX}/Marketing`;
const TRAVEL = `${OPEX}/Travel`;
const LEGAL = `${OPEX}/Professional Services/Legal`;
const NET_INCOME = 'Net Income';

/** A span of months, both ends included. */
type Span = readonly [MonthKey, MonthKey];
const month = (key: MonthKey): Span => [key, key];
const LAST_MONTH = month('2026-10');
const THIS_MONTH = month('2026-11');
const Q2 = ['2026-04', '2026-06'] as const;
const Q3 = ['2026-07', '2026-09'] as const;
const THIS_QUARTER = ['2026-10', '2026-12'] as const;
const NEXT_QUARTER = ['2027-01', '2027-03'] as const;
const YTD = ['2026-01', '2026-11'] as const;
const THIS_YEAR = ['2026-01', '2026-12'] as const;
const LAST_YEAR = ['2025-01', '2025-12'] as const;
const YEAR_2027 = ['2027-01', '2027-12'] as const;
const LAST_3 = ['2026-08', '2026-10'] as const;
const TTM = ['2025-11', '2026-10'] as const;
const NEXT_6 = ['2026-12', '2027-05'] as const;

export const spanKey = (span: Span) => `${span[0]}..${span[1]}`;

const BALANCE_ROOTS = ['Banks', 'Credit Cards', 'Investments', 'Loans', 'Other'];
const isBalance = (path: string) => BALANCE_ROOTS.includes(path.split('/')[0] ?? '');

/** A line over a span: a flow's sum of months, a balance's close at the span's end. */
export function lineTotal(facts: CorpusFacts, path: string, span: Span): number {
  if (isBalance(path)) return facts.cell(path, span[1]);
  return monthRange(span[0], span[1]).reduce((sum, key) => sum + facts.cell(path, key), 0);
}

const monthCount = (span: Span) => monthRange(span[0], span[1]).length;
const roundTo1 = (value: number) => Math.round(value * 10) / 10;

function figure(
  question: string,
  path: string,
  span: Span,
  measure: 'total' | 'average' = 'total',
): CorpusQuestion {
  return {
    question,
    group: 'figure',
    expect: (facts) => {
      const total = lineTotal(facts, path, span);
      const amountCents = measure === 'average' ? Math.round(total / monthCount(span)) : total;
      return {
        subject: { kind: 'figure', measure, line: path, period: spanKey(span) },
        figures: [{ at: 0, amountCents, moneyText: 'exact' }],
      };
    },
  };
}

function compare(question: string, path: string, a: Span, b: Span): CorpusQuestion {
  return {
    question,
    group: 'compare',
    expect: (facts) => {
      const first = lineTotal(facts, path, a);
      const second = lineTotal(facts, path, b);
      const figures: ExpectedFigure[] = [
        { at: 0, amountCents: first, moneyText: 'exact' },
        { at: 1, amountCents: second, moneyText: 'exact' },
        { at: 2, amountCents: first - second, moneyText: 'either' },
      ];
      if (second !== 0) figures.push({ percent: roundTo1(((first - second) / Math.abs(second)) * 100) });
      return { subject: { kind: 'compare', line: path, periods: [spanKey(a), spanKey(b)] }, figures };
    },
  };
}

function share(question: string, path: string, of: string, span: Span): CorpusQuestion {
  return {
    question,
    group: 'share',
    expect: (facts) => ({
      subject: { kind: 'share', line: path, of, period: spanKey(span) },
      figures: [{ percent: roundTo1((lineTotal(facts, path, span) / lineTotal(facts, of, span)) * 100) }],
    }),
  };
}

/** The Spend by Category card's categories over a span: accounts four levels under Expense, positive, largest first. */
export function expenseCategories(facts: CorpusFacts, span: Span): { name: string; amountCents: number }[] {
  return facts.accountPaths
    .filter((path) => path.startsWith('Expense/') && path.split('/').length === 4)
    .map((path) => ({ name: path.split('/')[3] ?? '', amountCents: lineTotal(facts, path, span) }))
    .filter((category) => category.amountCents > 0)
    .sort((a, b) => b.amountCents - a.amountCents || a.name.localeCompare(b.name));
}

function topLines(question: string, top: number, span: Span): CorpusQuestion {
  return {
    question,
    group: 'topLines',
    expect: (facts) => ({
      subject: { kind: 'topLines', parent: null, top, period: spanKey(span) },
      figures: expenseCategories(facts, span)
        .slice(0, top)
        .map((category, at) => ({ at, amountCents: category.amountCents, moneyText: 'exact' as const })),
    }),
  };
}

/** Transactions dated in a span whose name contains the text, any case. */
function matching(facts: CorpusFacts, text: string | null, span: Span) {
  const needle = text?.toLowerCase() ?? '';
  return facts.transactions.filter((transaction) => {
    const key = transaction.date.slice(0, 7);
    return key >= span[0] && key <= span[1] && transaction.name.toLowerCase().includes(needle);
  });
}

function vendorTotal(
  question: string,
  text: string,
  span: Span,
  direction: 'out' | 'in' = 'out',
): CorpusQuestion {
  return {
    question,
    group: 'transactions',
    expect: (facts) => {
      const found = matching(facts, text, span);
      if (found.length === 0) throw new Error(`No '${text}' transactions in ${spanKey(span)}: pick another`);
      const amountCents = found
        .filter((transaction) =>
          direction === 'out' ? transaction.amountCents < 0 : transaction.amountCents > 0,
        )
        .reduce((sum, transaction) => sum + Math.abs(transaction.amountCents), 0);
      // The direction is fixed only for money in; money out is what a total of payments means either way.
      const subject: Subject = {
        kind: 'transactions',
        mode: 'total',
        text: text.toLowerCase(),
        period: spanKey(span),
      };
      if (direction === 'in') subject.direction = 'in';
      return { subject, figures: [{ at: 0, amountCents, moneyText: 'exact' }] };
    },
  };
}

function largest(question: string, direction: 'out' | 'any', span: Span): CorpusQuestion {
  return {
    question,
    group: 'transactions',
    expect: (facts) => {
      const sizes = matching(facts, null, span)
        .filter((transaction) => direction === 'any' || transaction.amountCents < 0)
        .map((transaction) => Math.abs(transaction.amountCents));
      if (sizes.length === 0) throw new Error(`No transactions in ${spanKey(span)}`);
      return {
        subject: { kind: 'transactions', mode: 'largest', text: null, direction, period: spanKey(span) },
        figures: [{ at: 0, amountCents: Math.max(...sizes), moneyText: 'either' }],
      };
    },
  };
}

function cash(question: string, at: MonthKey): CorpusQuestion {
  return {
    question,
    group: 'cash',
    expect: (facts) => ({
      subject: { kind: 'cash', period: spanKey(month(at)) },
      figures: [{ at: 0, amountCents: facts.cell('Banks', at), moneyText: 'exact' }],
    }),
  };
}

function runway(question: string, method: RunwayMethod): CorpusQuestion {
  return {
    question,
    group: 'runway',
    expect: (facts) => ({
      subject: { kind: 'runway', method },
      figures: [{ at: 0, months: facts.runwayMonths(method) }],
    }),
  };
}

function burn(question: string, span: Span): CorpusQuestion {
  return {
    question,
    group: 'burn',
    expect: (facts) => ({
      subject: { kind: 'burn', period: spanKey(span) },
      figures: [
        {
          at: 0,
          amountCents: lineTotal(facts, EXPENSE, span) - lineTotal(facts, 'Income', span),
          moneyText: 'exact',
        },
      ],
    }),
  };
}

/** People in employee positions (held by someone) running in a month: contractors and open roles are not counted. */
export function headcountIn(facts: CorpusFacts, key: MonthKey): number {
  return facts.positions
    .filter((position) => position.hasEmployee && position.salaryCents !== null)
    .filter(
      (position) => key >= position.startMonth && (position.endMonth === null || key <= position.endMonth),
    )
    .reduce((sum, position) => sum + position.quantity, 0);
}

function headcount(question: string, at: MonthKey): CorpusQuestion {
  return {
    question,
    group: 'hiring',
    expect: (facts) => ({
      subject: { kind: 'hiring', measure: 'headcount', period: spanKey(month(at)) },
      figures: [{ at: 0, count: headcountIn(facts, at) }],
    }),
  };
}

function openRoles(question: string): CorpusQuestion {
  return {
    question,
    group: 'hiring',
    expect: (facts) => ({
      subject: { kind: 'hiring', measure: 'openRoles' },
      figures: [
        {
          at: 0,
          count: facts.positions.filter(
            (position) =>
              !position.hasEmployee &&
              (position.endMonth === null || position.endMonth >= facts.currentMonth),
          ).length,
        },
      ],
    }),
  };
}

function hiringCost(question: string, span: Span): CorpusQuestion {
  return {
    question,
    group: 'hiring',
    expect: (facts) => {
      const costs = computeHiringPlanCosts(facts.positions, monthRange(span[0], span[1]), facts.hiringRates);
      const amountCents = costs.reduce(
        (sum, cost) => sum + cost.salaries + cost.contractors + cost.employerTaxes + cost.benefits,
        0,
      );
      return {
        subject: { kind: 'hiring', measure: 'cost', period: spanKey(span) },
        figures: [{ at: 0, amountCents, moneyText: 'exact' }],
      };
    },
  };
}

type Hire = { count: number; annualSalaryCents: number; startMonth: MonthKey };

function whatIf(question: string, hires: Hire[], revenueGrowthPercent: number | null): CorpusQuestion {
  return {
    question,
    group: 'whatIf',
    expect: () => ({
      subject: { kind: 'whatIf', hires, revenueGrowthPercent },
      figures: [{ statesMonths: true }],
    }),
  };
}

function decline(question: string, reason: 'otherCompany' | 'personal' | 'advice'): CorpusQuestion {
  return {
    question,
    group: 'decline',
    expect: () => ({ subject: { kind: 'decline', reason }, figures: [] }),
  };
}

function notUnderstood(question: string, missing: ('measure' | 'line' | 'period')[]): CorpusQuestion {
  return {
    question,
    group: 'notUnderstood',
    expect: () => ({ subject: { kind: 'notUnderstood', missing }, figures: [] }),
  };
}

const hires = (
  count: number,
  annualSalaryCents: number,
  startMonth: MonthKey = addMonths(CORPUS_CURRENT_MONTH, 1),
) => ({
  count,
  annualSalaryCents,
  startMonth,
});

export const QUESTION_CORPUS: readonly CorpusQuestion[] = [
  // Totals and averages of report lines, as people type them.
  figure('rev last month', REVENUE, LAST_MONTH),
  figure('revenue in October', REVENUE, LAST_MONTH),
  figure('Oct revenue', REVENUE, LAST_MONTH),
  figure('revenue in sept', REVENUE, month('2026-09')),
  figure('What was our revenue last quarter?', REVENUE, Q3),
  figure('sales in Q3', REVENUE, Q3),
  figure('revenue', REVENUE, LAST_MONTH),
  figure('How much revenue did we make in September 2026?', REVENUE, month('2026-09')),
  figure('revenue TTM', REVENUE, TTM),
  figure('revenue for the last 12 months', REVENUE, TTM),
  figure('revenue this quarter', REVENUE, THIS_QUARTER),
  figure('forecast revenue for March', REVENUE, month('2027-03')),
  figure('projected revenue next quarter', REVENUE, NEXT_QUARTER),
  figure('revenue in 2027', REVENUE, YEAR_2027),
  figure('subscription revenue last month', `${REVENUE}/Subscriptions`, LAST_MONTH),
  figure('services revenue in Q3', `${REVENUE}/Services`, Q3),
  figure('interest income ytd', 'Income/Other Income/Interest Income', YTD),
  figure('income in October', 'Income', LAST_MONTH),
  figure('Total income for 2025?', 'Income', LAST_YEAR),
  figure('opex Q3', OPEX, Q3),
  figure('opex', OPEX, LAST_MONTH),
  figure('opex from Jan to Mar', OPEX, ['2026-01', '2026-03']),
  figure('what was opex in october 2025', OPEX, month('2025-10')),
  figure('net income ytd', NET_INCOME, YTD),
  figure('whats our net income year to date', NET_INCOME, YTD),
  figure('profit last month', NET_INCOME, LAST_MONTH),
  figure('bottom line for Q2', NET_INCOME, Q2),
  figure('net income last year', NET_INCOME, LAST_YEAR),
  figure('Travel expenses in September?', TRAVEL, month('2026-09')),
  figure('What did we spend on travel last month?', TRAVEL, LAST_MONTH),
  figure('payroll for the last 3 months', PAYROLL, LAST_3),
  figure('payroll this year', PAYROLL, THIS_YEAR),
  figure('what did payroll cost us in september', PAYROLL, month('2026-09')),
  figure('Payroll in Q1 2026', PAYROLL, ['2026-01', '2026-03']),
  figure('legal fees in 2026', LEGAL, THIS_YEAR),
  figure('How much did we spend on legal in Q3?', LEGAL, Q3),
  figure('salries last month', SALARIES, LAST_MONTH),
  figure('salaries in 2025', SALARIES, LAST_YEAR),
  figure('advertsing in August', `${MARKETING}/Advertising`, month('2026-08')),
  figure('total expenses last month', EXPENSE, LAST_MONTH),
  figure('expenses', EXPENSE, LAST_MONTH),
  figure('costs this month', EXPENSE, THIS_MONTH),
  figure('spending in September', EXPENSE, month('2026-09')),
  figure('expenses next 6 months', EXPENSE, NEXT_6),
  figure('COGS last quarter', COGS, Q3),
  figure('cost of revenue in 2025', COGS, LAST_YEAR),
  figure('rent in October', `${OPEX}/Facilities/Rent`, LAST_MONTH),
  figure('cloud hosting costs last month', `${SOFTWARE}/Cloud Hosting`, LAST_MONTH),
  figure('software spend in Q3', SOFTWARE, Q3),
  figure('marketing expenses last quarter', MARKETING, Q3),
  figure('marketing spend over the last 6 months', MARKETING, ['2026-05', '2026-10']),
  figure('insurance in 2026', `${OPEX}/Insurance`, THIS_YEAR),
  figure('stripe fees last month', `${COGS}/Payment Processing/Stripe Fees`, LAST_MONTH),
  figure('meals in September', `${TRAVEL}/Meals`, month('2026-09')),
  figure('airfare this year', `${TRAVEL}/Airfare`, THIS_YEAR),
  figure('lodging ytd', `${TRAVEL}/Lodging`, YTD),
  figure('events spend in Q3', `${MARKETING}/Events`, Q3),
  figure('office supplies in October', `${OPEX}/Office/Office Supplies`, LAST_MONTH),
  figure('equipment spending in Q2', `${OPEX}/Office/Equipment`, Q2),
  figure('accounting fees last month', `${OPEX}/Professional Services/Accounting`, LAST_MONTH),
  figure('payroll taxes in October', `${PAYROLL}/Payroll Taxes`, LAST_MONTH),
  figure('bank fees this year', 'Expense/Other Expenses/Bank Charges/Bank Fees', THIS_YEAR),
  figure('loan interest last quarter', 'Expense/Other Expenses/Interest/Loan Interest', Q3),
  figure('customer support costs Q3', `${COGS}/Customer Support`, Q3),
  figure('loans balance', 'Loans', THIS_MONTH),
  figure('debt at the end of October', 'Loans', LAST_MONTH),
  figure('credit card balance', 'Credit Cards', THIS_MONTH),
  figure('investments at the end of Q3', 'Investments', month('2026-09')),
  figure('average monthly opex in 2026', OPEX, THIS_YEAR, 'average'),
  figure('avg payroll per month last quarter', PAYROLL, Q3, 'average'),
  figure('average monthly revenue ytd', REVENUE, YTD, 'average'),
  figure('average expenses per month over the last 3 months', EXPENSE, LAST_3, 'average'),
  figure('average monthly salaries in 2025', SALARIES, LAST_YEAR, 'average'),

  // One period against another, and one line's share of another.
  compare('revenue Q3 vs Q2', REVENUE, Q3, Q2),
  compare('payroll October vs September', PAYROLL, LAST_MONTH, month('2026-09')),
  compare('revenue this year vs last year', REVENUE, THIS_YEAR, LAST_YEAR),
  compare('year over year revenue growth for October', REVENUE, LAST_MONTH, month('2025-10')),
  compare('how did opex change from September to October', OPEX, LAST_MONTH, month('2026-09')),
  compare('compare expenses Q3 vs Q2', EXPENSE, Q3, Q2),
  compare('net income October vs September', NET_INCOME, LAST_MONTH, month('2026-09')),
  compare('travel Q3 vs Q2', TRAVEL, Q3, Q2),
  compare('marketing spend September vs August', MARKETING, month('2026-09'), month('2026-08')),
  compare('salaries 2026 vs 2025', SALARIES, THIS_YEAR, LAST_YEAR),
  compare('cogs q3 vs q2', COGS, Q3, Q2),
  compare('revenue October 2026 vs October 2025', REVENUE, LAST_MONTH, month('2025-10')),
  compare('legal fees Q3 compared to Q2', LEGAL, Q3, Q2),
  compare('opex this quarter vs last quarter', OPEX, THIS_QUARTER, Q3),
  compare('software costs in October vs September', SOFTWARE, LAST_MONTH, month('2026-09')),
  share('payroll as a share of expenses in October', PAYROLL, EXPENSE, LAST_MONTH),
  share('what % of opex is software', SOFTWARE, OPEX, LAST_MONTH),
  share('marketing as a share of expenses', MARKETING, EXPENSE, LAST_MONTH),
  share('what percentage of revenue is subscriptions last quarter', `${REVENUE}/Subscriptions`, REVENUE, Q3),
  share('salaries as a share of payroll last month', SALARIES, PAYROLL, LAST_MONTH),
  share('travel as a % of expenses in Q3', TRAVEL, EXPENSE, Q3),
  share(
    'cloud hosting as a share of software in September',
    `${SOFTWARE}/Cloud Hosting`,
    SOFTWARE,
    month('2026-09'),
  ),
  share('what share of expenses is cost of revenue ytd', COGS, EXPENSE, YTD),
  share('rent as a percent of opex in 2025', `${OPEX}/Facilities/Rent`, OPEX, LAST_YEAR),

  // The biggest expense categories (the Spend by Category card's).
  topLines('top 5 expenses in October', 5, LAST_MONTH),
  topLines('top 3 expense categories last month', 3, LAST_MONTH),
  topLines('top 5 expenses last quarter', 5, Q3),
  topLines('top 10 expense categories ytd', 10, YTD),
  topLines('what were our top 3 costs in September', 3, month('2026-09')),
  topLines('largest 4 spending categories in Q2', 4, Q2),
  topLines('top 5 expenses this year', 5, THIS_YEAR),
  topLines('top 3 expenses in 2025', 3, LAST_YEAR),
  topLines('top 5 cost categories for the last 3 months', 5, LAST_3),
  topLines('top 2 expenses in August', 2, month('2026-08')),
  topLines('show me the top 6 expense categories for Q3', 6, Q3),
  topLines('top 3 expenses next quarter', 3, NEXT_QUARTER),
  topLines('top 5 spending categories TTM', 5, TTM),
  topLines('top 4 expenses in July', 4, month('2026-07')),
  topLines('biggest 3 expense categories in 2026', 3, THIS_YEAR),
  topLines('top 5 expenses this month', 5, THIS_MONTH),

  // Vendors and transactions.
  vendorTotal('how much did we pay AWS last month', 'AWS', LAST_MONTH),
  vendorTotal('AWS bill in September', 'AWS', month('2026-09')),
  vendorTotal('how much did we pay Gusto in October', 'Gusto', LAST_MONTH),
  vendorTotal('WeWork spend in Q3', 'WeWork', Q3),
  vendorTotal('what did we spend on Datadog this year', 'Datadog', THIS_YEAR),
  vendorTotal('how much have we paid Slack ytd', 'Slack', YTD),
  vendorTotal('payments to Google Workspace last quarter', 'Google Workspace', Q3),
  vendorTotal('how much did we pay Aetna last month', 'Aetna', LAST_MONTH),
  vendorTotal('how much did we spend at Uber in September', 'Uber', month('2026-09')),
  vendorTotal('Delta Air Lines spend in 2025', 'Delta Air Lines', LAST_YEAR),
  vendorTotal('how much did we pay Pilot in 2026', 'Pilot', THIS_YEAR),
  vendorTotal('total paid to Deel over the last 3 months', 'Deel', LAST_3),
  vendorTotal('how much did we spend on Figma last year', 'Figma', LAST_YEAR),
  vendorTotal('how much did we pay Vouch Insurance in Q3', 'Vouch Insurance', Q3),
  vendorTotal('how much did we pay Comcast last month', 'Comcast', LAST_MONTH),
  vendorTotal('how much did we spend at Lyft in October', 'Lyft', LAST_MONTH),
  vendorTotal('how much did we receive from Stripe last month', 'Stripe', LAST_MONTH, 'in'),
  largest('largest transaction in October', 'any', LAST_MONTH),
  largest('biggest payment last month', 'out', LAST_MONTH),
  largest('largest expense transaction in September', 'out', month('2026-09')),
  largest('what was the largest transaction last quarter', 'any', Q3),
  largest('biggest payment in Q2', 'out', Q2),
  largest('largest transaction this year', 'any', THIS_YEAR),
  largest('largest transaction in August 2026', 'any', month('2026-08')),
  largest('biggest payment in 2025', 'out', LAST_YEAR),

  // Cash at the end of a month, actual or forecast.
  cash('cash at the end of October', '2026-10'),
  cash('how much cash do we have', '2026-11'),
  cash('cash balance', '2026-11'),
  cash('whats our bank balance', '2026-11'),
  cash('how much money is in the bank', '2026-11'),
  cash('cash on hand', '2026-11'),
  cash('cash at the end of March 2027', '2027-03'),
  cash('cash at end of September', '2026-09'),
  cash('projected cash at the end of next quarter', '2027-03'),
  cash('forecast cash for June', '2027-06'),
  cash('cash at the end of 2027', '2027-12'),
  cash('cash at the end of last year', '2025-12'),
  cash('cash at the end of Q3', '2026-09'),
  cash('how much cash will we have in December', '2026-12'),
  cash('cash at the end of this year', '2026-12'),
  cash('cash in January 2026', '2026-01'),
  cash('cash position at the end of last month', '2026-10'),
  cash('cash balance end of August', '2026-08'),

  // Runway (the card's methods) and net burn.
  runway('what is our runway', 'runway'),
  runway('runway', 'runway'),
  runway('how many months of runway do we have', 'runway'),
  runway('how long until we run out of cash', 'runway'),
  runway('when do we run out of money', 'runway'),
  runway('runway by no-growth', 'runway_no_growth'),
  runway('no growth runway', 'runway_no_growth'),
  runway('startup runway', 'startup_runway'),
  runway('startup runway with 3-month burn', 'startup_runway_3mo'),
  burn('net burn for October', LAST_MONTH),
  burn('burn last quarter', Q3),
  burn('what is our burn rate', LAST_MONTH),
  burn('monthly burn', LAST_MONTH),
  burn('net burn ytd', YTD),
  burn('burn in September', month('2026-09')),

  // The hiring plan.
  headcount('headcount', '2026-11'),
  headcount('how many employees do we have', '2026-11'),
  headcount('current headcount', '2026-11'),
  headcount('how many people work here', '2026-11'),
  headcount('headcount in January 2026', '2026-01'),
  headcount('headcount in March', '2026-03'),
  headcount('how many employees did we have in June 2025', '2025-06'),
  openRoles('open roles'),
  openRoles('how many open roles do we have'),
  openRoles('how many open positions are there'),
  hiringCost('hiring cost in 2027', YEAR_2027),
  hiringCost('hiring plan cost next quarter', NEXT_QUARTER),
  hiringCost('what does the hiring plan cost this month', THIS_MONTH),
  hiringCost('hiring cost over the next 6 months', NEXT_6),
  hiringCost('hiring cost in December 2026', month('2026-12')),

  // What-ifs: only what was understood is scored, and that the answer states a runway.
  whatIf('what if we hire two engineers at $150k', [hires(2, 15_000_000)], null),
  whatIf('runway if we hire 3 salespeople at 120k', [hires(3, 12_000_000)], null),
  whatIf('what if revenue grows 5% a month', [], 5),
  whatIf('runway if revenue grows 10% per month', [], 10),
  whatIf(
    'what happens to runway if we hire a designer at $90,000 starting in March',
    [hires(1, 9_000_000, '2027-03')],
    null,
  ),
  whatIf(
    'if we hire 2 engineers at 160k from February, what is our runway',
    [hires(2, 16_000_000, '2027-02')],
    null,
  ),
  whatIf(
    'what if we hire one account executive at $120k and revenue grows 3% monthly',
    [hires(1, 12_000_000)],
    3,
  ),
  whatIf('what if we hire 4 engineers at $140k', [hires(4, 14_000_000)], null),
  whatIf(
    'how does runway change if we hire 5 people at 100k in January',
    [hires(5, 10_000_000, '2027-01')],
    null,
  ),

  // Not this company's to answer.
  decline('how much cash does Boston Dynamics have in the bank', 'otherCompany'),
  decline("what is Tesla's revenue", 'otherCompany'),
  decline("what was Apple's net income last year", 'otherCompany'),
  decline('how much does Google spend on payroll', 'otherCompany'),
  decline('Nvidia revenue last quarter', 'otherCompany'),
  decline('how much runway does OpenAI have', 'otherCompany'),
  decline("what is Microsoft's cash balance", 'otherCompany'),
  decline('what is my personal checking balance', 'personal'),
  decline('what is my credit score', 'personal'),
  decline('how much is in my personal savings account', 'personal'),
  decline('how much do I owe on my mortgage', 'personal'),
  decline('what is my 401k balance', 'personal'),
  decline('should I buy Nvidia stock', 'advice'),
  decline('should we take a loan', 'advice'),
  decline('should we raise a series B', 'advice'),
  decline('should I invest in bitcoin', 'advice'),
  decline('which stocks should we invest our cash in', 'advice'),

  // Not understood: the answer says what it did not understand and states no figure.
  notUnderstood('what were the frobnitz costs last month', ['line']),
  notUnderstood('tell me a joke', ['measure']),
  notUnderstood('what were the zorblax expenses in Q3', ['line']),
  notUnderstood('what is the weather today', ['measure']),
  notUnderstood('write me a poem about robots', ['measure']),
  notUnderstood('blorp fees last quarter', ['line']),
  notUnderstood('what is the quux balance', ['line']),
  notUnderstood('how much did the snargle line cost this year', ['line']),
  notUnderstood('what color is the sky', ['measure']),
];
