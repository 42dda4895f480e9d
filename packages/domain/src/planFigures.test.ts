import { describe, expect, it } from 'vitest';
import {
  computeAccountFigures,
  computePlanFigures,
  type FigureAccount,
  type ScenarioRollup,
} from './accountFigures';

// Expense (debit-normal) with Rent below it; Bank, a balance-sheet account.
const accounts: FigureAccount[] = [
  { id: 'expense', parentId: null, sign: 1, cumulative: false },
  { id: 'rent', parentId: 'expense', sign: 1, cumulative: false },
  { id: 'bank', parentId: null, sign: 1, cumulative: true },
];
const months = ['2026-08', '2026-09', '2026-10'];
const actualRollups: ScenarioRollup[] = [
  { accountId: 'rent', scenario: 'actual', month: '2026-08', amount: 1_000 },
  { accountId: 'rent', scenario: 'actual', month: '2026-09', amount: 1_200 },
  { accountId: 'expense', scenario: 'actual', month: '2026-09', amount: 50 },
  { accountId: 'bank', scenario: 'actual', month: '2026-08', amount: -1_000 },
  { accountId: 'bank', scenario: 'actual', month: '2026-09', amount: -1_250 },
  { accountId: 'bank', scenario: 'actual', month: '2026-10', amount: 300 },
];
const actual = computeAccountFigures({
  accounts,
  rollups: actualRollups,
  openingBalances: [{ accountId: 'bank', amount: 10_000 }],
  months,
  actualsEndMonth: '2026-10',
});

describe('computePlanFigures', () => {
  const plans: ScenarioRollup[] = [
    { accountId: 'rent', scenario: 'plan', month: '2026-08', amount: 900 },
    { accountId: 'rent', scenario: 'plan', month: '2026-09', amount: 1_000 },
    { accountId: 'bank', scenario: 'plan', month: '2026-09', amount: -1_000 },
    { accountId: 'bank', scenario: 'plan', month: '2026-10', amount: -500 },
  ];
  const plan = computePlanFigures({ accounts, plans, actual, months });

  it('gives a flow account each month’s plan, and a parent its subtree’s', () => {
    expect(plan.get('rent')?.total).toEqual([900, 1_000, 0]);
    expect(plan.get('expense')?.own).toEqual([0, 0, 0]);
    expect(plan.get('expense')?.total).toEqual([900, 1_000, 0]);
  });

  it('gives a balance-sheet account the actual close of the month before plus the month’s plan', () => {
    // Actual closes: Aug 9,000; Sep 7,750; Oct 8,050.
    expect(actual.get('bank')?.total).toEqual([9_000, 7_750, 8_050]);
    expect(plan.get('bank')?.total).toEqual([10_000, 8_000, 7_250]);
    expect(plan.get('bank')?.cumulative).toBe(true);
  });

  it('is all zeros without plans, and empty without months', () => {
    const none = computePlanFigures({ accounts, plans: [], actual, months });
    expect(none.get('expense')?.total).toEqual([0, 0, 0]);
    expect(computePlanFigures({ accounts, plans, actual, months: [] }).size).toBe(0);
  });
});
