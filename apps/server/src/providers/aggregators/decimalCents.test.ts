import { formatCentsPlain, MAX_ENTRY_CENTS } from '@keel/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalToCents } from './decimalCents';

describe('decimalToCents', () => {
  it('reads amounts as the vendors write them, exactly', () => {
    expect(decimalToCents(12.34)).toBe(1234);
    expect(decimalToCents(-19.99)).toBe(-1999);
    expect(decimalToCents(0.1 + 0.2)).toBe(30);
    expect(decimalToCents(1234567.89)).toBe(123456789);
    expect(decimalToCents('384.05')).toBe(38405);
    expect(decimalToCents('  -0.5 ')).toBe(-50);
    expect(decimalToCents('.07')).toBe(7);
    expect(decimalToCents('25')).toBe(2500);
    expect(decimalToCents('25.')).toBe(2500);
    expect(decimalToCents(0)).toBe(0);
    expect(Object.is(decimalToCents('-0.00'), 0)).toBe(true);
  });

  it('rounds digits past the cent half away from zero, in decimal (where floats would not)', () => {
    expect(decimalToCents(1.005)).toBe(101);
    expect(decimalToCents(-1.005)).toBe(-101);
    expect(decimalToCents('0.0149')).toBe(1);
    expect(decimalToCents('2.675')).toBe(268);
    expect(decimalToCents(1e-7)).toBe(0);
  });

  it('refuses what is not a finite amount within the ledger bound', () => {
    for (const bad of ['', '.', '-', '1,000.00', '1e3', 'abc', '12.3.4']) {
      expect(() => decimalToCents(bad), bad).toThrow();
    }
    expect(() => decimalToCents(Number.NaN)).toThrow();
    expect(() => decimalToCents(Number.POSITIVE_INFINITY)).toThrow();
    expect(() => decimalToCents(1e21)).toThrow();
    expect(() => decimalToCents('100000000000.01')).toThrow(/out of range/);
    expect(decimalToCents('100000000000.00')).toBe(MAX_ENTRY_CENTS);
  });

  it('gives back every cent amount from its number and from its text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_ENTRY_CENTS, max: MAX_ENTRY_CENTS }), (cents) => {
        expect(decimalToCents(cents / 100)).toBe(cents);
        expect(decimalToCents(formatCentsPlain(cents))).toBe(cents);
      }),
      { numRuns: 2_000 },
    );
  });
});
