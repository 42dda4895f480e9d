import { describe, expect, it } from 'vitest';
import { computeAccountFigures, type FigureAccount, type ScenarioRollup } from './accountFigures';
import {
  buildChartPoints,
  computeChartLineFigures,
  computeChartLinePlans,
  indexChartRows,
} from './chartFigures';
import { monthRange } from './months';
import { buildReportColumns, type ReportRange } from './reportColumns';
import { buildReportTree, type ReportLineDefinition } from './reportTree';

/**
 * A small report by hand: Income (credit, shown positive) with Sales below it, Expense with Payroll
 * (own figures plus Salaries below), Cash (a balance), Net Income = Income - Expense, and an Account
 * line 'Payroll (negated)' shown with its sign flipped. Range 2026-01 to 2026-04, actuals through 2026-02.
 */
const accounts: (FigureAccount & { name: string; isMutable: boolean; sortOrder: number })[] = [
  {
    id: 'income',
    parentId: null,
    sign: -1,
    cumulative: false,
    name: 'Income',
    isMutable: false,
    sortOrder: 0,
  },
  {
    id: 'sales',
    parentId: 'income',
    sign: -1,
    cumulative: false,
    name: 'Sales',
    isMutable: true,
    sortOrder: 0,
  },
  {
    id: 'expense',
    parentId: null,
    sign: 1,
    cumulative: false,
    name: 'Expense',
    isMutable: false,
    sortOrder: 1,
  },
  {
    id: 'payroll',
    parentId: 'expense',
    sign: 1,
    cumulative: false,
    name: 'Payroll',
    isMutable: true,
    sortOrder: 0,
  },
  {
    id: 'salaries',
    parentId: 'payroll',
    sign: 1,
    cumulative: false,
    name: 'Salaries',
    isMutable: true,
    sortOrder: 0,
  },
  {
    id: 'rent',
    parentId: 'expense',
    sign: 1,
    cumulative: false,
    name: 'Rent',
    isMutable: true,
    sortOrder: 1,
  },
  { id: 'cash', parentId: null, sign: 1, cumulative: true, name: 'Cash', isMutable: false, sortOrder: 2 },
];
const range: ReportRange = {
  startMonth: '2026-01',
  endMonth: '2026-04',
  actualsEndMonth: '2026-02',
  currentMonth: '2026-02',
};
const months = monthRange(range.startMonth, range.endMonth);
const rollup = (accountId: string, month: string, amount: number): ScenarioRollup => ({
  accountId,
  month,
  amount,
  scenario: month <= range.actualsEndMonth ? 'actual' : 'forecast',
});
const rollups: ScenarioRollup[] = [
  rollup('sales', '2026-01', -10_000),
  rollup('sales', '2026-03', -12_000),
  rollup('payroll', '2026-02', 500),
  rollup('salaries', '2026-01', 4_000),
  rollup('salaries', '2026-04', 4_500),
  rollup('rent', '2026-02', 2_000),
  rollup('cash', '2026-01', 6_000),
  rollup('cash', '2026-02', -6_500),
  rollup('cash', '2026-03', 12_000),
];
const line = (
  id: string,
  fields: Partial<ReportLineDefinition> & Pick<ReportLineDefinition, 'itemType' | 'name'>,
): ReportLineDefinition => ({
  id,
  parentId: null,
  accountId: null,
  expr: null,
  sign: 1,
  defaultSign: 1,
  isFinancial: false,
  sortOrder: Number(id.slice(1)),
  ...fields,
});
const lines = [
  line('l0', { itemType: 'AccountTree', name: 'Income', accountId: 'income', sign: -1, defaultSign: -1 }),
  line('l1', { itemType: 'AccountTree', name: 'Expense', accountId: 'expense' }),
  line('l2', { itemType: 'Expression', name: 'Net Income', expr: 'Income - Expense' }),
  line('l3', { itemType: 'AccountTree', name: 'Cash', accountId: 'cash', isFinancial: true }),
  line('l4', { itemType: 'Account', name: 'Payroll (negated)', accountId: 'payroll', sign: -1 }),
];

function buildReport() {
  const figures = computeAccountFigures({
    accounts,
    rollups,
    openingBalances: [{ accountId: 'cash', amount: 100_000 }],
    months,
    actualsEndMonth: range.actualsEndMonth,
  });
  const columns = buildReportColumns(range, { months: true, annualTotal: true, overallTotal: true });
  const rows = buildReportTree({ lines, accounts, figures, months, columns });
  const columnMonthIndexes = columns.map((column) => column.months.map((month) => months.indexOf(month)));
  return { rows, columns, columnFigures: figures, columnMonthIndexes };
}

const report = buildReport();
const index = indexChartRows(report);
const figuresOf = (fields: Partial<Parameters<typeof computeChartLineFigures>[1]>) =>
  computeChartLineFigures(
    index,
    { accountId: null, reportItemId: null, isLeaf: false, invert: false, ...fields },
    months,
  );
const gridMonths = (rowId: string) => {
  const row = report.rows.find((candidate) => candidate.id === rowId);
  return months.map((month) => row?.values[report.columns.findIndex((column) => column.key === month)]);
};

