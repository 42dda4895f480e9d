import { monthBounds, monthKeyOfDate } from '@keel/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import { badLedgerInput } from '../shared/ledgerErrors';

/**
 * Which entries of a report range are shown or moved (spec §4 'Actual vs forecast'): entries dated
 * from `startDate` to `endDate` (either end open when absent); of those, actual entries through the
 * last day of the actuals cutoff month and forecast entries after it. `actualsEndDate` names the cutoff
 * month by any day in it; absent, the cutoff is the current month (spec §9 'Actuals end defaults to
 * current month').
 */
export type EntryWindow = {
  startDate?: string | null;
  endDate?: string | null;
  actualsEndDate?: string | null;
};

/** The last actual day of a window: the end of its cutoff month. */
function actualsEndDay(window: EntryWindow, clock: Clock): string {
  const cutoffMonth = monthKeyOfDate(window.actualsEndDate ?? clock.now().toISOString());
  return monthBounds(cutoffMonth).lastDay;
}

/** The window as a condition over `e` (entries); BAD_USER_INPUT when the end is before the start. */
export function entryWindowCondition(window: EntryWindow, clock: Clock): SQL {
  if (window.startDate && window.endDate && window.endDate < window.startDate) {
    throw badLedgerInput('The end date must not be before the start date');
  }
  const lastActualDay = actualsEndDay(window, clock);
  const parts: SQL[] = [
    sql`((e.scenario = 'actual' AND e.date <= ${lastActualDay}::date) OR (e.scenario = 'forecast' AND e.date > ${lastActualDay}::date))`,
  ];
  if (window.startDate) parts.push(sql`e.date >= ${window.startDate}::date`);
  if (window.endDate) parts.push(sql`e.date <= ${window.endDate}::date`);
  return sql.join(parts, sql` AND `);
}
