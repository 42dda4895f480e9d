import type { JobStatus } from './linkingQueries';

/** The jobs the accounts pages show: a bank link's sync, and the accounting source's (spec §4). */
export const SHOWN_JOB_TYPES: ReadonlySet<string> = new Set(['BankLinkSync', 'QuickbooksSync']);

/** Spec §9: a succeeded job disappears after 1 s. */
export const SUCCEEDED_JOB_VISIBLE_MS = 1000;

/** While a job is under way, its status is asked for every 2 s (no subscription transport on the client). */
export const JOB_POLL_INTERVAL_MS = 2000;

/**
 * How a job's status is drawn (spec §4 Job status): queued, a spinner; running, its percent (a spinner
 * while unknown); succeeded, full and green; failed, full and red with a close button; canceled, empty
 * with a close button. `percent` null: a spinner.
 */
export type JobProgress = {
  percent: number | null;
  color: 'blue' | 'green' | 'red' | 'gray';
  label: string;
  closable: boolean;
  active: boolean;
};

export function describeJobProgress(job: Pick<JobStatus, 'status' | 'progress'>): JobProgress {
  switch (job.status) {
    case 'queued':
      return { percent: null, color: 'blue', label: 'Waiting to start', closable: false, active: true };
    case 'running':
      return {
        percent: job.progress === null ? null : clampPercent(job.progress),
        color: 'blue',
        label: job.progress === null ? 'Working' : `${clampPercent(job.progress)}%`,
        closable: false,
        active: true,
      };
    case 'succeeded':
      return { percent: 100, color: 'green', label: 'Done', closable: false, active: false };
    case 'failed':
      return { percent: 100, color: 'red', label: 'Failed', closable: true, active: false };
    case 'canceled':
      return { percent: 0, color: 'gray', label: 'Canceled', closable: true, active: false };
    default:
      // Spec §8.
      throw new Error('Unknown job status');
  }
}

export function isJobActive(job: Pick<JobStatus, 'status'>): boolean {
  return job.status === 'queued' || job.status === 'running';
}

function clampPercent(progress: number): number {
  return Math.max(0, Math.min(100, Math.round(progress)));
}
