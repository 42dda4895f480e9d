import { FEATURE_UNAVAILABLE_MESSAGES } from '@keel/domain';
import type { AppDeps } from '../../appDeps';
import type { Db, Tx } from '../../db/client';
import { isUuid } from '../../graphql/context';
import { enqueueJob } from '../../jobs/enqueueJob';
import { JobFailure, type JobHandler } from '../../jobs/jobHandler';
import type { JobRow } from '../../jobs/jobRows';
import type { BankLinkRow } from './bankLinkRows';
import { findBankLink } from './bankLinkRows';
import { linkingDepsOfApp } from './linkingDeps';
import { syncBankLink } from './syncBankLink';

/** The job type of a bank link's sync (its payload: { linkId }). */
export const BANK_LINK_SYNC_JOB = 'BankLinkSync';

/** One sync per link at a time: asking again while one is queued or running joins it. */
export const bankLinkSyncKey = (linkId: string) => `bank-link-sync:${linkId}`;

/**
 * Queues a sync of the link (after it is made, reconnected or refreshed), in the caller's transaction
 * when given one, so it runs only if the link's writes commit.
 */
export function enqueueBankLinkSync(
  executor: Db | Tx,
  link: Pick<BankLinkRow, 'id' | 'entityId' | 'institutionName'>,
  createdBy: string | null,
): Promise<JobRow & { joined: boolean }> {
  return enqueueJob(executor, {
    entityId: link.entityId,
    type: BANK_LINK_SYNC_JOB,
    payload: { linkId: link.id },
    subjectId: link.id,
    dedupeKey: bankLinkSyncKey(link.id),
    createdBy,
    message: `Waiting to sync ${link.institutionName}`,
  });
}

/**
 * The BankLinkSync handler: syncBankLink with the job's signal, progress and checkpoint, so a canceled
 * job stops between pages and a retried one goes on from the last page written. A link deleted
 * meanwhile, or another company's, or one whose provider this server no longer offers, fails the job
 * without retrying.
 */
export function bankLinkSyncHandler(deps: AppDeps): JobHandler {
  return async (context) => {
    const linkId = (context.job.payload as { linkId?: unknown } | null)?.linkId;
    if (typeof linkId !== 'string' || !isUuid(linkId)) {
      throw new JobFailure('This job names no bank link.', { retry: false });
    }
    const link = await findBankLink(context.db, linkId);
    if (!link || link.entityId !== context.job.entityId) {
      throw new JobFailure('This bank link was deleted.', { retry: false });
    }
    if (deps.config.FEATURES[link.provider] === 'off') {
      throw new JobFailure(`${FEATURE_UNAVAILABLE_MESSAGES[link.provider]}.`, { retry: false });
    }
    await syncBankLink({ ...linkingDepsOfApp(deps), db: context.db }, linkId, {
      signal: context.signal,
      progress: context.progress,
      checkpoint: context.checkpoint,
      resumeFrom: context.job.checkpoint,
    });
  };
}
