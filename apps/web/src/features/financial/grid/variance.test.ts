import { describe, expect, it } from 'vitest';
import {
  describeVariance,
  formatVarianceAmount,
  formatVariancePercent,
  formatVarianceShort,
  varianceOf,
} from './variance';

describe('varianceOf', () => {
  it('is actual minus plan, as a percent of the plan, good when it goes the row’s way', () => {
    expect(varianceOf(1_043_00, 1_000_00, true)).toEqual({ amount: 43_00, percent: 4.3, tone: 'good' });
    expect(varianceOf(1_043_00, 1_000_00, false)).toEqual({ amount: 43_00, percent: 4.3, tone: 'bad' });
    expect(varianceOf(900_00, 1_000_00, false)).toEqual({ amount: -100_00, percent: -10, tone: 'good' });
    expect(varianceOf(900_00, 1_000_00, true).tone).toBe('bad');
  });

  it('is neutral on plan, and has no percent against a plan of 0', () => {
    expect(varianceOf(500_00, 500_00, true)).toEqual({ amount: 0, percent: 0, tone: 'neutral' });
    expect(varianceOf(250_00, 0, true)).toEqual({ amount: 250_00, percent: null, tone: 'good' });
    expect(varianceOf(-250_00, 0, true)).toEqual({ amount: -250_00, percent: null, tone: 'bad' });
  });

  it('gives the percent the sign of the difference when the plan is negative', () => {
    // A balance planned at -$1,000 that closed at -$500: $500 above plan, 50% of the plan's size.
    expect(varianceOf(-500_00, -1_000_00, true)).toEqual({ amount: 500_00, percent: 50, tone: 'good' });
  });
});

describe('variance formatting', () => {
  it('writes amounts short enough for a grid cell, signed', () => {
    expect(formatVarianceAmount(3_40)).toBe('+$3.40');
    expect(formatVarianceAmount(-9_99)).toBe('-$9.99');
    expect(formatVarianceAmount(834_50)).toBe('+$835');
    expect(formatVarianceAmount(-834_49)).toBe('-$834');
    expect(formatVarianceAmount(1_234_00)).toBe('+$1.23K');
    expect(formatVarianceAmount(-45_600_00)).toBe('-$45.6K');
    expect(formatVarianceAmount(123_456_78)).toBe('+$123K');
    expect(formatVarianceAmount(1_250_000_00)).toBe('+$1.25M');
    expect(formatVarianceAmount(0)).toBe('$0');
  });

  it('writes percents with one decimal, whole from 100% on', () => {
    expect(formatVariancePercent(4.3)).toBe('+4.3%');
    expect(formatVariancePercent(-12)).toBe('-12.0%');
    expect(formatVariancePercent(0.04)).toBe('0.0%');
    expect(formatVariancePercent(-0.04)).toBe('0.0%');
    expect(formatVariancePercent(99.94)).toBe('+99.9%');
    expect(formatVariancePercent(99.96)).toBe('+100%');
    expect(formatVariancePercent(1234.5)).toBe('+1,235%');
  });

  it('writes the second line of a cell, without a percent against a plan of 0', () => {
    expect(formatVarianceShort(varianceOf(1_043_00, 1_000_00, true))).toBe('+$43 (+4.3%)');
    expect(formatVarianceShort(varianceOf(8_766_00, 10_000_00, true))).toBe('-$1.23K (-12.3%)');
    expect(formatVarianceShort(varianceOf(250_00, 0, true))).toBe('+$250');
    expect(formatVarianceShort(varianceOf(7_00, 7_00, true))).toBe('$0 (0.0%)');
  });

  it('gives the working in full, to the cent', () => {
    expect(describeVariance(1_043_21, 1_000_00, varianceOf(1_043_21, 1_000_00, true))).toBe(
      'Plan $1,000.00 · Actual $1,043.21 · Difference +$43.21 (+4.3%): above plan, better',
    );
    expect(describeVariance(1_043_21, 1_000_00, varianceOf(1_043_21, 1_000_00, false))).toBe(
      'Plan $1,000.00 · Actual $1,043.21 · Difference +$43.21 (+4.3%): above plan, worse',
    );
    expect(describeVariance(-20_00, 0, varianceOf(-20_00, 0, false))).toBe(
      'Plan $0.00 · Actual -$20.00 · Difference -$20.00: below plan, better',
    );
    expect(describeVariance(7_00, 7_00, varianceOf(7_00, 7_00, true))).toBe(
      'Plan $7.00 · Actual $7.00 · Difference $0.00 (0.0%): on plan',
    );
  });
});
