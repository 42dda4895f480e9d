import type { JobRow } from '../../jobs/jobRows';
import { AggregatorError } from '../../providers/aggregators';
import { type BankLinkRow, credentialOf, findBankLink } from './bankLinkRows';
import { enqueueBankLinkSync } from './bankLinkSyncJob';
import type { LinkingDeps } from './linkingDeps';
import { recordLinkError } from './recordLinkError';

/**
 * refreshMoneykitLink (spec §7): asks the provider for fresh data now and queues a sync. A link whose
 * login expired cannot refresh: the provider's error is recorded on it (the page shows Reconnect) and
 * no sync is queued. Answers the link as it now is, and the sync's job when one was queued.
 */
export async function refreshBankLink(
  deps: LinkingDeps,
  link: BankLinkRow,
  userId: string | null,
): Promise<{ link: BankLinkRow; job: JobRow | null }> {
  try {
    await deps.aggregators[link.provider].refresh(credentialOf(deps.secrets, link), deps.clock.now());
  } catch (error) {
    if (!(error instanceof AggregatorError)) throw error;
    await recordLinkError(deps.db, deps.clock, link.id, error);
    return { link: (await findBankLink(deps.db, link.id)) ?? link, job: null };
  }
  return { link, job: await enqueueBankLinkSync(deps.db, link, userId) };
}
