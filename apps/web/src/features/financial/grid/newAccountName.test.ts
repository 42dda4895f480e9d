import { describe, expect, it } from 'vitest';
import { movedRowKey, newSubAccountName } from './newAccountName';

describe('new sub-account name', () => {
  it('is New Account when no sibling has that name', () => {
    expect(newSubAccountName(['Salaries', 'Benefits'])).toBe('New Account');
  });

  it('numbers the name so sibling paths stay distinct', () => {
    expect(newSubAccountName(['New Account'])).toBe('New Account (1)');
    expect(newSubAccountName(['New Account', 'New Account (1)'])).toBe('New Account (2)');
  });
});

describe('moved row key', () => {
  it('follows a renamed account and its descendants, and leaves other keys', () => {
    expect(movedRowKey('Expense/Travel', 'Expense/Travel', 'Expense/Trips')).toBe('Expense/Trips');
    expect(movedRowKey('Expense/Travel/Meals', 'Expense/Travel', 'Expense/Trips')).toBe(
      'Expense/Trips/Meals',
    );
    expect(movedRowKey('Expense/Travel Extra', 'Expense/Travel', 'Expense/Trips')).toBeNull();
  });
});
