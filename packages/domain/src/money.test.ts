import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_TOO_LARGE,
  formatCents,
  formatCentsPlain,
  formatCentsWhole,
  parseAmount,
  roundCentsToUnits,
} from './money';

describe('formatCents', () => {
  it('shows dollars with two decimals and thousands separators', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(-5)).toBe('-$0.05');
    expect(formatCents(0)).toBe('$0.00');
  });

  it('rounds to whole units half away from zero', () => {
    expect(roundCentsToUnits(150)).toBe(2);
    expect(roundCentsToUnits(-150)).toBe(-2);
    expect(roundCentsToUnits(149)).toBe(1);
    expect(formatCentsWhole(123_450)).toBe('$1,235');
  });
});

describe('formatCentsPlain', () => {
  it('writes the exact amount with cents only when there are any', () => {
    expect(formatCentsPlain(204_685)).toBe('2046.85');
    expect(formatCentsPlain(120_000)).toBe('1200');
    expect(formatCentsPlain(-5)).toBe('-0.05');
    expect(formatCentsPlain(0)).toBe('0');
  });

  it('reads back as the same cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 13), max: 10 ** 13 }), (cents) => {
        const parsed = parseAmount(formatCentsPlain(cents));
        expect(parsed).toEqual({ ok: true, cents });
      }),
    );
  });
});

describe('parseAmount', () => {
  it('reads plain, separated, negative and fractional amounts exactly', () => {
    expect(parseAmount('1,234.56')).toEqual({ ok: true, cents: 123456 });
    expect(parseAmount('-12')).toEqual({ ok: true, cents: -1200 });
    expect(parseAmount('0.29')).toEqual({ ok: true, cents: 29 });
    expect(parseAmount('.5')).toEqual({ ok: true, cents: 50 });
    expect(parseAmount('7.')).toEqual({ ok: true, cents: 700 });
  });

  it('refuses more than two decimals, letters, misplaced separators and overlong input', () => {
    expect(parseAmount('1.234')).toEqual({ ok: false, error: 'Amount can have at most 2 decimals' });
    expect(parseAmount('12a')).toEqual({ ok: false, error: 'Amount must be a number' });
    expect(parseAmount('1,23')).toEqual({ ok: false, error: 'Amount must be a number' });
    expect(parseAmount('')).toEqual({ ok: false, error: 'Amount is required' });
    expect(parseAmount('1'.repeat(24))).toEqual({ ok: false, error: 'Amount is too long' });
    expect(parseAmount('99999999999999999999.99')).toEqual({ ok: false, error: AMOUNT_TOO_LARGE });
  });

  it('round-trips every amount in cents through its written form', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        const written = (cents / 100).toFixed(2);
        const parsed = parseAmount(written);
        return parsed.ok && parsed.cents === cents;
      }),
    );
  });
});
