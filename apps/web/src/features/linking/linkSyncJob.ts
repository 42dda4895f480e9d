import { BANK_LINK_SYNC_JOB, isJobActive } from '../jobs/jobProgress';
import type { JobStatus } from '../jobs/jobQueries';
import type { BankLink } from './bankLinks';

/**
 * A link's sync among the company's jobs (newest first), or null: a BankLinkSync the page started for
 * it (`startedFor`: job id -> institution name), else one that names its institution. JobStatus does
 * not say which link a sync is for; the server's sync messages end with the institution's name
 * ('Imported 120 transactions from First Platypus Bank') and its errors start with it, and a company
 * links an institution once. A job under way wins over an ended one.
 */
export function findLinkSyncJob(
  link: Pick<BankLink, 'institutionName'>,
  jobs: readonly JobStatus[],
  startedFor: ReadonlyMap<string, string> = new Map(),
): JobStatus | null {
  const name = link.institutionName;
  const ofLink = jobs.filter(
    (job) =>
      job.type === BANK_LINK_SYNC_JOB &&
      (startedFor.get(job.id) === name ||
        (!startedFor.has(job.id) &&
          (job.message?.endsWith(name) === true || job.error?.startsWith(name) === true))),
  );
  return ofLink.find(isJobActive) ?? ofLink[0] ?? null;
}
