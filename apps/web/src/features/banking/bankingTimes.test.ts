import { describe, expect, it } from 'vitest';
import { describeAge, formatDayTimeIn, formatTimeIn, formatWeekday } from './bankingTimes';

describe('bankingTimes', () => {
  it('writes a day with its weekday', () => {
    expect(formatWeekday('2026-12-01')).toBe('Tue, Dec 1');
  });

  it('writes an instant in the company’s time zone with its abbreviation', () => {
    expect(formatTimeIn('America/New_York', '2026-11-30T21:00:00.000Z')).toBe('4:00 PM EST');
    expect(formatTimeIn('America/Los_Angeles', '2026-11-30T21:00:00.000Z')).toBe('1:00 PM PST');
    expect(formatDayTimeIn('Asia/Tokyo', '2026-11-30T21:00:00.000Z')).toBe('Tue, Dec 1 at 6:00 AM GMT+9');
  });

  it('says how old figures are', () => {
    const now = new Date('2026-11-30T21:00:00.000Z');
    expect(describeAge('UTC', '2026-11-30T20:59:30.000Z', now)).toBe('just now');
    expect(describeAge('UTC', '2026-11-30T20:58:00.000Z', now)).toBe('2 min ago');
    expect(describeAge('UTC', '2026-11-30T18:00:00.000Z', now)).toBe('3 h ago');
    expect(describeAge('America/New_York', '2026-11-28T21:00:00.000Z', now)).toBe(
      'Sat, Nov 28 at 4:00 PM EST',
    );
  });
});
