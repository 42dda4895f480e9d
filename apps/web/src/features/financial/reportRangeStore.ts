import {
  addMonths,
  earliestMonth,
  isMonthKey,
  latestMonth,
  type MonthKey,
  type MonthRangeWithCutoff,
} from '@keel/domain';
import { createStoredValue, useStoredValue } from '../../lib/localStore';
import { STORAGE_KEYS } from '../../lib/storageKeys';

/**
 * The stored range, and `cutoffMonth`: the actuals cutoff the user chose with the slider. Picking a
 * year shows the year with the cutoff pulled into it where it must be (rangeOfYear) and keeps this, so
 * picking the cutoff's year again gives it back. Absent in ranges stored before it: the range's own.
 */
export type StoredReportRange = MonthRangeWithCutoff & { cutoffMonth?: MonthKey };

function parseRange(raw: unknown): StoredReportRange | null | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const { startMonth, actualsEndMonth, endMonth, cutoffMonth } = raw as Record<string, unknown>;
  if (!isMonthKey(startMonth) || !isMonthKey(actualsEndMonth) || !isMonthKey(endMonth)) return undefined;
  if (!(startMonth <= actualsEndMonth && actualsEndMonth <= endMonth)) return undefined;
  return isMonthKey(cutoffMonth)
    ? { startMonth, actualsEndMonth, endMonth, cutoffMonth }
    : { startMonth, actualsEndMonth, endMonth };
}

/**
 * The report's date range (start, actuals end, end), kept under a versioned key (spec §9). Null until
 * the user moves a handle: the server's default range applies (January of last year to two years and
 * two months after this January, actuals through the current month).
 */
export const reportRangeStore = createStoredValue<StoredReportRange | null>(
  STORAGE_KEYS.dateRange,
  parseRange,
  null,
);

/**
 * The stored range when it still obeys the slider's rules for this month (start before the current
 * month, actuals end not after it); otherwise null, so the default applies.
 */
export function usableStoredRange(
  stored: StoredReportRange | null,
  currentMonth: string | null,
): MonthRangeWithCutoff | null {
  if (!stored) return null;
  if (currentMonth && (stored.startMonth >= currentMonth || stored.actualsEndMonth > currentMonth))
    return null;
  return {
    startMonth: stored.startMonth,
    actualsEndMonth: stored.actualsEndMonth,
    endMonth: stored.endMonth,
  };
}

/** The cutoff the user chose: the stored one, else the shown range's (never after the current month). */
export function chosenCutoffMonth(
  stored: StoredReportRange | null,
  range: MonthRangeWithCutoff,
  currentMonth: MonthKey,
): MonthKey {
  const chosen = stored?.cutoffMonth;
  return chosen && chosen <= currentMonth ? chosen : range.actualsEndMonth;
}

export function useStoredReportRange(): StoredReportRange | null {
  return useStoredValue(reportRangeStore);
}

/** The slider's widest span, start to end (spec §9). */
const MAX_SPAN_MONTHS = 120;

/**
 * The range, widened just enough to show `month` (the same range when it already does): a later month
 * moves the end, an earlier one the start; the other end follows when the span would pass 120 months.
 * The actuals cutoff stays, so a month more than 120 months from it is brought as near as allowed.
 */
export function rangeIncluding(range: MonthRangeWithCutoff, month: MonthKey): MonthRangeWithCutoff {
  if (month > range.endMonth) {
    const endMonth = earliestMonth(month, addMonths(range.actualsEndMonth, MAX_SPAN_MONTHS));
    return {
      ...range,
      startMonth: latestMonth(range.startMonth, addMonths(endMonth, -MAX_SPAN_MONTHS)),
      endMonth,
    };
  }
  if (month < range.startMonth) {
    const startMonth = latestMonth(month, addMonths(range.actualsEndMonth, -MAX_SPAN_MONTHS));
    return {
      ...range,
      startMonth,
      endMonth: earliestMonth(range.endMonth, addMonths(startMonth, MAX_SPAN_MONTHS)),
    };
  }
  return range;
}
