import { describe, expect, it } from 'vitest';
import type { ReportLineItemView } from '../reportQuery';
import {
  defaultExpandedRowIds,
  isRowExpanded,
  parentRowIds,
  visibleGridRows,
  withoutEmptyAccounts,
} from './visibleGridRows';

type Row = Pick<ReportLineItemView, 'id' | 'parentId' | 'depth' | 'ancestry' | 'itemType' | 'name'>;

function row(id: string, name: string, parent: Row | null, itemType: Row['itemType'] = 'Account'): Row {
  return {
    id,
    name,
    itemType,
    parentId: parent?.id ?? null,
    depth: parent ? parent.depth + 1 : 0,
    ancestry: parent ? `${parent.ancestry}${parent.id}/` : '/',
  };
}

const income = row('inc', 'Income', null, 'AccountTree');
const revenue = row('inc:rev', 'Revenue', income);
const subs = row('inc:subs', 'Subscriptions', revenue);
const expense = row('exp', 'Expense', null, 'AccountTree');
const opex = row('exp:opex', 'Operating Expenses', expense);
const payroll = row('exp:pay', 'Payroll', opex);
const salaries = row('exp:sal', 'Salaries', payroll);
const travel = row('exp:travel', 'Travel', opex);
const meals = row('exp:meals', 'Meals', travel);
const netIncome = row('net', 'Net Income', null, 'Expression');
const banks = row('banks', 'Banks', null, 'AccountTree');
const checking = row('banks:chk', 'Mercury Checking', banks);
const section = row('sec', 'Operating', null, 'Section');
const sectionChild = row('sec:child', 'Costs', section);
const rows = [
  income,
  revenue,
  subs,
  expense,
  opex,
  payroll,
  salaries,
  travel,
  meals,
  netIncome,
  banks,
  checking,
  section,
  sectionChild,
];

const names = (list: Row[]) => list.map((r) => r.name);

describe('visible grid rows', () => {
  it('finds the rows that have children', () => {
    expect([...parentRowIds(rows)].sort()).toEqual(
      ['banks', 'exp', 'exp:opex', 'exp:pay', 'exp:travel', 'inc', 'inc:rev', 'sec'].sort(),
    );
  });

  it('opens the Expense tree and sections by default, and nothing else', () => {
    const defaults = defaultExpandedRowIds(rows);
    expect(defaults.has('exp')).toBe(true);
    expect(defaults.has('exp:travel')).toBe(true);
    expect(defaults.has('sec')).toBe(true);
    expect(defaults.has('inc')).toBe(false);
    expect(defaults.has('banks')).toBe(false);
  });

  it('shows the Expense tree open and other trees closed on first load', () => {
    const defaults = defaultExpandedRowIds(rows);
    const visible = visibleGridRows(rows, parentRowIds(rows), (id) => isRowExpanded(id, new Map(), defaults));
    expect(names(visible)).toEqual([
      'Income',
      'Expense',
      'Operating Expenses',
      'Payroll',
      'Salaries',
      'Travel',
      'Meals',
      'Net Income',
      'Banks',
      'Operating',
      'Costs',
    ]);
  });

  it('hides the whole subtree of a collapsed row and shows a reopened one', () => {
    const defaults = defaultExpandedRowIds(rows);
    const overrides = new Map([
      ['exp:opex', false],
      ['inc', true],
    ]);
    const visible = visibleGridRows(rows, parentRowIds(rows), (id) => isRowExpanded(id, overrides, defaults));
    expect(names(visible)).toEqual([
      'Income',
      'Revenue',
      'Expense',
      'Operating Expenses',
      'Net Income',
      'Banks',
      'Operating',
      'Costs',
    ]);
  });

  it('keeps a child hidden while an ancestor above its parent is collapsed', () => {
    const overrides = new Map([
      ['inc', false],
      ['inc:rev', true],
    ]);
    const visible = visibleGridRows(rows, parentRowIds(rows), (id) =>
      isRowExpanded(id, overrides, new Set()),
    );
    expect(names(visible)).not.toContain('Revenue');
    expect(names(visible)).not.toContain('Subscriptions');
  });
});

describe('withoutEmptyAccounts', () => {
  // Account rows name their account (here by the row's id); an expression has none.
  const withValues = (base: Row, values: number[]) => ({
    ...base,
    columnValues: values,
    accountId: base.itemType === 'Expression' ? null : `acct-${base.id}`,
  });
  const rows = [
    withValues(expense, [10, 0]),
    withValues(opex, [10, 0]),
    withValues(payroll, [0, 0]),
    withValues(salaries, [0, 0]),
    withValues(travel, [10, 0]),
    withValues(meals, [0, 10]),
    withValues(netIncome, [0, 0]),
    withValues(banks, [0, 0]),
    withValues(checking, [0, 0]),
  ];
  const ids = (list: readonly { id: string }[]) => list.map((r) => r.id);

  it('hides account rows that are zero in every column, with their empty sub-rows', () => {
    expect(ids(withoutEmptyAccounts(rows, new Set()))).toEqual([
      'exp',
      'exp:opex',
      'exp:travel',
      'exp:meals',
      'net',
      'banks',
    ]);
  });

  it('keeps a kept row (selected on this page) and its ancestors, and returns the rows as they are when none hides', () => {
    expect(ids(withoutEmptyAccounts(rows, new Set(['exp:sal'])))).toContain('exp:pay');
    expect(ids(withoutEmptyAccounts(rows, new Set(['exp:sal'])))).toContain('exp:sal');
    const full = rows.filter((r) => r.id !== 'exp:pay' && r.id !== 'exp:sal' && r.id !== 'banks:chk');
    expect(withoutEmptyAccounts(full, new Set())).toBe(full);
  });

  it('keeps an account a person added and has not hidden, after a reload too', () => {
    // Nothing selected on this page (a fresh load): the stored mark alone keeps Salaries and Payroll.
    const shown = ids(withoutEmptyAccounts(rows, new Set(), new Set(['acct-exp:sal'])));
    expect(shown).toContain('exp:sal');
    expect(shown).toContain('exp:pay');
    // Banks' Mercury Checking is empty and unmarked: still hidden.
    expect(shown).not.toContain('banks:chk');
    // Once hidden (the mark cleared), it goes with the other empty accounts.
    expect(ids(withoutEmptyAccounts(rows, new Set(), new Set()))).not.toContain('exp:sal');
  });
});
