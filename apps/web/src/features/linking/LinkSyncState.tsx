import { Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { describeJobProgress, isJobActive } from '../jobs/jobProgress';
import type { JobStatus } from '../jobs/jobQueries';

/**
 * A link's own sync, inside its card: while it runs, 'Importing transactions…' with its percent (a
 * spinner while unknown) and what it is doing; when it failed, why. Nothing once it succeeded: the
 * card shows what it imported.
 */
export function LinkSyncState({ job }: { job: JobStatus | null }) {
  if (!job) return null;
  if (job.status === 'failed') {
    return (
      <Text size="sm" c="red" mb="xs" data-testid="link-sync-failed">
        The last import failed{job.error ? `: ${job.error}` : '.'}
      </Text>
    );
  }
  // Ended (or a status this page does not know: the job status control is where that is an error).
  if (!isJobActive(job)) return null;
  const progress = describeJobProgress(job);
  const percent = progress.percent === null ? '' : ` ${progress.percent}%`;
  return (
    <Stack gap={4} mb="sm" data-testid="link-sync" data-status={job.status}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          {progress.percent === null ? <Loader size={12} aria-label="Importing" /> : null}
          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }} data-testid="link-sync-label">
            {job.status === 'queued'
              ? 'Waiting to import transactions…'
              : `Importing transactions…${percent}`}
          </Text>
        </Group>
        {job.message ? (
          <Text size="xs" c="dimmed" truncate="end">
            {job.message}
          </Text>
        ) : null}
      </Group>
      <Progress
        value={progress.percent ?? 100}
        animated={progress.percent === null}
        striped={progress.percent === null}
        size="xs"
        aria-label="Import progress"
      />
    </Stack>
  );
}
