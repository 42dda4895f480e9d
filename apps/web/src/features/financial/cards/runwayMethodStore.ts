import { RUNWAY_METHODS, type RunwayMethod } from '@keel/domain';
import { createStoredValue, useStoredValue } from '../../../lib/localStore';
import { STORAGE_KEYS } from '../../../lib/storageKeys';

/**
 * One line under the gauge: what the chosen method measures. The picker's labels are the domain's
 * RUNWAY_METHOD_LABELS, which the assistant names its methods by too.
 */
export const RUNWAY_METHOD_DESCRIPTIONS: Record<RunwayMethod, string> = {
  runway: 'Until the forecast cash balance turns negative',
  startup_runway: "Next month's cash over the last complete month's net burn",
  startup_runway_3mo: 'Cash over the average net burn of the last 3 complete months',
  runway_no_growth: "Cash over next month's expenses less the last complete month's income",
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
