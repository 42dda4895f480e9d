import type { Config } from '../../config';
import type { LinkProvider } from '../../db/schema';
import { AggregatorError } from '../../providers/aggregators';
import { credentialOf } from './bankLinkRows';
import { requireEntityBankLink } from './entityBankLink';
import type { LinkingDeps } from './linkingDeps';
import { LINKING_MESSAGES, linkingRefusal } from './linkingErrors';
import { checkRedirectUrl } from './linkingInputs';

/**
 * createPlaidLinkToken / createLinkSessionToken (spec §7): a token the browser opens the provider's flow
 * with, for the company (the provider's client user is the company's id). With `linkId` (A's itemId,
 * B's id), update mode: the flow repairs that link (Reconnect, spec §4) instead of making another.
 * `redirectUrl` must be this app's return page of the provider (linkingInputs.ts). Nothing is stored.
 */
export async function createLinkToken(
  deps: LinkingDeps,
  config: Pick<Config, 'CORS_ORIGINS'>,
  input: { entityId: string; provider: LinkProvider; redirectUrl?: string | null; linkId?: string | null },
): Promise<{ linkToken: string; expiresAt: Date }> {
  const redirectUrl = checkRedirectUrl(config, input.provider, input.redirectUrl);
  const link = input.linkId
    ? await requireEntityBankLink(deps.db, input.entityId, input.provider, input.linkId)
    : null;
  try {
    return await deps.aggregators[input.provider].createLinkToken({
      clientUserId: input.entityId,
      redirectUrl,
      update: link ? credentialOf(deps.secrets, link) : null,
      at: deps.clock.now(),
    });
  } catch (error) {
    if (!(error instanceof AggregatorError)) throw error;
    throw linkingRefusal(LINKING_MESSAGES.providerRefused, input.provider === 'plaid' ? 'itemId' : 'id');
  }
}
