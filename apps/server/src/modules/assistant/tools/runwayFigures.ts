import type { RunwayInput } from '@keel/domain';
import { loadRunwayInput } from '../../reports/loadRunwayInput';
import { readThroughReportCache } from '../../reports/reportCache';
import { defaultRangeOf } from './assistantReport';
import type { ToolDeps } from './toolTypes';

/**
 * The figures runway is computed from, exactly as the Financial Report's Runway card reads them
 * (reportSummaryTypes.ts): loadRunwayInput over the company's whole horizon with the default range's
 * cutoff, through the same report-cache entry, so the assistant and the card share one read and agree.
 */
export function loadCardRunwayInput(deps: ToolDeps, entityId: string): Promise<RunwayInput> {
  const range = defaultRangeOf(deps);
  return readThroughReportCache(
    deps.db,
    entityId,
    `runway|${range.actualsEndMonth}|${range.currentMonth}`,
    (read) => read.months.length * 64,
    (snapshot) => loadRunwayInput(snapshot, entityId, range),
  );
}
