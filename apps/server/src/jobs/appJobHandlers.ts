import type { AppDeps } from '../appDeps';
import { QUICKBOOKS_SYNC_JOB, quickbooksSyncHandler } from '../modules/accounting/quickbooksSyncJob';
import { BANK_MIRROR_JOB, bankMirrorHandler } from '../modules/banking/bankMirrorJob';
import { TRANSFER_HAND_OVER_JOB, transferHandOverHandler } from '../modules/banking/transferHandOver';
import { BANK_LINK_SYNC_JOB, bankLinkSyncHandler } from '../modules/linking/bankLinkSyncJob';
import type { JobHandlers } from './jobHandler';

/**
 * The job types this server runs, by name (spec §3 Job status type), each a JobHandler. Empty until the
 * sync jobs arrive (bank sync, QuickbooksSync): add `Type: handlerOf(deps)` here, and its module queues
 * work with `enqueueJob(db, { entityId, type: 'Type', payload, dedupeKey })`. A server runs only the
 * types listed here; with none, its runner claims nothing.
 */
export function appJobHandlers(deps: AppDeps): JobHandlers {
  return {
    [BANK_LINK_SYNC_JOB]: bankLinkSyncHandler(deps),
    [QUICKBOOKS_SYNC_JOB]: quickbooksSyncHandler(deps),
    [TRANSFER_HAND_OVER_JOB]: transferHandOverHandler(deps),
    [BANK_MIRROR_JOB]: bankMirrorHandler(deps),
  };
}
