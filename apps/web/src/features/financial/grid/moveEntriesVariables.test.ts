import { describe, expect, it } from 'vitest';
import { moveEntriesVariables } from './moveEntriesVariables';

describe('moveEntriesVariables', () => {
  it('spans the dragged months and splits actual from forecast at the actuals end', () => {
    expect(
      moveEntriesVariables(
        { kind: 'monthly', sourceAccountId: 'a', months: ['2026-02'], actualsEndMonth: '2026-11', label: '' },
        'b',
      ),
    ).toEqual({
      fromAccountId: 'a',
      toAccountId: 'b',
      startDate: '2026-02-01',
      endDate: '2026-02-28',
      actualsEndDate: '2026-11-30',
      includeSubtree: false,
    });
  });

  it('moves a whole year of a subtree for an annual cell', () => {
    const months = Array.from({ length: 12 }, (_, index) => `2027-${String(index + 1).padStart(2, '0')}`);
    expect(
      moveEntriesVariables(
        { kind: 'monthlySubtree', sourceAccountId: 'p', months, actualsEndMonth: '2026-11', label: '' },
        'b',
      ),
    ).toMatchObject({ startDate: '2027-01-01', endDate: '2027-12-31', includeSubtree: true });
  });
});
