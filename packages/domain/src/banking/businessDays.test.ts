import { describe, expect, it } from 'vitest';
import { bankHolidays, isBankBusinessDay, nextBankBusinessDay } from './businessDays';

describe('bank business days', () => {
  it("lists the Federal Reserve's 2026 holidays (Independence Day falls on a Saturday: not observed)", () => {
    expect(bankHolidays(2026).map((h) => h.date)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
  });

  it('observes a Sunday holiday on the Monday after', () => {
    // Christmas 2022 and New Year's Day 2023 fell on Sundays; Juneteenth 2022 too.
    expect(bankHolidays(2022).map((h) => h.date)).toContain('2022-06-20');
    expect(bankHolidays(2022).map((h) => h.date)).toContain('2022-12-26');
    expect(bankHolidays(2023).map((h) => h.date)).toContain('2023-01-02');
  });

  it('skips weekends and holidays to the next business day', () => {
    expect(isBankBusinessDay('2026-11-25')).toBe(true);
    expect(isBankBusinessDay('2026-11-26')).toBe(false);
    expect(isBankBusinessDay('2026-11-28')).toBe(false);
    expect(nextBankBusinessDay('2026-11-25')).toBe('2026-11-27');
    expect(nextBankBusinessDay('2026-11-20')).toBe('2026-11-23');
    expect(nextBankBusinessDay('2026-12-24')).toBe('2026-12-28');
    expect(nextBankBusinessDay('2026-12-31')).toBe('2027-01-04');
  });
});
