import type { JobStatus } from './jobQueries';

/** Spec §4: the job status control shows the accounting source's sync only ('Only QuickbooksSync jobs are shown'). */
export const QUICKBOOKS_SYNC_JOB = 'QuickbooksSync';

/** A bank link's sync: shown inside its link's card, not in the job status control. */
export const BANK_LINK_SYNC_JOB = 'BankLinkSync';

/** While the live updates are down (between reconnects), a job under way is asked for every 2 s instead. */
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

/** Spec §8: what a status the page does not know is. */
const UNKNOWN_JOB_STATUS = 'Unknown job status';

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
      throw new Error(UNKNOWN_JOB_STATUS);
  }
}

export function isJobActive(job: Pick<JobStatus, 'status'>): boolean {
  return job.status === 'queued' || job.status === 'running';
}

function clampPercent(progress: number): number {
  return Math.max(0, Math.min(100, Math.round(progress)));
}
