import { Alert, CloseButton, Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { SUCCEEDED_JOB_VISIBLE_MS } from '../../lib/timers';
import { describeJobProgress, type JobProgress, QUICKBOOKS_SYNC_JOB } from './jobProgress';
import type { JobStatus } from './jobQueries';

const NO_IDS: ReadonlySet<string> = new Set();

/** What the control calls each kind of job it shows. */
const JOB_TITLES: Record<string, string> = {
  [QUICKBOOKS_SYNC_JOB]: 'Importing from QuickBooks Online',
};

/**
 * The job status control (spec §4 Job status), for the accounting source's sync only (QuickbooksSync;
 * other jobs are shown where they belong): queued, a spinner; running, its percent (a spinner while
 * unknown); succeeded, full and green, gone after 1 s (spec §9); failed, full and red with why and a
 * close button; canceled, empty with a close button. A status it does not know is an error ('Unknown
 * job status', spec §8), shown in its place.
 */
export function JobStatusControl({ jobs }: { jobs: readonly JobStatus[] }) {
  const [hidden, setHidden] = useState(NO_IDS);
  const hide = (jobId: string) => setHidden((ids) => (ids.has(jobId) ? ids : new Set([...ids, jobId])));
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const shown = jobs.filter((job) => job.type === QUICKBOOKS_SYNC_JOB && !hidden.has(job.id));

  const succeededIds = shown
    .filter((job) => job.status === 'succeeded')
    .map((job) => job.id)
    .join(',');
  useEffect(() => {
    if (!succeededIds) return;
    for (const jobId of succeededIds.split(',')) {
      if (timers.current.has(jobId)) continue;
      timers.current.set(
        jobId,
        setTimeout(() => setHidden((ids) => new Set([...ids, jobId])), SUCCEEDED_JOB_VISIBLE_MS),
      );
    }
  }, [succeededIds]);
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Sync status" data-testid="job-status-control">
      {shown.map((job) => (
        <JobStatusRow key={job.id} job={job} onClose={() => hide(job.id)} />
      ))}
    </Stack>
  );
}

function JobStatusRow({ job, onClose }: { job: JobStatus; onClose: () => void }) {
  let progress: JobProgress;
  try {
    progress = describeJobProgress(job);
  } catch (error) {
    return <UnknownJobStatus job={job} error={error} />;
  }
  const title = JOB_TITLES[job.type] ?? job.type;
  const spinning = progress.percent === null;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="job-status"
      data-status={job.status}
      aria-label={`${title}: ${progress.label}`}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" mb={6}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {spinning ? <Loader size={14} aria-label="In progress" data-testid="job-spinner" /> : null}
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {title}
          </Text>
          {job.message && progress.active ? (
            <Text size="sm" c="dimmed" truncate="end" data-testid="job-message">
              {job.message}
            </Text>
          ) : null}
        </Group>
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c={progress.color === 'red' ? 'red' : 'dimmed'} data-testid="job-progress-label">
            {progress.label}
          </Text>
          {progress.closable ? <CloseButton size="sm" aria-label="Close" onClick={onClose} /> : null}
        </Group>
      </Group>
      <Progress
        value={progress.percent ?? 100}
        color={progress.color}
        animated={spinning}
        striped={spinning}
        size="sm"
        aria-label={`${title} progress`}
        data-testid="job-progress"
        data-value={progress.percent ?? ''}
      />
      {job.status === 'failed' && job.error ? (
        <Text size="xs" c="red" mt={6} data-testid="job-error">
          {job.error}
        </Text>
      ) : null}
    </Paper>
  );
}

/** Spec §8 'Unknown job status': an error, logged, and said where the job would show. */
function UnknownJobStatus({ job, error }: { job: JobStatus; error: unknown }) {
  useEffect(() => console.error(error, job), [error, job]);
  return (
    <Alert color="red" variant="light" title="Error" data-testid="job-status-error">
      {error instanceof Error ? error.message : String(error)}
    </Alert>
  );
}
