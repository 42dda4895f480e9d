import { describe, expect, it } from 'vitest';
import { expectedArrivalDay, handOverTime, processingDay, settlementTime } from './transferSchedule';

// Monday 30 November 2026; Tuesday 1 December; 26 November 2026 is Thanksgiving.
describe('transfer schedule in the bank time', () => {
  it('processes an ACH sent before the cut-off that day, hands it over at 16:00 New York, arrives the next business day', () => {
    const now = new Date('2026-11-30T15:00:00.000Z'); // 10:00 in New York
    expect(processingDay('ach', '2026-11-30', now)).toBe('2026-11-30');
    expect(handOverTime('ach', '2026-11-30', now).toISOString()).toBe('2026-11-30T21:00:00.000Z');
    expect(settlementTime('ach', '2026-11-30', now).toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(expectedArrivalDay('ach', '2026-11-30', now)).toBe('2026-12-01');
  });

  it('moves an ACH sent after the cut-off to the next business day', () => {
    const now = new Date('2026-11-30T22:00:00.000Z'); // 17:00 in New York, 14:00 in Los Angeles
    expect(processingDay('ach', '2026-11-30', now)).toBe('2026-12-01');
    expect(expectedArrivalDay('ach', '2026-11-30', now)).toBe('2026-12-02');
  });

  it('takes a transfer dated by a Los Angeles company at 23:30 on the last day of the month', () => {
    const now = new Date('2026-12-01T07:30:00.000Z'); // 23:30 on 30 November in LA, 02:30 on 1 December in NY
    expect(processingDay('ach', '2026-11-30', now)).toBe('2026-12-01');
    expect(handOverTime('wire', '2026-11-30', now)).toEqual(now);
    expect(expectedArrivalDay('wire', '2026-11-30', now)).toBe('2026-12-01');
  });

  it('sends a wire at once on a business day before its cut-off, and at the opening of a later one', () => {
    const now = new Date('2026-11-30T15:00:00.000Z');
    expect(handOverTime('wire', '2026-11-30', now)).toEqual(now);
    expect(handOverTime('wire', '2026-12-02', now).toISOString()).toBe('2026-12-02T14:00:00.000Z');
    expect(processingDay('wire', '2026-11-26', new Date('2026-11-20T15:00:00.000Z'))).toBe('2026-11-27');
  });
});
