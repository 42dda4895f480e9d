import { describeMonth, type MonthKey } from '@keel/domain';

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** Axis ticks in whole units, compact: 12000000 cents -> '$120K'. Tooltips show formatCents instead. */
export function formatCentsCompact(cents: number): string {
  return compactUsd.format(cents / 100);
}

/** A chart's month tick: 'Jan 25'. */
export function formatMonthTick(month: MonthKey): string {
  const { short, year } = describeMonth(month);
  return `${short} ${String(year % 100).padStart(2, '0')}`;
}

/** 'Mar 2028', as the runway card writes the cash-out month. */
export function formatMonthYear(month: MonthKey): string {
  const { short, year } = describeMonth(month);
  return `${short} ${year}`;
}
