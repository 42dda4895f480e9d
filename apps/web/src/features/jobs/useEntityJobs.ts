import type { ApolloCache } from '@apollo/client';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveSubscription } from '../../lib/useLiveSubscription';
import { isJobActive, JOB_POLL_INTERVAL_MS } from './jobProgress';
import { ENTITY_JOB_WAS_UPDATED_SUBSCRIPTION, ENTITY_JOBS_QUERY, type JobStatus } from './jobQueries';

const NO_IDS: ReadonlySet<string> = new Set();
const NO_JOBS: readonly JobStatus[] = [];

const adding = (ids: ReadonlySet<string>, id: string) => (ids.has(id) ? ids : new Set([...ids, id]));

type EntityJobs = {
  /**
   * The jobs a page shows: those under way, and those it watched (saw under way, or was sent to
   * follow) after they ended; how long an ended one stays is the showing component's business.
   */
  jobs: readonly JobStatus[];
  /** Every job read, newest first. */
  allJobs: readonly JobStatus[];
  /** Follows a job the page started (or was sent here for), even if it ends before the next read. */
  watch: (jobId: string) => void;
  /** Whether the live updates are connected; while not, a job under way is polled for. */
  live: boolean;
};

/**
 * The company's jobs (spec §3 Job status), live: read once with entityJobs, then kept up to date by
 * entityJobWasUpdated (each event merges into the cache by id; a job not read before joins the list).
 * Events missed while the connection was down are not replayed, so the jobs are read again each time it
 * connects: also the first time, since the first read may have been answered before the subscription
 * was set up. While it is down, jobs under way are polled for every 2 s instead.
 *
 * `onSettled` runs once for each watched job that ends, so the page can reload what it changed.
 */
export function useEntityJobs(
  entityId: string,
  { onSettled }: { onSettled?: (job: JobStatus) => void } = {},
): EntityJobs {
  const client = useApolloClient();
  const query = useQuery(ENTITY_JOBS_QUERY, {
    variables: { entityId },
    fetchPolicy: 'cache-and-network',
    // A re-read goes through the cache's merge (graphqlCache.ts), so it cannot undo what events told.
    refetchWritePolicy: 'merge',
  });
  const { refetch, startPolling, stopPolling } = query;
  const eventsHeard = useRef(0);
  /**
   * Reads the jobs again; if events arrived while the answer was on its way, it may predate them, so
   * it is read once more (a few times at most: a busy company's jobs are told by the events anyway).
   */
  const reread = useCallback(async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const heardBefore = eventsHeard.current;
      await refetch();
      if (eventsHeard.current === heardBefore) return;
    }
  }, [refetch]);
  const { live } = useLiveSubscription(ENTITY_JOB_WAS_UPDATED_SUBSCRIPTION, {
    variables: { entityId },
    onData: (data) => {
      eventsHeard.current += 1;
      addToJobList(client.cache, entityId, data.entityJobWasUpdated.jobStatus);
    },
    onConnected: () => {
      reread().catch(() => undefined);
    },
  });

  const allJobs = query.data?.entityJobs ?? NO_JOBS;
  const anyActive = allJobs.some(isJobActive);
  const [watched, setWatched] = useState(NO_IDS);
  const settled = useRef(new Set<string>());
  const onSettledRef = useRef(onSettled);
  onSettledRef.current = onSettled;

  useEffect(() => {
    if (live || !anyActive) return;
    startPolling(JOB_POLL_INTERVAL_MS);
    return () => stopPolling();
  }, [live, anyActive, startPolling, stopPolling]);

  const activeIds = allJobs
    .filter(isJobActive)
    .map((job) => job.id)
    .join(',');
  useEffect(() => {
    if (!activeIds) return;
    setWatched((ids) => activeIds.split(',').reduce(adding, ids));
  }, [activeIds]);

  // A watched job that ended: the page reloads what it changed.
  useEffect(() => {
    for (const job of allJobs) {
      if (!watched.has(job.id) || isJobActive(job) || settled.current.has(job.id)) continue;
      settled.current.add(job.id);
      onSettledRef.current?.(job);
    }
  }, [allJobs, watched]);

  const watch = useCallback(
    (jobId: string) => {
      setWatched((ids) => adding(ids, jobId));
      // It may not be in the list yet (queued just now, or before this page's first read).
      reread().catch(() => undefined);
    },
    [reread],
  );

  const jobs = allJobs.filter((job) => isJobActive(job) || watched.has(job.id));
  return { jobs, allJobs, watch, live };
}

/** A job heard live joins the company's list if the list does not hold it yet (its fields are cached by id). */
export function addToJobList(cache: ApolloCache, entityId: string, job: JobStatus) {
  cache.updateQuery({ query: ENTITY_JOBS_QUERY, variables: { entityId } }, (data) => {
    if (!data || data.entityJobs.some((known) => known.id === job.id)) return undefined;
    return { entityJobs: [job, ...data.entityJobs] };
  });
}
