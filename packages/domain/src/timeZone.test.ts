import { describe, expect, it } from 'vitest';
import { dayIn, instantIn, isTimeZone, monthIn, timeZoneSchema, wallClockIn } from './timeZone';

describe('a company time zone', () => {
  it('reads 23:30 on the last day of a month in Los Angeles as that day, though UTC is in the next month', () => {
    const at = new Date('2026-12-01T07:30:00.000Z');
    expect(dayIn('America/Los_Angeles', at)).toBe('2026-11-30');
    expect(monthIn('America/Los_Angeles', at)).toBe('2026-11');
    expect(dayIn('UTC', at)).toBe('2026-12-01');
    expect(wallClockIn('America/Los_Angeles', at)).toMatchObject({ hour: 23, minute: 30 });
  });

  it('finds the instant of a wall-clock time, across daylight saving', () => {
    expect(instantIn('America/Los_Angeles', '2026-11-30', '23:30').toISOString()).toBe(
      '2026-12-01T07:30:00.000Z',
    );
    expect(instantIn('America/New_York', '2026-07-01', '16:00').toISOString()).toBe(
      '2026-07-01T20:00:00.000Z',
    );
    expect(instantIn('America/New_York', '2026-01-02').toISOString()).toBe('2026-01-02T05:00:00.000Z');
    expect(instantIn('Asia/Kolkata', '2026-03-01').toISOString()).toBe('2026-02-28T18:30:00.000Z');
    // 02:30 on 8 March 2026 does not exist in New York: the clock jumps from 02:00 to 03:00.
    expect(dayIn('America/New_York', instantIn('America/New_York', '2026-03-08', '02:30'))).toBe(
      '2026-03-08',
    );
  });

  it('accepts IANA names and refuses anything else with a message', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(timeZoneSchema.safeParse(' America/Chicago ').data).toBe('America/Chicago');
    expect(timeZoneSchema.safeParse('x'.repeat(65)).error?.issues[0]?.message).toBe(
      'Time zone must be at most 64 characters',
    );
    expect(timeZoneSchema.safeParse('Nowhere/City').error?.issues[0]?.message).toBe(
      'Choose a time zone from the list',
    );
  });
});
