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
 * The stored range (spec §3: start, actuals end, end and `now`), and `cutoffMonth`: the actuals cutoff
 * the user chose with the slider. Picking a year shows the year with the cutoff pulled into it where it
 * must be (rangeOfYear) and keeps this, so picking the cutoff's year again gives it back. `now` is the
 * month the range was stored in: an actuals end (or cutoff) that was the current month then follows
 * the calendar, so next month's actuals show without touching the slider. Both are absent in ranges
 * stored before them.
 */
type StoredReportRange = MonthRangeWithCutoff & { cutoffMonth?: MonthKey; now?: MonthKey };

function parseRange(raw: unknown): StoredReportRange | null | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const { startMonth, actualsEndMonth, endMonth, cutoffMonth, now } = raw as Record<string, unknown>;
  if (!isMonthKey(startMonth) || !isMonthKey(actualsEndMonth) || !isMonthKey(endMonth)) return undefined;
  if (!(startMonth <= actualsEndMonth && actualsEndMonth <= endMonth)) return undefined;
  return {
    startMonth,
    actualsEndMonth,
    endMonth,
    ...(isMonthKey(cutoffMonth) ? { cutoffMonth } : {}),
    ...(isMonthKey(now) ? { now } : {}),
  };
}

/** A month stored as 'the current month' (`now`) moved on to the current month; other months stay. */
function followingNow(month: MonthKey, stored: StoredReportRange, currentMonth: MonthKey): MonthKey {
  return stored.now && stored.now < currentMonth && month === stored.now ? currentMonth : month;
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
  const actualsEndMonth = currentMonth
    ? followingNow(stored.actualsEndMonth, stored, currentMonth)
    : stored.actualsEndMonth;
  if (currentMonth && (stored.startMonth >= currentMonth || actualsEndMonth > currentMonth)) return null;
  return {
    startMonth: stored.startMonth,
    actualsEndMonth,
    endMonth: latestMonth(stored.endMonth, actualsEndMonth),
  };
}

/** The cutoff the user chose: the stored one, else the shown range's (never after the current month). */
export function chosenCutoffMonth(
  stored: StoredReportRange | null,
  range: MonthRangeWithCutoff,
  currentMonth: MonthKey,
): MonthKey {
  const chosen = stored?.cutoffMonth && followingNow(stored.cutoffMonth, stored, currentMonth);
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
