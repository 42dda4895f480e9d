import { PROVIDER_ACCOUNT_TYPE } from '@keel/domain';
import { describe, expect, it } from 'vitest';
import { againstAccountOptions, defaultAgainstAccountId } from './drawerScope';

const account = (
  id: string,
  name: string,
  parentId: string | null,
  ancestry: string,
  path: string,
  sortOrder = 0,
  refType: string | null = null,
) => ({ id, name, parentId, ancestry, path, sortOrder, refType });

const chart = [
  account('assets', 'Assets', null, '/', 'Assets', 0),
  account('banks', 'Banks', null, '/', 'Banks', 1),
  account('mercury', 'Mercury', 'banks', '/banks/', 'Banks/Mercury', 0),
  account('checking', 'Mercury Checking', 'mercury', '/banks/mercury/', 'Banks/Mercury/Mercury Checking'),
  account('savings', 'Savings', 'banks', '/banks/', 'Banks/Savings', 1),
  account('rent', 'Rent', null, '/', 'Rent', 2),
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

  it('starts on the first bank account in the grid’s order, as the server books it, not the first in the list', () => {
    // As the report lists its accounts (sort order, then name): Banks' second sub-account, Savings,
    // comes before Operating's second, Wells; the grid shows Banks/Operating/Wells first.
    const twoBanks = [
      account('operating', 'Operating', 'banks', '/banks/', 'Banks/Operating', 0),
      account('rent', 'Rent', null, '/', 'Rent', 1),
      account('savings', 'Savings', 'banks', '/banks/', 'Banks/Savings', 1),
      account('wells', 'Wells', 'operating', '/banks/operating/', 'Banks/Operating/Wells', 1),
      account('banks', 'Banks', null, '/', 'Banks', 2),
    ];
    expect(defaultAgainstAccountId(twoBanks, againstAccountOptions(twoBanks, 'rent'), null)).toBe('wells');
    expect(defaultAgainstAccountId(twoBanks, againstAccountOptions(twoBanks, 'wells'), null)).toBe('savings');
    // Keel's own account, first under Operating, is skipped as the server skips it: the bank books its actuals.
    const keel = account(
      'keel',
      'Keel Checking',
      'operating',
      '/banks/operating/',
      'Banks/Operating/Keel Checking',
    );
    const withKeel = [{ ...keel, refType: PROVIDER_ACCOUNT_TYPE }, ...twoBanks];
    expect(defaultAgainstAccountId(withKeel, againstAccountOptions(withKeel, 'rent'), null)).toBe('wells');
  });
});
