import { BANK_LINK_SYNC_JOB, isJobActive } from '../jobs/jobProgress';
import type { JobStatus } from '../jobs/jobQueries';
import type { BankLink } from './bankLinks';

/**
 * A link's sync among the company's jobs (newest first), or null: the BankLinkSync whose subject is the
 * link (JobStatus.subjectId is the link's id). A job under way wins over an ended one.
 */
export function findLinkSyncJob(link: Pick<BankLink, 'id'>, jobs: readonly JobStatus[]): JobStatus | null {
  const ofLink = jobs.filter((job) => job.type === BANK_LINK_SYNC_JOB && job.subjectId === link.id);
  return ofLink.find(isJobActive) ?? ofLink[0] ?? null;
}
