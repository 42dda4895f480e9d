import { describe, expect, it } from 'vitest';
import { type DirectionRow, varianceDirections } from './varianceDirections';

const ACCOUNTS = new Map([
  ['inc', { accountType: 'Income', sign: -1 }],
  ['rev', { accountType: 'Income', sign: -1 }],
  ['exp', { accountType: 'Expense', sign: 1 }],
  ['rent', { accountType: 'Expense', sign: 1 }],
  ['bank', { accountType: 'Bank', sign: 1 }],
  ['card', { accountType: 'CreditCard', sign: -1 }],
  ['loan', { accountType: 'Loan', sign: -1 }],
  ['inv', { accountType: 'Investment', sign: 1 }],
  ['eq', { accountType: 'Equity', sign: -1 }],
]);

const row = (id: string, over: Partial<DirectionRow> & Pick<DirectionRow, 'sign'>): DirectionRow => ({
  id,
  lineItemId: id.split(':')[0] ?? id,
  parentId: null,
  accountId: null,
  itemType: 'AccountTree',
  name: id,
  ...over,
});

describe('varianceDirections', () => {
  it('goes by the account type: more income, cash, investments and equity is better; more expense and debt worse', () => {
    const rows = [
      row('L1', { accountId: 'inc', name: 'Income', sign: -1 }),
      row('L1:rev', { accountId: 'rev', parentId: 'L1', name: 'Revenue', sign: -1 }),
      row('L2', { accountId: 'exp', name: 'Expense', sign: 1 }),
      row('L2:rent', { accountId: 'rent', parentId: 'L2', name: 'Rent', sign: 1 }),
      row('L4', { accountId: 'bank', name: 'Banks', sign: 1 }),
      row('L5', { accountId: 'card', name: 'Credit Cards', sign: -1 }),
      row('L6', { accountId: 'inv', name: 'Investments', sign: 1 }),
      row('L7', { accountId: 'loan', name: 'Loans', sign: -1 }),
      row('L8', { accountId: 'eq', name: 'Other', sign: -1 }),
    ];
    expect(Object.fromEntries(varianceDirections(rows, ACCOUNTS))).toEqual({
      L1: true,
      'L1:rev': true,
      L2: false,
      'L2:rent': false,
      L4: true,
      L5: false,
      L6: true,
      L7: false,
      L8: true,
    });
  });

  it('reverses a flipped line, whose sign differs from its account’s', () => {
    const rows = [
      row('L2', { accountId: 'exp', name: 'Expense', sign: -1 }),
      row('L2:rent', { accountId: 'rent', parentId: 'L2', name: 'Rent', sign: -1 }),
    ];
    expect(Object.fromEntries(varianceDirections(rows, ACCOUNTS))).toEqual({ L2: true, 'L2:rent': true });
  });

  it('gives a section the direction of its first account below it, reversed when the section is flipped', () => {
    const rows = [
      row('S1', { itemType: 'Section', name: 'Costs', sign: 1 }),
      row('S1a', { itemType: 'Section', parentId: 'S1', name: 'Empty', sign: 1 }),
      row('L2', { accountId: 'exp', parentId: 'S1', name: 'Expense', sign: 1 }),
      row('S2', { itemType: 'Section', name: 'Costs shown negative', sign: -1 }),
      row('L9', { accountId: 'rent', parentId: 'S2', name: 'Rent', sign: 1 }),
      row('S3', { itemType: 'Section', name: 'Nothing', sign: 1 }),
    ];
    const lines = new Map([
      ['S1', { defaultSign: 1, expr: null }],
      ['S2', { defaultSign: 1, expr: null }],
      ['S3', { defaultSign: 1, expr: null }],
    ]);
    const directions = varianceDirections(rows, ACCOUNTS, lines);
    expect(directions.get('S1')).toBe(false);
    expect(directions.get('S2')).toBe(true);
    expect(directions.get('S3')).toBe(true);
  });

  it('gives an expression the direction its terms agree on: Net Income up, Net Burn down', () => {
    const rows = [
      row('L1', { accountId: 'inc', name: 'Income', sign: -1 }),
      row('L2', { accountId: 'exp', name: 'Expense', sign: 1 }),
      row('L3', { itemType: 'Expression', name: 'Net Income', sign: 1 }),
      row('L9', { itemType: 'Expression', name: 'Net Burn', sign: 1 }),
      row('L10', { itemType: 'Expression', name: 'Burn shown negative', sign: -1 }),
      row('L11', { itemType: 'Expression', name: 'Mixed', sign: 1 }),
      row('L12', { itemType: 'Expression', name: 'Broken', sign: 1 }),
      row('L13', { itemType: 'Expression', name: 'Loop', sign: 1 }),
      row('L14', { itemType: 'Expression', name: 'Of another', sign: 1 }),
    ];
    const lines = new Map([
      ['L3', { defaultSign: 1, expr: 'Income - Expense' }],
      ['L9', { defaultSign: 1, expr: 'expense - {{L1}}' }],
      ['L10', { defaultSign: 1, expr: 'Expense - Income' }],
      ['L11', { defaultSign: 1, expr: 'Income + Expense' }],
      ['L12', { defaultSign: 1, expr: 'Income - (' }],
      ['L13', { defaultSign: 1, expr: 'Loop - Expense' }],
      ['L14', { defaultSign: 1, expr: '-(Net Burn)' }],
    ]);
    expect(Object.fromEntries(varianceDirections(rows, ACCOUNTS, lines))).toMatchObject({
      L3: true,
      L9: false,
      L10: true,
      L11: true,
      L12: true,
      L13: true,
      L14: true,
    });
  });

  it('takes an expression as better higher when its formula is not known', () => {
    const rows = [row('L3', { itemType: 'Expression', name: 'Net Income', sign: 1 })];
    expect(varianceDirections(rows, ACCOUNTS).get('L3')).toBe(true);
  });
});
