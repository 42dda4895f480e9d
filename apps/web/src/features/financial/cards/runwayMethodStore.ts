import { RUNWAY_METHODS, type RunwayMethod } from '@keel/domain';
import { createStoredValue, useStoredValue } from '../../../lib/localStore';
import { STORAGE_KEYS } from '../../../lib/storageKeys';

/** What the runway card's method picker calls each method (spec §9 defines them). */
export const RUNWAY_METHOD_LABELS: Record<RunwayMethod, string> = {
  runway: 'Forecast runway',
  startup_runway: 'Startup runway',
  startup_runway_3mo: 'Startup runway, 3-month burn',
  runway_no_growth: 'No-growth runway',
};

/** One line under the gauge: what the chosen method measures. */
export const RUNWAY_METHOD_DESCRIPTIONS: Record<RunwayMethod, string> = {
  runway: 'Until the forecast cash balance turns negative',
  startup_runway: "Next month's cash over last month's net burn",
  startup_runway_3mo: 'Cash over the average net burn of the last 3 months',
  runway_no_growth: "Cash over next month's expenses less last month's income",
};

function parseRunwayMethod(raw: unknown): RunwayMethod | undefined {
  return RUNWAY_METHODS.find((method) => method === raw);
}

/** The runway method, saved locally under 'runway-calculation-method' (spec §3, §9); default runway. */
export const runwayMethodStore = createStoredValue<RunwayMethod>(
  STORAGE_KEYS.runwayMethod,
  parseRunwayMethod,
  'runway',
);

export function useRunwayMethod(): RunwayMethod {
  return useStoredValue(runwayMethodStore);
}
