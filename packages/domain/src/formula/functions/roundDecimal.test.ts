import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RoundingMode, roundDecimal } from './roundDecimal';

/** Exact rounding of units × 10^-scale to `digits` decimals, in integers (the reference). */
function roundExactly(units: bigint, scale: number, digits: number, mode: RoundingMode): number {
  const negative = units < 0n;
  const magnitude = negative ? -units : units;
  const drop = scale - digits;
  if (drop <= 0) return Number(`${negative ? '-' : ''}${magnitude}e${-scale}`) || 0;
  const unit = 10n ** BigInt(drop);
  let kept = magnitude / unit;
  const rest = magnitude % unit;
  if ((mode === 'half-away' && rest * 2n >= unit) || (mode === 'away' && rest > 0n)) kept += 1n;
  return Number(`${negative ? '-' : ''}${kept}e${-digits}`) || 0;
}

describe('roundDecimal', () => {
  it('rounds on the decimal digits a user wrote, not on the binary value', () => {
    expect(roundDecimal(2.675, 2, 'half-away')).toBe(2.68);
    expect(roundDecimal(1.005, 2, 'half-away')).toBe(1.01);
    expect(roundDecimal(-1.005, 2, 'half-away')).toBe(-1.01);
    expect(roundDecimal(0.1 + 0.2, 1, 'away')).toBe(0.3);
    expect(roundDecimal(0.1 + 0.7, 1, 'toward')).toBe(0.8);
    expect(roundDecimal(1e21 + 0.5, 0, 'half-away')).toBe(1e21);
  });

  it('rounds to tens and beyond with negative digits', () => {
    expect(roundDecimal(1234.5678, -2, 'half-away')).toBe(1200);
    expect(roundDecimal(-1250, -2, 'half-away')).toBe(-1300);
    expect(roundDecimal(999, -3, 'half-away')).toBe(1000);
    expect(roundDecimal(0.4, -3, 'away')).toBe(1000);
    expect(roundDecimal(-0.4, -3, 'away')).toBe(-1000);
    expect(roundDecimal(0.4, -3, 'toward')).toBe(0);
  });

  it('keeps numbers that have no digit past the place', () => {
    expect(roundDecimal(123.456, 5, 'half-away')).toBe(123.456);
    expect(roundDecimal(0.1 + 0.2, 20, 'half-away')).toBe(0.1 + 0.2);
    expect(roundDecimal(0, 2, 'away')).toBe(0);
  });

  it('matches exact decimal rounding for numbers of up to 15 significant digits', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: -4, max: 7 }),
        fc.constantFrom<RoundingMode>('half-away', 'away', 'toward'),
        (units, scale, digits, mode) => {
          const value = Number(`${units}e${-scale}`);
          expect(roundDecimal(value, digits, mode)).toBe(roundExactly(units, scale, digits, mode));
        },
      ),
      { numRuns: 200 },
    );
  });
});
