import { describe, expect, it } from 'vitest';
import {
  formatTransactionDate,
  formatTransactionDay,
  groupTransactionsByDay,
} from './groupTransactionsByDay';

describe('groupTransactionsByDay', () => {
  it('puts consecutive rows of one date under one day, keeping the newest-first order', () => {
    const rows = [
      { id: 'a', date: '2026-11-20' },
      { id: 'b', date: '2026-11-20' },
      { id: 'c', date: '2026-11-18' },
    ];
    expect(groupTransactionsByDay(rows)).toEqual([
      { date: '2026-11-20', transactions: [rows[0], rows[1]] },
      { date: '2026-11-18', transactions: [rows[2]] },
    ]);
  });

  it('gives no days for no rows', () => {
    expect(groupTransactionsByDay([])).toEqual([]);
  });

  it('names a day by its calendar date whatever the browser time zone', () => {
    expect(formatTransactionDay('2026-11-20')).toBe('Friday, November 20, 2026');
    expect(formatTransactionDate('2026-01-01')).toBe('Jan 1, 2026');
  });
});
