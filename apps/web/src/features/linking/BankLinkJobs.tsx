import { CloseButton, Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { describeJobProgress } from './jobProgress';
import type { JobStatus } from './linkingQueries';

const JOB_TITLES: Record<string, string> = {
  BankLinkSync: 'Importing from your bank',
  QuickbooksSync: 'Importing from QuickBooks Online',
};

/**
 * The syncs under way (spec §4 Job status): each with what it is doing, and its progress: a spinner
 * while queued or while its percent is unknown, the percent while running, full green when done, full
 * red with why and a close button when it failed, empty with a close button when canceled.
 */
export function BankLinkJobs({
  jobs,
  onDismiss,
}: {
  jobs: readonly JobStatus[];
  onDismiss: (jobId: string) => void;
}) {
  if (jobs.length === 0) return null;
  return (
    <Stack gap="xs" aria-label="Syncs" component="section" data-testid="bank-link-jobs">
      {jobs.map((job) => (
        <JobRow key={job.id} job={job} onDismiss={() => onDismiss(job.id)} />
      ))}
    </Stack>
  );
}

function JobRow({ job, onDismiss }: { job: JobStatus; onDismiss: () => void }) {
  const progress = describeJobProgress(job);
  const title = JOB_TITLES[job.type] ?? job.type;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="bank-link-job"
      data-status={job.status}
      aria-label={`${title}: ${progress.label}`}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" mb={6}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {progress.percent === null ? <Loader size={14} aria-label="In progress" /> : null}
          <Text size="sm" fw={600}>
            {title}
          </Text>
          {job.message ? (
            <Text size="sm" c="dimmed" truncate="end">
              {job.message}
            </Text>
          ) : null}
        </Group>
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c={progress.color === 'red' ? 'red' : 'dimmed'} data-testid="job-progress-label">
            {progress.label}
          </Text>
          {progress.closable ? <CloseButton size="sm" aria-label="Close" onClick={onDismiss} /> : null}
        </Group>
      </Group>
      <Progress
        value={progress.percent ?? 100}
        color={progress.color}
        animated={progress.percent === null}
        striped={progress.percent === null}
        size="sm"
        aria-label={`${title} progress`}
      />
      {job.status === 'failed' && job.error ? (
        <Text size="xs" c="red" mt={6}>
          {job.error}
        </Text>
      ) : null}
    </Paper>
  );
}
