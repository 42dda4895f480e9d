import { InMemoryCache, type Reference } from '@apollo/client';
import type { FieldFunctionOptions } from '@apollo/client/cache';

/**
 * A report seen over one range is not the same object as over another: its id stays, its columns,
 * rows and summary do not. Kept unnormalised, each stays under the `report(...)` field of its own
 * arguments, so an answer for one range (a slow one, or a prefetch) never shows under another's
 * columns. Writes refetch the report (REPORT_REFETCH_QUERIES), so nothing relies on merging by id.
 */
const RANGE_DEPENDENT_TYPES = {
  ReportView: { keyFields: false },
  ReportLineItem: { keyFields: false },
  ReportAccount: { keyFields: false },
} as const;

/**
 * A chart's data groups and series carry ids unique within their chart only (a client may choose them),
 * and a dashboard position's id is its chart's: parts of their parent, never merged across parents by id.
 * Each answer replaces them whole (a chart is written whole, its figures are per range).
 */
const CHART_PART_TYPES = {
  ChartDataGroup: { keyFields: false },
  ChartSeries: { keyFields: false },
  DashboardPosition: { keyFields: false },
  Dashboard: { fields: { positions: { merge: false } } },
  Chart: { fields: { dataGroups: { merge: false }, highlight: { merge: false }, figures: { merge: false } } },
} as const;

/** A job's final statuses (spec §3 Job status): nothing follows them. */
const FINAL_JOB_STATUSES: ReadonlySet<unknown> = new Set(['succeeded', 'failed', 'canceled']);

/**
 * An entityJobs answer read before the last events arrived (a re-read after reconnecting crosses
 * them) must not undo them. The jobs heard live that were queued after the newest job of the answer
 * stay in the list (the answer was read before they existed); and an ended job never goes back to
 * queued or running, so the answer's older status does not overwrite a final one.
 */
function mergeEntityJobs(
  existing: readonly Reference[] | undefined,
  incoming: readonly Reference[],
  { readField }: FieldFunctionOptions,
): readonly Reference[] {
  if (!existing?.length) return incoming;
  const queuedAt = (job: Reference) => String(readField('queuedAt', job) ?? '');
  // ISO instants of one format: their text order is their time order.
  const newestIncoming = incoming.map(queuedAt).sort().at(-1) ?? '';
  const incomingIds = new Set(incoming.map((job) => readField('id', job)));
  const newer = existing.filter(
    (job) => !incomingIds.has(readField('id', job)) && queuedAt(job) > newestIncoming,
  );
  return [...newer, ...incoming];
}

const JOB_STATUS_TYPES = {
  Query: { fields: { entityJobs: { merge: mergeEntityJobs } } },
  JobStatus: {
    fields: {
      status: {
        merge: (existing: unknown, incoming: unknown) =>
          FINAL_JOB_STATUSES.has(existing) && !FINAL_JOB_STATUSES.has(incoming) ? existing : incoming,
      },
    },
  },
} as const;

/** The web app's cache, with the type policies above (tests that render pages use it too). */
export function createGraphqlCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: { ...RANGE_DEPENDENT_TYPES, ...CHART_PART_TYPES, ...JOB_STATUS_TYPES },
  });
}
