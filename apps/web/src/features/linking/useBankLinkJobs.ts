import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isJobActive, JOB_POLL_INTERVAL_MS, SHOWN_JOB_TYPES, SUCCEEDED_JOB_VISIBLE_MS } from './jobProgress';
import { ENTITY_JOBS_QUERY, type JobStatus } from './linkingQueries';

const NO_IDS: ReadonlySet<string> = new Set();

const adding = (ids: ReadonlySet<string>, id: string) => (ids.has(id) ? ids : new Set([...ids, id]));

/**
 * The company's sync jobs as the Linked Accounts page shows them (spec §4 Job status): those under
 * way, and those this page watched while they ran until they are done with (a succeeded one for 1 s,
 * a failed or canceled one until closed). The web client has no subscription transport yet (HTTP
 * only, lib/graphqlClient.ts), so instead of entityJobWasUpdated the jobs are asked for every 2 s
 * while one is under way, and not at all otherwise. `onSettled` runs once for each watched job that
 * ends, so the page can reload what it changed.
 */
export function useBankLinkJobs(entityId: string, onSettled: (job: JobStatus) => void) {
  const query = useQuery(ENTITY_JOBS_QUERY, {
    variables: { entityId },
    fetchPolicy: 'cache-and-network',
  });
  const jobs = (query.data?.entityJobs ?? []).filter((job) => SHOWN_JOB_TYPES.has(job.type));
  const anyActive = jobs.some(isJobActive);
  const [watched, setWatched] = useState(NO_IDS);
  const [hidden, setHidden] = useState(NO_IDS);
  const settled = useRef(new Set<string>());
  const hideTimers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const onSettledRef = useRef(onSettled);
  onSettledRef.current = onSettled;

  const { startPolling, stopPolling, refetch } = query;
  useEffect(() => {
    if (!anyActive) return;
    startPolling(JOB_POLL_INTERVAL_MS);
    return () => stopPolling();
  }, [anyActive, startPolling, stopPolling]);

  const activeIds = jobs
    .filter(isJobActive)
    .map((job) => job.id)
    .join(',');
  useEffect(() => {
    if (!activeIds) return;
    setWatched((ids) => activeIds.split(',').reduce(adding, ids));
  }, [activeIds]);

  useEffect(() => {
    const timers = hideTimers.current;
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);

  // A watched job that ended: reload what it changed; a succeeded one leaves after 1 s.
  useEffect(() => {
    for (const job of jobs) {
      if (!watched.has(job.id) || isJobActive(job) || settled.current.has(job.id)) continue;
      settled.current.add(job.id);
      onSettledRef.current(job);
      if (job.status === 'succeeded') {
        hideTimers.current.push(
          setTimeout(() => setHidden((ids) => adding(ids, job.id)), SUCCEEDED_JOB_VISIBLE_MS),
        );
      }
    }
  });

  /** Shows a job the page started (the sync a new link queued), even if it ends before the next read. */
  const watch = useCallback(
    (jobId: string) => {
      setWatched((ids) => adding(ids, jobId));
      refetch().catch(() => undefined);
    },
    [refetch],
  );
  const dismiss = useCallback((jobId: string) => setHidden((ids) => adding(ids, jobId)), []);

  const visible = jobs.filter((job) => isJobActive(job) || (watched.has(job.id) && !hidden.has(job.id)));
  return { jobs: visible, watch, dismiss };
}
