import { describe, expect, it } from 'vitest';
import { againstAccountOptions, defaultAgainstAccountId } from './drawerScope';

const account = (id: string, name: string, parentId: string | null, ancestry: string, path: string) => ({
  id,
  name,
  parentId,
  ancestry,
  path,
});

const chart = [
  account('assets', 'Assets', null, '/', 'Assets'),
  account('banks', 'Banks', null, '/', 'Banks'),
  account('mercury', 'Mercury', 'banks', '/banks/', 'Banks/Mercury'),
  account('checking', 'Mercury Checking', 'mercury', '/banks/mercury/', 'Banks/Mercury/Mercury Checking'),
  account('savings', 'Savings', 'banks', '/banks/', 'Banks/Savings'),
  account('rent', 'Rent', null, '/', 'Rent'),
];

describe('defaultAgainstAccountId', () => {
  const options = againstAccountOptions(chart, 'rent');

  it('books a new entry against the first real bank account under Banks, never the group row', () => {
    expect(defaultAgainstAccountId(chart, options, null)).toBe('checking');
  });

  it('prefers the transaction’s other account, then the one last booked against', () => {
    expect(defaultAgainstAccountId(chart, options, 'savings', 'checking')).toBe('savings');
    expect(defaultAgainstAccountId(chart, options, null, 'savings')).toBe('savings');
    // A remembered account that is gone (or is the entry's own) falls back to the bank.
    expect(defaultAgainstAccountId(chart, options, null, 'deleted')).toBe('checking');
    expect(defaultAgainstAccountId(chart, options, null, 'rent')).toBe('checking');
  });

  it('takes Banks while it has no accounts, else the first account without sub-accounts', () => {
    const flat = [chart[0]!, account('banks', 'Banks', null, '/', 'Banks'), chart[5]!];
    expect(defaultAgainstAccountId(flat, againstAccountOptions(flat, 'rent'), null)).toBe('banks');
    const noBanks = [chart[0]!, chart[5]!];
    expect(defaultAgainstAccountId(noBanks, againstAccountOptions(noBanks, 'rent'), null)).toBe('assets');
  });
});
