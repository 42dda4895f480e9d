import { describe, expect, it } from 'vitest';
import { computeAccountFigures } from './accountFigures';
import {
  buildAccountSpend,
  buildCashFlowSeries,
  buildIncomeVsExpense,
  buildStartingBalances,
  type SummaryAccount,
} from './reportSummary';

// Cash in two bank accounts under Banks, revenue under Income, rent four levels deep under Expense.
const accounts: (SummaryAccount & { sign: number; cumulative: boolean })[] = [
  {
    id: 'bank',
    parentId: null,
    name: 'Banks',
    accountType: 'Bank',
    accountGroup: 'Banks',
    sign: 1,
    cumulative: true,
  },
  {
    id: 'chk',
    parentId: 'bank',
    name: 'Checking',
    accountType: 'Bank',
    accountGroup: 'Banks',
    sign: 1,
    cumulative: true,
  },
  {
    id: 'sav',
    parentId: 'bank',
    name: 'Savings',
    accountType: 'Bank',
    accountGroup: 'Banks',
    sign: 1,
    cumulative: true,
  },
  {
    id: 'inc',
    parentId: null,
    name: 'Income',
    accountType: 'Income',
    accountGroup: null,
    sign: -1,
    cumulative: false,
  },
  {
    id: 'exp',
    parentId: null,
    name: 'Expense',
    accountType: 'Expense',
    accountGroup: null,
    sign: 1,
    cumulative: false,
  },
  {
    id: 'ops',
    parentId: 'exp',
    name: 'Ops',
    accountType: 'Expense',
    accountGroup: null,
    sign: 1,
    cumulative: false,
  },
  {
    id: 'fac',
    parentId: 'ops',
    name: 'Facilities',
    accountType: 'Expense',
    accountGroup: null,
    sign: 1,
    cumulative: false,
  },
  {
    id: 'rent',
    parentId: 'fac',
    name: 'Rent',
    accountType: 'Expense',
    accountGroup: null,
    sign: 1,
    cumulative: false,
  },
];
const months = ['2026-01', '2026-02', '2026-03'];
const figures = computeAccountFigures({
  accounts,
  months,
  actualsEndMonth: '2026-01',
  openingBalances: [
    { accountId: 'chk', amount: 1_000 },
    { accountId: 'sav', amount: 500 },
  ],
  rollups: [
    { accountId: 'chk', scenario: 'actual', month: '2026-01', amount: 300 },
    { accountId: 'inc', scenario: 'actual', month: '2026-01', amount: -400 },
    { accountId: 'rent', scenario: 'actual', month: '2026-01', amount: 100 },
    { accountId: 'chk', scenario: 'forecast', month: '2026-02', amount: -200 },
    { accountId: 'rent', scenario: 'forecast', month: '2026-02', amount: 200 },
    { accountId: 'chk', scenario: 'forecast', month: '2026-03', amount: -200 },
    { accountId: 'rent', scenario: 'forecast', month: '2026-03', amount: 200 },
  ],
});
const series = buildCashFlowSeries(accounts, figures, months);

describe('report summary', () => {
  it('sums cash over the Banks group and flows over Income and Expense, once each', () => {
    expect(series).toEqual({
      months,
      openingCash: 1_500,
      cash: [1_800, 1_600, 1_400],
      income: [400, 0, 0],
      expense: [100, 200, 200],
    });
  });

  it('gives starting balances as the previous closing balance, joining actual and forecast', () => {
    expect(buildStartingBalances(series, '2026-01')).toEqual([
      { month: '2026-01', actual: 1_500, forecast: null },
      { month: '2026-02', actual: 1_800, forecast: 1_800 },
      { month: '2026-03', actual: null, forecast: 1_600 },
    ]);
  });

  it('marks income and expense months actual through the cutoff', () => {
    expect(buildIncomeVsExpense(series, '2026-01').map((m) => m.scenario)).toEqual([
      'actual',
      'forecast',
      'forecast',
    ]);
  });

  it('lists expense accounts with their own figures and name paths for Spend by Category', () => {
    expect(buildAccountSpend(accounts, figures, months, '2026-02')).toEqual([
      { accountId: 'rent', path: ['Expense', 'Ops', 'Facilities', 'Rent'], amount: 200 },
    ]);
    expect(buildAccountSpend(accounts, figures, months, '2025-12')).toEqual([]);
  });
});
