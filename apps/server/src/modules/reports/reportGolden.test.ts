import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoldenCompany, RENT, SALARIES } from '../../../test/goldenCompany';
import { createTestApp, type TestApp } from '../../../test/harness';

/**
 * A golden company, every figure below worked out by hand (cents). Today is 2026-11-22 (the harness
 * clock); the report runs 2025-10 to 2027-03 with actuals through 2026-11.
 *
 * Actuals: $100,000 of capital in Sep 2025 (before the range: the opening balance); subscriptions of
 * $3,000 (Oct 25), $4,000 (Jun 26), $6,000 (Nov 26); services $1,500 (Dec 25); rent $2,000 (Dec 25, Nov
 * 26); salaries $8,000 (Jan 26, Nov 26); $250 of SaaS on the card in Mar 26, paid the same month; $100
 * booked straight on 'Operating Expenses' on the card in Jun 26 (unpaid); and $9,999 of subscriptions
 * booked in Dec 26, after the cutoff, which the report must not show (Dec 26 is a forecast month).
 * Forecasts: salaries $7,000 in Nov 26 (on or before the cutoff: not shown), $30,000 a month Dec 26 to
 * Mar 27; subscriptions $5,000 a month Dec 26 to Mar 27.
 */
// The company's accounts and transactions: test/goldenCompany.ts (the assistant's tests use it too).

// biome-ignore format: one line per group of columns
const COLUMN_KEYS = [
  '2025-10', '2025-11', '2025-12', 'fy-2025',
  '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06',
  '2026-07', '2026-08', '2026-09', '2026-10', '2026-11', 'ytd-2026',
  '2026-12', 'fy-2026', '2027-01', '2027-02', '2027-03', 'total',
];

// Figures by column, in the order of COLUMN_KEYS.
// biome-ignore format: one line per group of columns
const INCOME = [
  300_000, 0, 150_000, 450_000,
  0, 0, 0, 0, 0, 400_000,
  0, 0, 0, 0, 600_000, 1_000_000,
  500_000, 1_500_000, 500_000, 500_000, 500_000, 3_450_000,
];
// biome-ignore format: one line per group of columns
const EXPENSE = [
  0, 0, 200_000, 200_000,
  800_000, 0, 25_000, 0, 0, 10_000,
  0, 0, 0, 0, 1_000_000, 1_835_000,
  3_000_000, 4_835_000, 3_000_000, 3_000_000, 3_000_000, 14_035_000,
];
// biome-ignore format: one line per group of columns
const NET_INCOME = [
  300_000, 0, -50_000, 250_000,
  -800_000, 0, -25_000, 0, 0, 390_000,
  0, 0, 0, 0, -400_000, -835_000,
  -2_500_000, -3_335_000, -2_500_000, -2_500_000, -2_500_000, -10_585_000,
];
// Balances: a month's closing balance; FY and YTD the balance at their last month; total at the range end.
// biome-ignore format: one line per group of columns
const BANKS = [
  10_300_000, 10_300_000, 10_250_000, 10_250_000,
  9_450_000, 9_450_000, 9_425_000, 9_425_000, 9_425_000, 9_825_000,
  9_825_000, 9_825_000, 9_825_000, 9_825_000, 9_425_000, 9_425_000,
  6_925_000, 6_925_000, 4_425_000, 1_925_000, -575_000, -575_000,
];
// biome-ignore format: one line per group of columns
const CREDIT_CARDS = [
  0, 0, 0, 0,
  0, 0, 0, 0, 0, 10_000,
  10_000, 10_000, 10_000, 10_000, 10_000, 10_000,
  10_000, 10_000, 10_000, 10_000, 10_000, 10_000,
];
// biome-ignore format: one line per group of columns
const OPERATING_EXPENSES_OWN = [
  0, 0, 0, 0,
  0, 0, 0, 0, 0, 10_000,
  0, 0, 0, 0, 0, 10_000,
  0, 10_000, 0, 0, 0, 10_000,
];
const ZEROS = COLUMN_KEYS.map(() => 0);

type LineItem = {
  id: string;
  itemId: string;
  itemType: string;
  name: string;
  ancestry: string;
  isLeaf: boolean;
  isFinancial: boolean;
  cumulative: boolean;
  sign: number;
  amount: number;
  values: { key: string; amount: number }[];
  columnValues: number[];
};

