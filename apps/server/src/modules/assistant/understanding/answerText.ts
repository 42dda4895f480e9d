import { formatCents, formatMonthLong, type MonthKey } from '@keel/domain';
import type { ToolDataByName, ToolName } from '../tools/toolTypes';
import type { Period, StatedFigure } from './questionTypes';

/** What the answer writers share: how a tool is called, what they write, and how money and periods read. */

export type Call = <N extends ToolName>(name: N, args: Record<string, unknown>) => Promise<ToolDataByName[N]>;
export type Written = { text: string; figures: StatedFigure[] };

/** '$94,250' for whole dollars, '$1,234.56' with cents, '-$5,750' below zero: exact, never rounded. */
export function formatMoney(cents: number): string {
  const text = formatCents(cents);
  return cents % 100 === 0 ? text.replace(/\.00$/, '') : text;
}

/** A percent to one decimal, half away from zero. */
export function percentOf(part: number, whole: number): number {
  const raw = (part / whole) * 100;
  return (Math.sign(raw) * Math.round(Math.abs(raw) * 10)) / 10;
}

export function formatPercent(percent: number): string {
  return `${percent > 0 ? '+' : ''}${percent.toFixed(1)}%`;
}

/** 'in October 2026', 'from August to October 2026', 'in 2026 to date'. */
export function during(period: Period): string {
  return period.grain === 'lastN' || (period.grain === 'range' && period.from !== period.to)
    ? `from ${period.label}`
    : `in ${period.label}`;
}

/** Which months are actual and which forecast, as a note after a figure. */
export function scenarioNote(period: Period, actualsEndMonth: MonthKey): string {
  if (period.to <= actualsEndMonth) return 'actual';
  if (period.from > actualsEndMonth) return 'forecast';
  const lastActual = formatMonthLong(actualsEndMonth);
  return `actual through ${lastActual}, forecast after`;
}
