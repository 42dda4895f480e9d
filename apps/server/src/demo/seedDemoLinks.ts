import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Tx } from '../db/client';
import { bankLinks, type LinkProvider } from '../db/schema';
import { JobFailure } from '../jobs/jobHandler';
import { connectBankLink, type LinkingDeps, syncBankLink } from '../modules/linking';
import { createSandboxAggregators } from '../providers/aggregators/sandbox';
import { createSecretBox, type SecretBox } from '../secrets/secretBox';

/**
 * The demo's banks linked through the aggregator sandboxes: a treasury bank through provider A and a
 * bank with the company card through provider B. Both are reserve institutions (sandboxInstitutions.ts):
 * they move money between their own accounts and the card spends, but nothing lands in the demo's
 * income beyond a few dollars of interest, so the demo's revenue, plans and payroll figures stay as the
 * generator made them; their accounts are mirrored as accounts of their own under Banks and Credit
 * Cards, beside the demo's older imported ones (source 'plaid').
 */
const DEMO_LINKS: readonly { provider: LinkProvider; institutionId: string }[] = [
  { provider: 'plaid', institutionId: 'ins_109512' },
  { provider: 'moneykit', institutionId: 'mk_juniper_federal' },
];

/** The demo link whose login has expired, so Linked Accounts shows Reconnect ('Login required'). */
const DEMO_RECONNECT_PROVIDER: LinkProvider = 'moneykit';

/**
 * Links the demo company's banks in the seed's transaction, through the same flow as the API (a link
 * token, the sandbox's sign-in with its credentials, the exchange), syncs each into the books, then
 * expires the login of one and records it as a sync would. `secrets` must be the server's secret box
 * for later syncs to open the stored access token (main.ts passes it); without one, a throwaway key.
 * Nothing is done when the company has links already.
 */
export async function seedDemoLinks(
  tx: Tx,
  clock: Clock,
  input: { entityId: string; ownerId: string; secrets?: SecretBox },
): Promise<void> {
  const [existing] = await tx
    .select({ id: bankLinks.id })
    .from(bankLinks)
    .where(eq(bankLinks.entityId, input.entityId))
    .limit(1);
  if (existing) return;
  const secrets = input.secrets ?? createSecretBox(randomBytes(32));
  const aggregators = createSandboxAggregators(tx, secrets);
  const deps: LinkingDeps = { db: tx, clock, aggregators, secrets };
  for (const { provider, institutionId } of DEMO_LINKS) {
    const aggregator = aggregators[provider];
    const at = clock.now();
    const { linkToken } = await aggregator.createLinkToken({
      clientUserId: input.entityId,
      redirectUrl: null,
      update: null,
      at,
    });
    const completed = await aggregator.sandbox?.completeLink({
      linkToken,
      institutionId,
      username: 'user_good',
      password: 'pass_good',
      at,
    });
    if (!completed) throw new Error(`The ${provider} aggregator is not a sandbox`);
    const { link } = await connectBankLink(deps, {
      entityId: input.entityId,
      userId: input.ownerId,
      provider,
      token: completed.token,
    });
    await syncBankLink(deps, link.id);
    if (provider !== DEMO_RECONNECT_PROVIDER) continue;
    await aggregator.sandbox?.forceLoginRequired(link.providerLinkId);
    // The next sync hears the bank refuse and records it on the link, as the sync job would.
    await syncBankLink(deps, link.id).catch((error: unknown) => {
      if (!(error instanceof JobFailure)) throw error;
    });
  }
}
