import { isCalendarMonth, type MonthKey } from '@keel/domain';
import { useMemo } from 'react';
import { createStoredValue, type StoredValue, useStoredValue } from '../../lib/localStore';
import { dashboardActualsEndKey } from '../../lib/storageKeys';

const stores = new Map<string, StoredValue<MonthKey | null>>();

/** The actuals end month saved on this device for a dashboard (spec §3), or null: none chosen. */
function actualsEndStoreOf(dashboardId: string): StoredValue<MonthKey | null> {
  let store = stores.get(dashboardId);
  if (!store) {
    store = createStoredValue<MonthKey | null>(
      dashboardActualsEndKey(dashboardId),
      (raw) => (isCalendarMonth(raw) ? raw : undefined),
      null,
    );
    stores.set(dashboardId, store);
  }
  return store;
}

/**
 * The month a dashboard's actuals end (spec §2 'Actuals End Month picker'): the one saved for it on
 * this device, never later than the current month (a month saved then is in the future now only if
 * the clock went back), else the current month.
 */
export function effectiveActualsEnd(saved: MonthKey | null, currentMonth: MonthKey): MonthKey {
  return saved !== null && saved <= currentMonth ? saved : currentMonth;
}

export function useDashboardActualsEnd(
  dashboardId: string,
  currentMonth: MonthKey,
): [MonthKey, (month: MonthKey) => void] {
  const store = useMemo(() => actualsEndStoreOf(dashboardId), [dashboardId]);
  const saved = useStoredValue(store);
  const month = effectiveActualsEnd(saved, currentMonth);
  // The current month is the default: choosing it forgets the saved month, so the picker follows the calendar.
  const set = (next: MonthKey) => (next === currentMonth ? store.clear() : store.write(next));
  return [month, set];
}
