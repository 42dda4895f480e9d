import { describe, expect, it } from 'vitest';
import {
  describeLargeOutputChange,
  findLargeOutputChanges,
  type OutputFigures,
} from './findLargeOutputChanges';

const figures = (outputs: Record<string, Record<string, number>>): OutputFigures =>
  new Map(Object.entries(outputs).map(([id, months]) => [id, new Map(Object.entries(months))]));

describe('findLargeOutputChanges', () => {
  it('names each output moved more than 10x, at its most moved month, up or down', () => {
    const before = figures({
      revenue: { '2027-10': 100_00, '2027-11': 200_00 },
      cost: { '2027-10': 5_000_00 },
      steady: { '2027-10': 1_00 },
    });
    const after = figures({
      revenue: { '2027-10': 1_001_00, '2027-11': 100_000_00 },
      cost: { '2027-10': 499_98 },
      steady: { '2027-10': 10_00 },
    });
    expect(findLargeOutputChanges(before, after)).toEqual([
      { outputId: 'revenue', month: '2027-11', fromCents: 200_00, toCents: 100_000_00, monthsMoved: 2 },
      { outputId: 'cost', month: '2027-10', fromCents: 5_000_00, toCents: 499_98, monthsMoved: 1 },
    ]);
  });

  it('does not count an exact 10× whose figures were rounded to cents', () => {
    const before = figures({ a: { '2027-11': 8_004_182 } });
    expect(findLargeOutputChanges(before, figures({ a: { '2027-11': 80_041_825 } }))).toEqual([]);
    expect(findLargeOutputChanges(before, figures({ a: { '2027-11': 80_041_831 } }))).toHaveLength(1);
  });

  it('counts a sign change by size, and ignores months with no figure before or after', () => {
    const before = figures({ a: { '2027-01': 10_00, '2027-02': 10_00 } });
    expect(findLargeOutputChanges(before, figures({ a: { '2027-01': -101_00 } }))).toHaveLength(1);
    expect(findLargeOutputChanges(before, figures({ a: { '2027-01': -100_00, '2027-03': 9e9 } }))).toEqual(
      [],
    );
    expect(findLargeOutputChanges(figures({}), figures({ a: { '2027-01': 9e9 } }))).toEqual([]);
  });

  it('describes a change with its month and both figures', () => {
    const change = {
      outputId: 'r',
      month: '2027-11',
      fromCents: 3_627_971,
      toCents: 36_279_705_600_000,
      monthsMoved: 3,
    };
    expect(describeLargeOutputChange(change, 'Revenue → Sales')).toBe(
      'Revenue → Sales: November 2027 from $36,279.71 to $362,797,056,000.00 (and 2 more months)',
    );
  });
});
