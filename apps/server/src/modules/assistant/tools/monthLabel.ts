import { describeMonth, type MonthKey } from '@keel/domain';

/** 'Nov 2026': a month as the cards and the runway working name it. */
export function formatMonthLabel(month: MonthKey): string {
  const { short, year } = describeMonth(month);
  return `${short} ${year}`;
}