let t: TestApp;
let token: string;
let entityId: string;
let ids: Map<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const golden = await createGoldenCompany(t, 'golden@example.com');
  token = golden.owner.token;
  entityId = golden.entityId;
  ids = golden.accountIds;
});
afterAll(async () => {
  await t.close();
});

const REPORT = `query Report($entityId: ID!, $start: MonthKey, $end: MonthKey, $actualsEnd: MonthKey, $spendMonth: MonthKey) {
  report(entityId: $entityId, startMonth: $start, endMonth: $end, actualsEndMonth: $actualsEnd) {
    name startMonth endMonth actualsEndMonth currentMonth
    columns { key title period filter }
    lineItems { id itemId itemType name ancestry isLeaf isFinancial cumulative sign amount values { key amount } columnValues }
    accounts { id name path cumulative currentBalance amounts { month amount cumulativeTotal forecast } }
    summary {
      startingBalance { month actual forecast }
      incomeVsExpense { month income expense scenario }
      runway { months cashOutMonth label }
      startup: runway(method: startup_runway) { months cashOutMonth label }
      threeMonths: runway(method: startup_runway_3mo) { months cashOutMonth label }
      noGrowth: runway(method: runway_no_growth) { months cashOutMonth label }
      spendByCategory(month: $spendMonth) { month categories { name accountId amount } }
    }
  }
}`;

type ReportResult = {
  report: {
    name: string;
    startMonth: string;
    endMonth: string;
    actualsEndMonth: string;
    currentMonth: string;
    columns: { key: string; title: string; period: string; filter: string }[];
    lineItems: LineItem[];
    accounts: {
      id: string;
      name: string;
      path: string;
      cumulative: boolean;
      currentBalance: number;
      amounts: { month: string; amount: number; cumulativeTotal: number; forecast: boolean }[];
    }[];
    summary: {
      startingBalance: { month: string; actual: number | null; forecast: number | null }[];
      incomeVsExpense: { month: string; income: number; expense: number; scenario: string }[];
      runway: { months: number | null; cashOutMonth: string | null; label: string };
      startup: { months: number | null; cashOutMonth: string | null; label: string };
      threeMonths: { months: number | null; cashOutMonth: string | null; label: string };
      noGrowth: { months: number | null; cashOutMonth: string | null; label: string };
      spendByCategory: {
        month: string;
        categories: { name: string; accountId: string | null; amount: number }[];
      };
    };
  };
};

async function goldenReport(variables: Record<string, unknown> = {}) {
  const result = await t.graphql<ReportResult>(
    REPORT,
    { entityId, start: '2025-10', end: '2027-03', actualsEnd: '2026-11', ...variables },
    token,
  );
  expect(result.errors).toBeUndefined();
  if (!result.data) throw new Error('no data');
  return result.data.report;
}

const line = (report: ReportResult['report'], name: string, isLeaf = false) => {
  const found = report.lineItems.find((item) => item.name === name && item.isLeaf === isLeaf);
  if (!found) throw new Error(`No line ${name}`);
  return found;
};

