import { isMonthKey, type MonthRangeWithCutoff } from '@keel/domain';
import { createStoredValue, useStoredValue } from '../../lib/localStore';
import { STORAGE_KEYS } from '../../lib/storageKeys';

function parseRange(raw: unknown): MonthRangeWithCutoff | null | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const { startMonth, actualsEndMonth, endMonth } = raw as Record<string, unknown>;
  if (!isMonthKey(startMonth) || !isMonthKey(actualsEndMonth) || !isMonthKey(endMonth)) return undefined;
  if (!(startMonth <= actualsEndMonth && actualsEndMonth <= endMonth)) return undefined;
  return { startMonth, actualsEndMonth, endMonth };
}

/**
 * The report's date range (start, actuals end, end), kept under a versioned key (spec §9). Null until
 * the user moves a handle: the server's default range applies (January of last year to two years and
 * two months after this January, actuals through the current month).
 */
export const reportRangeStore = createStoredValue<MonthRangeWithCutoff | null>(
  STORAGE_KEYS.dateRange,
  parseRange,
  null,
);

/**
 * The stored range when it still obeys the slider's rules for this month (start before the current
 * month, actuals end not after it); otherwise null, so the default applies.
 */
export function usableStoredRange(
  stored: MonthRangeWithCutoff | null,
  currentMonth: string | null,
): MonthRangeWithCutoff | null {
  if (!stored || !currentMonth) return stored;
  if (stored.startMonth >= currentMonth || stored.actualsEndMonth > currentMonth) return null;
  return stored;
}

export function useStoredReportRange(): MonthRangeWithCutoff | null {
  return useStoredValue(reportRangeStore);
}