describe('computeChartLineFigures', () => {
  it("reads every grid row's month cells, cell for cell", () => {
    for (const row of report.rows) {
      const figures = figuresOf({
        accountId: row.itemType === 'Section' || row.itemType === 'Expression' ? null : row.accountId,
        reportItemId: row.lineItemId,
        isLeaf: row.isLeaf,
      });
      expect({ row: row.id, ...figures }).toEqual({ row: row.id, values: gridMonths(row.id), error: null });
    }
  });

  it('reads an account with its sub-accounts, its own figures, balances and expressions as worked out by hand', () => {
    expect(figuresOf({ accountId: 'income', reportItemId: 'l0' }).values).toEqual([10_000, 0, 12_000, 0]);
    expect(figuresOf({ accountId: 'payroll', reportItemId: 'l1' }).values).toEqual([4_000, 500, 0, 4_500]);
    expect(figuresOf({ accountId: 'payroll', reportItemId: 'l1', isLeaf: true }).values).toEqual([
      0, 500, 0, 0,
    ]);
    expect(figuresOf({ accountId: 'cash', reportItemId: 'l3' }).values).toEqual([
      106_000, 99_500, 111_500, 111_500,
    ]);
    expect(figuresOf({ reportItemId: 'l2' }).values).toEqual([6_000, -2_500, 12_000, -4_500]);
  });

  it("keeps a line's negation when the series names the line, and negates again when inverted", () => {
    expect(figuresOf({ accountId: 'payroll', reportItemId: 'l4' }).values).toEqual([-4_000, -500, 0, -4_500]);
    expect(figuresOf({ accountId: 'payroll', reportItemId: 'l4', invert: true }).values).toEqual([
      4_000, 500, 0, 4_500,
    ]);
    expect(figuresOf({ reportItemId: 'l2', invert: true }).values).toEqual([-6_000, 2_500, -12_000, 4_500]);
  });

  it("falls back to the account's figures where the grid shows no such row, with the grid's arithmetic", () => {
    // Salaries has no sub-accounts: no '_leaf' row; its own figures are its figures.
    expect(figuresOf({ accountId: 'salaries', isLeaf: true }).values).toEqual([4_000, 0, 0, 4_500]);
    // Sales has no leaf row and 'l9' is no line: its row under Income.
    expect(figuresOf({ accountId: 'sales', reportItemId: 'l9' }).values).toEqual(gridMonths('l0:sales'));
  });

  it('answers zeros and why for a line the report no longer has', () => {
    expect(figuresOf({ accountId: 'gone' })).toEqual({ values: [0, 0, 0, 0], error: 'Account not found' });
    expect(figuresOf({ reportItemId: 'l9' })).toEqual({
      values: [0, 0, 0, 0],
      error: 'Line item not found for lineId l9',
    });
  });

  it('answers zero for months outside the report', () => {
    const wider = computeChartLineFigures(
      index,
      { accountId: 'income', reportItemId: 'l0', isLeaf: false, invert: false },
      ['2025-12', '2026-01'],
    );
    expect(wider.values).toEqual([0, 10_000]);
  });
});

describe('buildChartPoints', () => {
  it('marks months through the actuals end actual, and shares the actuals end month between both halves', () => {
    expect(buildChartPoints([1, 2, 3], ['2026-01', '2026-02', '2026-03'], '2026-02')).toEqual([
      { month: '2026-01', amount: 1, scenario: 'actual', actual: 1, forecast: null, plan: null },
      { month: '2026-02', amount: 2, scenario: 'actual', actual: 2, forecast: 2, plan: null },
      { month: '2026-03', amount: 3, scenario: 'forecast', actual: null, forecast: 3, plan: null },
    ]);
  });

  it('carries plans through the actuals end only', () => {
    const points = buildChartPoints([1, 2, 3], ['2026-01', '2026-02', '2026-03'], '2026-02', [5, null, 7]);
    expect(points.map((point) => point.plan)).toEqual([5, null, null]);
  });
});

describe('computeChartLinePlans', () => {
  // Each row's plans aligned with the columns: its own values less 1, so a row's plan is recognisable.
  const plansByRowId = new Map(
    report.rows.map((row) => [
      row.id,
      report.columns.map((column, i) =>
        column.period === 'month' && (column.months[0] ?? '') <= range.actualsEndMonth
          ? (row.values[i] ?? 0) - 1
          : null,
      ),
    ]),
  );
  const plansOf = (fields: Partial<Parameters<typeof computeChartLinePlans>[1]>) =>
    computeChartLinePlans(
      index,
      { accountId: null, reportItemId: null, isLeaf: false, invert: false, ...fields },
      months,
      plansByRowId,
    );

  it('reads the plans of the grid row the figures come from, null where a month has none', () => {
    const figures = figuresOf({ accountId: 'expense', reportItemId: 'l1' }).values;
    expect(plansOf({ accountId: 'expense', reportItemId: 'l1' })).toEqual([
      (figures[0] ?? 0) - 1,
      (figures[1] ?? 0) - 1,
      null,
      null,
    ]);
    expect(plansOf({ reportItemId: 'l2' })).toEqual(
      gridMonths('l2').map((value, i) => (i < 2 ? (value ?? 0) - 1 : null)),
    );
  });

  it('inverts with the figures, and has none for a line the grid shows no row for', () => {
    const plain = plansOf({ accountId: 'expense', reportItemId: 'l1' });
    expect(plansOf({ accountId: 'expense', reportItemId: 'l1', invert: true })).toEqual(
      plain.map((plan) => (plan === null ? null : -plan || 0)),
    );
    expect(plansOf({ accountId: 'missing' })).toEqual([null, null, null, null]);
  });
});
