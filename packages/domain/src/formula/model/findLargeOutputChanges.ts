import { type Cents, formatCents } from '../../money';
import { formatMonthLong, type MonthKey } from '../../months';

/**
 * A change to a model that moves one of its outputs by more than this factor in a month (up, or down
 * to less than its tenth) is shown and confirmed before it is saved.
 */
export const LARGE_CHANGE_FACTOR = 10;

/** Each output's figures as it writes them into the report: cents by month, months without one absent. */
export type OutputFigures = ReadonlyMap<string, ReadonlyMap<MonthKey, Cents>>;

/** An output moved by more than LARGE_CHANGE_FACTOR: its most moved month, and how many months moved. */
export type LargeOutputChange = {
  outputId: string;
  month: MonthKey;
  fromCents: Cents;
  toCents: Cents;
  /** The months of this output that moved by more than the factor (`month` is the largest move). */
  monthsMoved: number;
};

/**
 * The outputs a change moves by more than `factor` in some month, comparing the figures before and
 * after it month by month. Only months with a figure both before and after count (a figure that
 * appears or goes has no ratio; a sign change counts by size), and a month moves when the larger
 * figure is more than `factor` times the smaller plus a cent (so an exact 10×, each side rounded to
 * cents, does not count); for each moved output the month with
 * the largest ratio (the earliest of equals) is the one named. Outputs keep the order of `after`.
 */
export function findLargeOutputChanges(
  before: OutputFigures,
  after: OutputFigures,
  factor: number = LARGE_CHANGE_FACTOR,
): LargeOutputChange[] {
  const changes: LargeOutputChange[] = [];
  for (const [outputId, afterMonths] of after) {
    const beforeMonths = before.get(outputId);
    if (!beforeMonths) continue;
    let largest: { month: MonthKey; ratio: number; fromCents: Cents; toCents: Cents } | null = null;
    let monthsMoved = 0;
    for (const [month, toCents] of afterMonths) {
      const fromCents = beforeMonths.get(month);
      if (fromCents === undefined || fromCents === 0 || toCents === 0) continue;
      const [from, to] = [Math.abs(fromCents), Math.abs(toCents)];
      const [small, big] = from < to ? [from, to] : [to, from];
      // A cent of slack on the smaller figure: rounding to cents never makes an exact 10× a move.
      if (big <= factor * (small + 1)) continue;
      const ratio = big / small;
      monthsMoved += 1;
      if (!largest || ratio > largest.ratio) largest = { month, ratio, fromCents, toCents };
    }
    if (largest) {
      const { month, fromCents, toCents } = largest;
      changes.push({ outputId, month, fromCents, toCents, monthsMoved });
    }
  }
  return changes;
}

/** 'Revenue → Sales: November 2027 from $36,279.71 to $362,797,056.00 (and 11 more months)'. */
export function describeLargeOutputChange(change: LargeOutputChange, outputName: string): string {
  const more = change.monthsMoved - 1;
  const others = more > 0 ? ` (and ${more} more month${more === 1 ? '' : 's'})` : '';
  return `${outputName}: ${formatMonthLong(change.month)} from ${formatCents(change.fromCents)} to ${formatCents(change.toCents)}${others}`;
}
