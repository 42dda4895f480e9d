import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bankLinks, type LinkProvider } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import type { JobRow } from '../../jobs/jobRows';
import { AggregatorError, type NewAggregatorLink } from '../../providers/aggregators';
import { accessTokenContext, type BankLinkRow, IMPORT_SOURCES } from './bankLinkRows';
import { enqueueBankLinkSync } from './bankLinkSyncJob';
import type { LinkingDeps } from './linkingDeps';
import { LINKING_MESSAGES, linkingRefusal } from './linkingErrors';
import { checkToken } from './linkingInputs';
import { reconcileOpeningBalances } from './reconcileOpeningBalances';
import { upsertLinkedAccounts } from './upsertLinkedAccounts';

const TOKEN_FIELDS: Record<LinkProvider, { field: string; label: string }> = {
  plaid: { field: 'publicToken', label: 'Public token' },
  moneykit: { field: 'exchangeableToken', label: 'Exchangeable token' },
};

/**
 * createPlaidItem / createMoneykitLink (spec §7): exchanges the token the provider's flow gave the
 * browser for the link, then, in one transaction, stores it (A's access token sealed, bound to the
 * link), its accounts with their balances and mirrors in the books (opening balances so the books show
 * the provider's balances at once), and queues its first sync (BankLinkSync). The same link coming
 * back (update mode: Reconnect) is the reconnect: its error cleared, its credential replaced, a sync
 * queued. A second link to an institution the company has linked already is refused (and removed at
 * the provider), since it would import the same transactions twice.
 */
export async function connectBankLink(
  deps: LinkingDeps,
  input: { entityId: string; userId: string | null; provider: LinkProvider; token: string },
): Promise<{ link: BankLinkRow; job: JobRow }> {
  const { field, label } = TOKEN_FIELDS[input.provider];
  const token = checkToken(input.token, field, label);
  const aggregator = deps.aggregators[input.provider];
  let made: NewAggregatorLink;
  try {
    made = await aggregator.exchangeToken(token, deps.clock.now());
  } catch (error) {
    if (!(error instanceof AggregatorError)) throw error;
    throw linkingRefusal(
      error.invalidToken ? LINKING_MESSAGES.tokenRefused : LINKING_MESSAGES.providerRefused,
      field,
    );
  }
  if (made.clientUserId !== null && made.clientUserId !== input.entityId) {
    throw linkingRefusal(LINKING_MESSAGES.tokenRefused, field);
  }
  const outcome = await writeTransaction(deps.db, (tx) => storeLink(tx, deps, input, made));
  if (outcome === 'already linked') {
    await aggregator.removeLink(made).catch(() => undefined);
    throw linkingRefusal(LINKING_MESSAGES.alreadyLinked, field);
  }
  if (outcome === 'foreign') throw linkingRefusal(LINKING_MESSAGES.tokenRefused, field);
  return outcome;
}

async function storeLink(
  tx: Tx,
  deps: LinkingDeps,
  input: { entityId: string; userId: string | null; provider: LinkProvider },
  made: NewAggregatorLink,
): Promise<{ link: BankLinkRow; job: JobRow } | 'already linked' | 'foreign'> {
  const now = deps.clock.now();
  const [existing] = await tx
    .select()
    .from(bankLinks)
    .where(and(eq(bankLinks.provider, input.provider), eq(bankLinks.providerLinkId, made.providerLinkId)))
    .for('update');
  if (existing && existing.entityId !== input.entityId) return 'foreign';
  if (!existing) {
    const [twin] = await tx
      .select({ id: bankLinks.id })
      .from(bankLinks)
      .where(
        and(
          eq(bankLinks.entityId, input.entityId),
          eq(bankLinks.provider, input.provider),
          eq(bankLinks.institutionId, made.institution.id),
        ),
      )
      .limit(1);
    if (twin) return 'already linked';
  }
  const id = existing?.id ?? randomUUID();
  const values = {
    accessTokenSealed: made.accessToken ? deps.secrets.seal(made.accessToken, accessTokenContext(id)) : null,
    institutionName: made.institution.name.slice(0, 200),
    state: 'connected',
    errorType: null,
    errorCode: null,
    errorMessage: null,
    displayMessage: null,
    updatedAt: now,
  };
  const [link] = existing
    ? await tx.update(bankLinks).set(values).where(eq(bankLinks.id, id)).returning()
    : await tx
        .insert(bankLinks)
        .values({
          ...values,
          id,
          entityId: input.entityId,
          provider: input.provider,
          providerLinkId: made.providerLinkId,
          institutionId: made.institution.id.slice(0, 200),
          createdBy: input.userId,
          createdAt: now,
        })
        .returning();
  if (!link) throw new Error('Bank link write returned nothing');
  const accounts = await upsertLinkedAccounts(tx, deps.clock, link, made.accounts);
  await reconcileOpeningBalances(tx, deps.clock, [...accounts.values()], IMPORT_SOURCES[link.provider]);
  const job = await enqueueBankLinkSync(tx, link, input.userId);
  return { link, job };
}
