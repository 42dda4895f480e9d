import { describe, expect, it } from 'vitest';
import { chosenCutoffMonth, usableStoredRange } from './reportRangeStore';

const shownYear = { startMonth: '2023-01', actualsEndMonth: '2023-12', endMonth: '2023-12' };

describe('the stored report range', () => {
  it('gives the page the range only (the query takes no cutoffMonth)', () => {
    expect(usableStoredRange({ ...shownYear, cutoffMonth: '2026-09' }, '2026-11')).toEqual(shownYear);
    expect(usableStoredRange(null, '2026-11')).toBeNull();
  });

  it('refuses a range the month has moved past: its start at or after the current month', () => {
    expect(
      usableStoredRange(
        { startMonth: '2026-11', actualsEndMonth: '2026-11', endMonth: '2027-01' },
        '2026-11',
      ),
    ).toBeNull();
  });

  it("keeps the user's cutoff apart from a picked year's, and never after the current month", () => {
    expect(chosenCutoffMonth({ ...shownYear, cutoffMonth: '2026-09' }, shownYear, '2026-11')).toBe('2026-09');
    expect(chosenCutoffMonth(shownYear, shownYear, '2026-11')).toBe('2023-12');
    expect(chosenCutoffMonth({ ...shownYear, cutoffMonth: '2026-12' }, shownYear, '2026-11')).toBe('2023-12');
  });

  it('moves an actuals end stored as the current month on with the calendar (`now`)', () => {
    const stored = { startMonth: '2026-01', actualsEndMonth: '2026-10', endMonth: '2026-10', now: '2026-10' };
    expect(usableStoredRange(stored, '2026-11')).toEqual({
      startMonth: '2026-01',
      actualsEndMonth: '2026-11',
      endMonth: '2026-11',
    });
    expect(chosenCutoffMonth({ ...stored, cutoffMonth: '2026-10' }, stored, '2026-11')).toBe('2026-11');
    // A cutoff the user put in the past stays where they put it; so does one stored this month.
    const past = { ...stored, actualsEndMonth: '2026-06', cutoffMonth: '2026-06' };
    expect(usableStoredRange(past, '2026-11')?.actualsEndMonth).toBe('2026-06');
    expect(chosenCutoffMonth(past, past, '2026-11')).toBe('2026-06');
    expect(usableStoredRange({ ...stored, now: '2026-11' }, '2026-11')?.actualsEndMonth).toBe('2026-10');
  });
});
