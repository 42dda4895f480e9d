import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankLinks, jobs } from '../../db/schema';
import { cancelJob } from '../../jobs/cancelJob';
import { AggregatorError } from '../../providers/aggregators';
import { publishEntityUpdate } from '../../realtime/entityEvents';
import { type BankLinkRow, credentialOf } from './bankLinkRows';
import { bankLinkSyncKey } from './bankLinkSyncJob';
import type { LinkingDeps } from './linkingDeps';

/**
 * DeletePlaidItem / DeleteMoneykitLink (spec §7): removes the link at the provider (a refusal there,
 * e.g. a link it no longer has, does not stop Keel forgetting it), cancels its sync under way, and
 * deletes the link. Its accounts stay, unlinked (`link_id` null), with everything already in the books:
 * linking the same institution again takes them over (upsertLinkedAccounts.ts). A link whose first sync
 * failed is deleted the same way.
 */
export async function deleteBankLink(
  deps: Omit<LinkingDeps, 'db'> & { db: Db },
  link: BankLinkRow,
): Promise<string> {
  let credential: ReturnType<typeof credentialOf> | null = null;
  try {
    credential = credentialOf(deps.secrets, link);
  } catch {
    // A credential sealed under another key (a demo's throwaway one) cannot be used: forget the link anyway.
  }
  try {
    if (credential) await deps.aggregators[link.provider].removeLink(credential);
  } catch (error) {
    if (!(error instanceof AggregatorError)) throw error;
  }
  const active = await deps.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.entityId, link.entityId),
        eq(jobs.dedupeKey, bankLinkSyncKey(link.id)),
        inArray(jobs.status, ['queued', 'running']),
      ),
    );
  for (const job of active) await cancelJob(deps.db, { entityId: link.entityId, jobId: job.id });
  await deps.db.delete(bankLinks).where(eq(bankLinks.id, link.id));
  await publishEntityUpdate(deps.db, link.entityId, 'linkedAccounts');
  return link.id;
}
