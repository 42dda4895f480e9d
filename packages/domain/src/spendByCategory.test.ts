import { describe, expect, it } from 'vitest';
import { computeSpendByCategory } from './spendByCategory';

const spend = (name: string, amount: number, group = 'Software') => ({
  accountId: name,
  path: ['Expense', 'Operating Expenses', group, name],
  amount,
});

describe('computeSpendByCategory', () => {
  it('names the top eight positive categories and groups the rest as Others', () => {
    const items = Array.from({ length: 11 }, (_, i) => spend(`Category ${i + 1}`, (i + 1) * 1000));
    const result = computeSpendByCategory(items);
    expect(result.map((c) => c.name)).toEqual([
      'Category 11',
      'Category 10',
      'Category 9',
      'Category 8',
      'Category 7',
      'Category 6',
      'Category 5',
      'Category 4',
      'Others',
    ]);
    expect(result.at(-1)?.amount).toBe(1000 + 2000 + 3000);
  });

  it('counts only accounts four levels under Expense, rolling deeper accounts into them', () => {
    const result = computeSpendByCategory([
      spend('Cloud Hosting', 50_00),
      {
        accountId: 'aws-east',
        path: ['Expense', 'Operating Expenses', 'Software', 'Cloud Hosting', 'AWS'],
        amount: 25_00,
      },
      { accountId: 'ops', path: ['Expense', 'Operating Expenses', 'Software'], amount: 999_00 },
      { accountId: 'rev', path: ['Income', 'Revenue', 'Subscriptions', 'Annual'], amount: 999_00 },
    ]);
    expect(result).toEqual([{ name: 'Cloud Hosting', accountId: 'Cloud Hosting', amount: 75_00 }]);
  });

  it('leaves out categories with no or negative spend, and Others when nothing is left over', () => {
    const result = computeSpendByCategory([spend('Refunds', -10_00), spend('Zero', 0), spend('Rent', 10_00)]);
    expect(result).toEqual([{ name: 'Rent', accountId: 'Rent', amount: 10_00 }]);
  });
});
