import { FEATURE_UNAVAILABLE_MESSAGES } from '@keel/domain';
import type { AppDeps } from '../../appDeps';
import type { Db, Tx } from '../../db/client';
import { enqueueJob } from '../../jobs/enqueueJob';
import { JobFailure, type JobHandler } from '../../jobs/jobHandler';
import type { JobRow } from '../../jobs/jobRows';
import { accountingDepsOfApp } from './accountingDeps';
import { syncQuickbooks } from './syncQuickbooks';

/** The job type of a QuickBooks sync (spec §3 Job status type; its payload: { realmId }). */
export const QUICKBOOKS_SYNC_JOB = 'QuickbooksSync';

/** One sync per company at a time: asking again while one is queued or running joins it. */
export const QUICKBOOKS_SYNC_KEY = 'quickbooks-sync';

/**
 * Queues a sync of the company's QuickBooks company file (after connecting, or when asked), in the
 * caller's transaction when given one, so it runs only if the caller's writes commit.
 */
export function enqueueQuickbooksSync(
  executor: Db | Tx,
  input: { entityId: string; realmId: string; createdBy: string | null },
): Promise<JobRow & { joined: boolean }> {
  return enqueueJob(executor, {
    entityId: input.entityId,
    type: QUICKBOOKS_SYNC_JOB,
    payload: { realmId: input.realmId },
    subjectId: input.realmId,
    dedupeKey: QUICKBOOKS_SYNC_KEY,
    createdBy: input.createdBy,
    message: 'Waiting for QuickBooks',
  });
}

/**
 * The QuickbooksSync handler: syncQuickbooks with the job's signal, progress and checkpoint, so a
 * canceled job stops between pages and a retried one goes on from the last page written. A job queued
 * for a company file the company is no longer connected to, or on a server that no longer offers
 * QuickBooks, fails without retrying.
 */
export function quickbooksSyncHandler(deps: AppDeps): JobHandler {
  return async (context) => {
    const realmId = (context.job.payload as { realmId?: unknown } | null)?.realmId;
    if (typeof realmId !== 'string' || realmId === '') {
      throw new JobFailure('This job names no QuickBooks company file.', { retry: false });
    }
    if (deps.config.FEATURES.quickbooks === 'off') {
      throw new JobFailure(`${FEATURE_UNAVAILABLE_MESSAGES.quickbooks}.`, { retry: false });
    }
    await syncQuickbooks({ ...accountingDepsOfApp(deps), db: context.db }, context.job.entityId, {
      realmId,
      signal: context.signal,
      progress: context.progress,
      checkpoint: context.checkpoint,
      resumeFrom: context.job.checkpoint,
    });
  };
}