describe('the golden company', () => {
  it('has the columns of its range: months, FY 2025, YTD 2026, FY 2026 and the total', async () => {
    const report = await goldenReport();
    expect(report.columns.map((column) => column.key)).toEqual(COLUMN_KEYS);
    expect(report.columns.find((c) => c.key === 'ytd-2026')).toMatchObject({ title: 'YTD', filter: 'ytd' });
    expect(report.columns.find((c) => c.key === 'fy-2026')).toMatchObject({
      title: 'Forecast',
      filter: 'forecast',
    });
    expect(report.columns.find((c) => c.key === 'fy-2025')).toMatchObject({
      title: 'Actual',
      filter: 'actual',
    });
    expect(report.columns.find((c) => c.key === '2026-11')).toMatchObject({
      title: 'Current',
      filter: 'actual',
    });
    expect(report.columns.find((c) => c.key === 'total')).toMatchObject({
      title: 'Forecast',
      period: 'total',
    });
  });

  it('shows the default report lines in order, with a _leaf row for an account with entries of its own', async () => {
    const report = await goldenReport();
    expect(report.lineItems.map((item) => (item.isLeaf ? `${item.name} (own)` : item.name))).toEqual([
      'Income',
      'Revenue',
      'Subscriptions',
      'Services',
      'Expense',
      'Operating Expenses',
      'Operating Expenses (own)',
      'Payroll',
      'Salaries',
      'Facilities',
      'Rent',
      'Software',
      'SaaS',
      'Net Income',
      'Banks',
      'Checking',
      'Credit Cards',
      'Amex',
      'Investments',
      'Loans',
      'Other',
      'Paid-in Capital',
      'Net Burn',
    ]);
    const leaf = line(report, 'Operating Expenses', true);
    const opex = line(report, 'Operating Expenses');
    expect(leaf.itemId).toBe(`${ids.get('Expense/Operating Expenses')}_leaf`);
    expect(leaf.ancestry.endsWith(`/${opex.id}/`)).toBe(true);
    expect(leaf.columnValues).toEqual(OPERATING_EXPENSES_OWN);
  });

  it('gives exact monthly, annual, YTD and overall figures', async () => {
    const report = await goldenReport();
    expect(line(report, 'Income').columnValues).toEqual(INCOME);
    expect(line(report, 'Revenue').columnValues).toEqual(INCOME);
    expect(line(report, 'Expense').columnValues).toEqual(EXPENSE);
    expect(line(report, 'Operating Expenses').columnValues).toEqual(EXPENSE);
    expect(line(report, 'Net Income').columnValues).toEqual(NET_INCOME);
    expect(line(report, 'Net Burn').columnValues).toEqual(NET_INCOME.map((value) => -value || 0));
    expect(line(report, 'Banks').columnValues).toEqual(BANKS);
    expect(line(report, 'Checking').columnValues).toEqual(BANKS);
    expect(line(report, 'Credit Cards').columnValues).toEqual(CREDIT_CARDS);
    expect(line(report, 'Paid-in Capital').columnValues).toEqual(COLUMN_KEYS.map(() => 10_000_000));
    expect(line(report, 'Investments').columnValues).toEqual(ZEROS);
    expect(line(report, 'Rent').columnValues).toEqual([
      0, 0, 200_000, 200_000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 200_000, 200_000, 0, 200_000, 0, 0, 0, 400_000,
    ]);
    // The same figures keyed by column; `amount` is the overall total.
    const income = line(report, 'Income');
    expect(income.values).toEqual(COLUMN_KEYS.map((key, i) => ({ key, amount: INCOME[i] })));
    expect(income.amount).toBe(3_450_000);
    expect(line(report, 'Banks').amount).toBe(-575_000);
  });

  it('marks balance-sheet lines cumulative and computed lines financial', async () => {
    const report = await goldenReport();
    const flags = (name: string) => {
      const item = line(report, name);
      return {
        itemType: item.itemType,
        cumulative: item.cumulative,
        isFinancial: item.isFinancial,
        sign: item.sign,
      };
    };
    expect(flags('Income')).toEqual({
      itemType: 'AccountTree',
      cumulative: false,
      isFinancial: false,
      sign: -1,
    });
    expect(flags('Subscriptions')).toEqual({
      itemType: 'Account',
      cumulative: false,
      isFinancial: false,
      sign: -1,
    });
    expect(flags('Net Income')).toEqual({
      itemType: 'Expression',
      cumulative: false,
      isFinancial: true,
      sign: 1,
    });
    expect(flags('Banks')).toEqual({ itemType: 'AccountTree', cumulative: true, isFinancial: true, sign: 1 });
    expect(flags('Amex')).toEqual({ itemType: 'Account', cumulative: true, isFinancial: true, sign: -1 });
  });

  it('gives accounts their balances and monthly amounts', async () => {
    const report = await goldenReport();
    const checking = report.accounts.find((account) => account.path === 'Banks/Checking');
    expect(checking).toMatchObject({ cumulative: true, currentBalance: 9_425_000 });
    expect(checking?.amounts.slice(0, 3)).toEqual([
      { month: '2025-10', amount: 300_000, cumulativeTotal: 10_300_000, forecast: false },
      { month: '2025-11', amount: 0, cumulativeTotal: 10_300_000, forecast: false },
      { month: '2025-12', amount: -50_000, cumulativeTotal: 10_250_000, forecast: false },
    ]);
    expect(checking?.amounts.at(-1)).toEqual({
      month: '2027-03',
      amount: -2_500_000,
      cumulativeTotal: -575_000,
      forecast: true,
    });
    const salaries = report.accounts.find((account) => account.path === SALARIES);
    expect(salaries).toMatchObject({ cumulative: false, currentBalance: 800_000 });
    expect(salaries?.amounts.find((a) => a.month === '2026-12')).toEqual({
      month: '2026-12',
      amount: 3_000_000,
      cumulativeTotal: 3_800_000 + 800_000,
      forecast: true,
    });
  });

  it('answers each runway method', async () => {
    const { summary } = await goldenReport();
    // Cash first goes negative in Mar 27: 4 months after Nov 26.
    expect(summary.runway).toEqual({ months: 4, cashOutMonth: '2027-03', label: '4' });
    // The ratio methods read Oct 26, the last complete month (Nov 26, under way, is left out: its
    // $4,000 net burn used to give 17.3 and 70.7 months). October booked no income or expense, so
    // neither startup method has a burn: Unlimited.
    expect(summary.startup).toEqual({ months: null, cashOutMonth: null, label: 'Unlimited' });
    expect(summary.threeMonths).toEqual({ months: null, cashOutMonth: null, label: 'Unlimited' });
    // Oct 26 balance $98,250 / (Dec 26 expense $30,000 - Oct 26 income $0) = 3.275 months from October:
    // Nov $68,250, Dec $38,250, Jan $8,250, Feb -$21,750, so cash out Feb 27.
    expect(summary.noGrowth).toEqual({ months: 3.275, cashOutMonth: '2027-02', label: '3' });
  });

  it('answers Spend by Category, starting balances and income vs expense', async () => {
    const november = await goldenReport();
    expect(november.summary.spendByCategory).toEqual({
      month: '2026-11',
      categories: [
        { name: 'Salaries', accountId: ids.get(SALARIES), amount: 800_000 },
        { name: 'Rent', accountId: ids.get(RENT), amount: 200_000 },
      ],
    });
    const june = await goldenReport({ spendMonth: '2026-06' });
    // $100 booked on 'Operating Expenses' is two levels deep: not a category.
    expect(june.summary.spendByCategory).toEqual({ month: '2026-06', categories: [] });
    const balances = november.summary.startingBalance;
    expect(balances[0]).toEqual({ month: '2025-10', actual: 10_000_000, forecast: null });
    expect(balances.find((b) => b.month === '2026-11')).toEqual({
      month: '2026-11',
      actual: 9_825_000,
      forecast: null,
    });
    expect(balances.find((b) => b.month === '2026-12')).toEqual({
      month: '2026-12',
      actual: 9_425_000,
      forecast: 9_425_000,
    });
    expect(balances.at(-1)).toEqual({ month: '2027-03', actual: null, forecast: 1_925_000 });
    const flows = november.summary.incomeVsExpense;
    expect(flows.find((f) => f.month === '2026-11')).toEqual({
      month: '2026-11',
      income: 600_000,
      expense: 1_000_000,
      scenario: 'actual',
    });
    expect(flows.find((f) => f.month === '2026-12')).toEqual({
      month: '2026-12',
      income: 500_000,
      expense: 3_000_000,
      scenario: 'forecast',
    });
  });

  it('moves figures between actual and forecast with the cutoff', async () => {
    // With actuals through Dec 26, the $9,999 booked in Dec counts and the Dec forecasts do not.
    const report = await goldenReport({ actualsEnd: '2026-12' });
    const income = line(report, 'Income');
    expect(income.values.find((v) => v.key === '2026-12')?.amount).toBe(999_900);
    expect(line(report, 'Expense').values.find((v) => v.key === '2026-12')?.amount).toBe(0);
    expect(line(report, 'Banks').values.find((v) => v.key === 'fy-2026')?.amount).toBe(9_425_000 + 999_900);
    expect(report.columns.some((column) => column.key === 'ytd-2026')).toBe(false);
  });

  it('uses the default range when none is given', async () => {
    const result = await t.graphql<ReportResult>(
      'query($entityId: ID!) { report(entityId: $entityId) { startMonth endMonth actualsEndMonth currentMonth columns { key } lineItems { name amount } } }',
      { entityId },
      token,
    );
    expect(result.errors).toBeUndefined();
    const report = result.data?.report;
    expect(report).toMatchObject({
      startMonth: '2025-01',
      endMonth: '2028-03',
      actualsEndMonth: '2026-11',
      currentMonth: '2026-11',
    });
    expect(report?.columns.map((c) => c.key).filter((key) => !/^\d/.test(key))).toEqual([
      'fy-2025',
      'ytd-2026',
      'fy-2026',
      'fy-2027',
      'total',
    ]);
    expect(report?.lineItems.find((item) => item.name === 'Banks')?.amount).toBe(-575_000);
    expect(report?.lineItems.find((item) => item.name === 'Net Income')?.amount).toBe(-10_585_000);
  });
});
