import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { statementFigures, statementMonths } from './statement';

describe('statementMonths', () => {
  it('lists the opening (partial) month to last month, newest first', () => {
    expect(statementMonths('2026-07-14T09:30:00Z', '2026-11-22')).toEqual([
      '2026-10',
      '2026-09',
      '2026-08',
      '2026-07',
    ]);
  });

  it('crosses a year end', () => {
    expect(statementMonths('2025-11-30', '2026-02-01')).toEqual(['2026-01', '2025-12', '2025-11']);
  });

  it('has the opening month once it is over, and nothing for an account opened this month', () => {
    expect(statementMonths('2026-11-01', '2026-11-22')).toEqual([]);
    expect(statementMonths('2026-10-31T23:59:59Z', '2026-11-22')).toEqual(['2026-10']);
  });

  it('reads a timestamp with an offset in UTC', () => {
    // 30 September 21:00 in New York is 1 October in UTC: October is the opening month.
    expect(statementMonths('2026-09-30T21:00:00-04:00', '2026-12-05')).toEqual(['2026-11', '2026-10']);
  });

  it('refuses what is not a date', () => {
    expect(() => statementMonths('last week', '2026-11-22')).toThrow(RangeError);
    expect(() => statementMonths('2026-02-30', '2026-11-22')).toThrow(RangeError);
  });
});

describe('statementFigures', () => {
  it('orders postings by date, keeps same-day order, and runs the balance', () => {
    const figures = statementFigures(10_000, [
      { date: '2026-10-20', amount: -2_500, name: 'Rent' },
      { date: '2026-10-05', amount: 50_000, name: 'Deposit' },
      { date: '2026-10-20', amount: 1_000, name: 'Refund' },
      { date: '2026-10-31', amount: 37, name: 'Interest' },
    ]);
    expect(figures).toEqual({
      openingCents: 10_000,
      totalCreditsCents: 51_037,
      totalDebitsCents: 2_500,
      closingCents: 58_537,
      lines: [
        { date: '2026-10-05', amount: 50_000, name: 'Deposit', balance: 60_000 },
        { date: '2026-10-20', amount: -2_500, name: 'Rent', balance: 57_500 },
        { date: '2026-10-20', amount: 1_000, name: 'Refund', balance: 58_500 },
        { date: '2026-10-31', amount: 37, name: 'Interest', balance: 58_537 },
      ],
    });
  });

  it('closes at the opening balance for a month without postings', () => {
    expect(statementFigures(-4_200, [])).toEqual({
      openingCents: -4_200,
      totalCreditsCents: 0,
      totalDebitsCents: 0,
      closingCents: -4_200,
      lines: [],
    });
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => statementFigures(0, [{ date: '2026-10-01', amount: 1.5 }])).toThrow(RangeError);
    expect(() => statementFigures(0.1, [])).toThrow(RangeError);
  });

  it('closes at opening + credits − debits, the last line at the closing balance, for any postings', () => {
    const posting = fc.record({
      date: fc.integer({ min: 1, max: 30 }).map((day) => `2026-11-${String(day).padStart(2, '0')}`),
      amount: fc.integer({ min: -(10 ** 10), max: 10 ** 10 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: -(10 ** 12), max: 10 ** 12 }),
        fc.array(posting, { maxLength: 40 }),
        (opening, postings) => {
          const figures = statementFigures(opening, postings);
          expect(figures.closingCents).toBe(opening + figures.totalCreditsCents - figures.totalDebitsCents);
          expect(figures.totalCreditsCents).toBeGreaterThanOrEqual(0);
          expect(figures.totalDebitsCents).toBeGreaterThanOrEqual(0);
          expect(figures.lines.at(-1)?.balance ?? opening).toBe(figures.closingCents);
          expect(figures.lines.map((line) => line.date)).toEqual(postings.map((p) => p.date).sort());
          figures.lines.forEach((line, index) => {
            const before = index === 0 ? opening : figures.lines[index - 1]!.balance;
            expect(line.balance).toBe(before + line.amount);
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
