import { describe, expect, it } from 'vitest';
import type { ReportDragItem, ReportDropTarget } from '../reportDrag';
import { canDropOn, dropRefusalReason } from './canDropOn';

// Expense (exp) > Payroll (pay) > Salaries (sal); Expense > Travel (trv); Banks (bank, financial)
const accountsById = new Map([
  ['exp', { ancestry: '/' }],
  ['pay', { ancestry: '/exp/' }],
  ['sal', { ancestry: '/exp/pay/' }],
  ['trv', { ancestry: '/exp/' }],
  ['bank', { ancestry: '/' }],
]);
const target = (accountId: string | null, isFinancial = false): ReportDropTarget => ({
  rowId: `row-${accountId}`,
  accountId,
  isFinancial,
  name: accountId ?? 'Net Income',
});
const monthly = (kind: 'monthly' | 'monthlySubtree', sourceAccountId: string): ReportDragItem => ({
  kind,
  sourceAccountId,
  months: ['2026-03'],
  actualsEndMonth: '2026-11',
  label: 'x',
});
const entry: ReportDragItem = { kind: 'entry', entryId: 'e1', sourceAccountId: 'pay', label: 'x' };
const rule: ReportDragItem = {
  kind: 'rule',
  sourceAccountId: 'pay',
  searchFilter: 'gusto',
  label: 'x',
  date: '2026-03-01',
  shownCount: 2,
};

describe('canDropOn', () => {
  it('allows a monthly cell onto another account', () => {
    expect(canDropOn(monthly('monthly', 'sal'), target('trv'), accountsById)).toBe(true);
    expect(canDropOn(monthly('monthlySubtree', 'pay'), target('trv'), accountsById)).toBe(true);
  });

  it('refuses the source account itself', () => {
    expect(canDropOn(monthly('monthly', 'sal'), target('sal'), accountsById)).toBe(false);
    expect(canDropOn(entry, target('pay'), accountsById)).toBe(false);
    expect(canDropOn(rule, target('pay'), accountsById)).toBe(false);
  });

  it("refuses a dragged account's descendants", () => {
    expect(canDropOn(monthly('monthlySubtree', 'exp'), target('sal'), accountsById)).toBe(false);
    expect(canDropOn(monthly('monthly', 'pay'), target('sal'), accountsById)).toBe(false);
    expect(dropRefusalReason(monthly('monthlySubtree', 'exp'), target('pay'), accountsById)).toBe(
      'Cannot move into its own sub-account',
    );
  });

  it('lets an entry or a rule go into a sub-account of its account', () => {
    expect(canDropOn(entry, target('sal'), accountsById)).toBe(true);
    expect(canDropOn(rule, target('sal'), accountsById)).toBe(true);
  });

  it('refuses financial rows and rows without an account', () => {
    expect(canDropOn(monthly('monthly', 'sal'), target('bank', true), accountsById)).toBe(false);
    expect(canDropOn(monthly('monthly', 'sal'), target(null), accountsById)).toBe(false);
    expect(canDropOn(entry, target('unknown'), accountsById)).toBe(false);
  });
});
