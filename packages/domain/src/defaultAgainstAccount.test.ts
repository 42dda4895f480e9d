import { describe, expect, it } from 'vitest';
import { PROVIDER_ACCOUNT_TYPE } from './banking/providerAccount';
import { sortChartDepthFirst } from './chartOrder';
import { type AgainstAccountCandidate, chooseDefaultAgainstAccount } from './defaultAgainstAccount';

const account = (
  id: string,
  parentId: string | null,
  sortOrder: number,
  name = id,
  refType: string | null = null,
): AgainstAccountCandidate => ({ id, parentId, sortOrder, name, refType });

/** The default chart's roots, in their order. */
const roots = [
  account('Income', null, 0),
  account('Expense', null, 1),
  account('Banks', null, 2),
  account('Credit Cards', null, 3),
];

/**
 * Banks/Operating/Main and Banks/Savings as the chart stores them: Operating and Savings are Banks'
 * first and second sub-accounts, Main Operating's first (sort orders count among siblings).
 */
const twoBanks = [
  ...roots,
  account('Operating', 'Banks', 0),
  account('Savings', 'Banks', 1),
  account('Main', 'Operating', 0),
  account('Rent', 'Expense', 0),
];

const ids = (accounts: readonly { id: string }[]) => accounts.map((one) => one.id);

describe('sortChartDepthFirst', () => {
  it('lists the chart as the grid shows it: each account followed by its sub-accounts', () => {
    expect(ids(sortChartDepthFirst(twoBanks))).toEqual([
      'Income',
      'Expense',
      'Rent',
      'Banks',
      'Operating',
      'Main',
      'Savings',
      'Credit Cards',
    ]);
  });

  it('orders siblings by sort order, then name by code unit, then id; an orphan is top-level', () => {
    const chart = [
      account('b', null, 1, 'Same'),
      account('a', null, 1, 'Same'),
      account('lower', null, 0, 'apple'),
      account('upper', null, 0, 'Zebra'),
      account('orphan', 'gone', 2),
    ];
    expect(ids(sortChartDepthFirst(chart))).toEqual(['upper', 'lower', 'a', 'b', 'orphan']);
  });
});

describe('chooseDefaultAgainstAccount', () => {
  it('takes the first bank account in the grid’s order, however deep: Banks/Operating/Main before Banks/Savings', () => {
    expect(chooseDefaultAgainstAccount(twoBanks)?.id).toBe('Main');
    // Whatever order the accounts arrive in.
    expect(chooseDefaultAgainstAccount([...twoBanks].reverse())?.id).toBe('Main');
  });

  it('skips the entry’s own account and Keel’s own deposit accounts, never taking a group', () => {
    expect(chooseDefaultAgainstAccount(twoBanks, (one) => one.id !== 'Main')?.id).toBe('Savings');
    const keel = twoBanks.map((one) =>
      one.id === 'Main' ? { ...one, refType: PROVIDER_ACCOUNT_TYPE } : one,
    );
    expect(chooseDefaultAgainstAccount(keel)?.id).toBe('Savings');
  });

  it('takes Banks while it has no sub-accounts', () => {
    expect(chooseDefaultAgainstAccount([...roots, account('Rent', 'Expense', 0)])?.id).toBe('Banks');
  });

  it('falls back to the first account without sub-accounts in the grid’s order, not the shallowest', () => {
    const chart = [
      ...roots,
      account('Checking', 'Banks', 0),
      account('Revenue', 'Income', 0),
      account('Sales', 'Revenue', 0),
      account('Rent', 'Expense', 0),
    ];
    expect(chooseDefaultAgainstAccount(chart, (one) => one.id !== 'Checking')?.id).toBe('Sales');
    expect(chooseDefaultAgainstAccount(chart, () => false)).toBeNull();
  });
});
