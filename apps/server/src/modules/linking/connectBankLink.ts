import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { bankLinks, type LinkProvider } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import type { KeelError } from '../../errors';
import type { JobRow } from '../../jobs/jobRows';
import {
  AggregatorError,
  type AggregatorProvider,
  type ExchangedLink,
  type LinkDescription,
} from '../../providers/aggregators';
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

type ConnectInput = { entityId: string; userId: string | null; provider: LinkProvider; token: string };

/**
 * createPlaidItem / createMoneykitLink (spec §7): exchanges the token the provider's flow gave the
 * browser for the link, then, in one transaction, stores it (A's access token sealed, bound to the
 * link), its accounts with their balances and mirrors in the books (opening balances so the books show
 * the provider's balances at once), and queues its first sync (BankLinkSync). The same link coming
 * back (update mode: Reconnect) is the reconnect: its error cleared, its credential replaced, a sync
 * queued.
 *
 * An exchange spends the token, so everything that can refuse it without the exchange comes first (the
 * caller has checked the viewer's role on the company): its shape, and what the provider says of it
 * unspent (previewToken): a token made for another company's flow, or repairing a link another company
 * holds, is refused and stays usable by its owner. After the exchange every refusal removes the link at
 * the provider, since its token is spent and nobody can use it any more: a link made for another
 * company (when the provider says so only then), an institution the company has linked already (every
 * transaction would arrive twice), a provider or database failure. A link Keel holds (the company's own
 * being reconnected, or another company's) is never removed by a refused attempt.
 */
export async function connectBankLink(
  deps: LinkingDeps,
  input: ConnectInput,
): Promise<{ link: BankLinkRow; job: JobRow }> {
  const { field, label } = TOKEN_FIELDS[input.provider];
  const token = checkToken(input.token, field, label);
  const aggregator = deps.aggregators[input.provider];
  const preview = await askProvider(field, () => aggregator.previewToken(token, deps.clock.now()));
  if (preview.clientUserId !== null && preview.clientUserId !== input.entityId) {
    throw linkingRefusal(LINKING_MESSAGES.tokenRefused, field);
  }
  const holder = preview.providerLinkId && (await holderOf(deps.db, input.provider, preview.providerLinkId));
  if (holder && holder !== input.entityId) throw linkingRefusal(LINKING_MESSAGES.tokenRefused, field);
  const exchanged = await askProvider(field, () => aggregator.exchangeToken(token, deps.clock.now()));
  try {
    return await storeExchangedLink(deps, aggregator, input, exchanged);
  } catch (error) {
    await removeUnheldLink(deps, aggregator, exchanged);
    throw error;
  }
}

/** After the exchange: whose the link is, what it holds, and the write; every refusal thrown. */
async function storeExchangedLink(
  deps: LinkingDeps,
  aggregator: AggregatorProvider,
  input: ConnectInput,
  exchanged: ExchangedLink,
): Promise<{ link: BankLinkRow; job: JobRow }> {
  const { field } = TOKEN_FIELDS[input.provider];
  if (exchanged.clientUserId !== null && exchanged.clientUserId !== input.entityId) {
    throw linkingRefusal(LINKING_MESSAGES.tokenRefused, field);
  }
  if ((await askProvider(field, () => aggregator.isLinkOf(exchanged, input.entityId))) === false) {
    throw linkingRefusal(LINKING_MESSAGES.tokenRefused, field);
  }
  const description = await askProvider(field, () => aggregator.describeLink(exchanged, deps.clock.now()));
  const outcome = await writeTransaction(deps.db, (tx) => storeLink(tx, deps, input, exchanged, description));
  if (outcome === 'already linked') throw linkingRefusal(LINKING_MESSAGES.alreadyLinked, field);
  if (outcome === 'foreign') throw linkingRefusal(LINKING_MESSAGES.tokenRefused, field);
  return outcome;
}

/** A provider call; its refusal as BAD_USER_INPUT on the token's field (an unknown token, or any other). */
async function askProvider<T>(field: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof AggregatorError)) throw error;
    throw refusalOf(error, field);
  }
}

const refusalOf = (error: AggregatorError, field: string): KeelError =>
  linkingRefusal(
    error.invalidToken ? LINKING_MESSAGES.tokenRefused : LINKING_MESSAGES.providerRefused,
    field,
  );

/** The company that holds the provider's link in Keel, or null. */
async function holderOf(db: Db | Tx, provider: LinkProvider, providerLinkId: string): Promise<string | null> {
  const [row] = await db
    .select({ entityId: bankLinks.entityId })
    .from(bankLinks)
    .where(and(eq(bankLinks.provider, provider), eq(bankLinks.providerLinkId, providerLinkId)))
    .limit(1);
  return row?.entityId ?? null;
}

/**
 * Removes a link a refused attempt exchanged, unless Keel holds it. Best effort: the refusal is what the
 * caller answers, and a link the provider fails to remove now has no credential anywhere but here.
 */
async function removeUnheldLink(
  deps: LinkingDeps,
  aggregator: AggregatorProvider,
  exchanged: ExchangedLink,
): Promise<void> {
  try {
    if ((await holderOf(deps.db, aggregator.provider, exchanged.providerLinkId)) !== null) return;
    await aggregator.removeLink(exchanged);
  } catch {
    // The refusal stands whatever the removal did.
  }
}

async function storeLink(
  tx: Tx,
  deps: LinkingDeps,
  input: ConnectInput,
  made: ExchangedLink,
  description: LinkDescription,
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
          eq(bankLinks.institutionId, description.institution.id),
        ),
      )
      .limit(1);
    if (twin) return 'already linked';
  }
  const id = existing?.id ?? randomUUID();
  const values = {
    accessTokenSealed: made.accessToken ? deps.secrets.seal(made.accessToken, accessTokenContext(id)) : null,
    institutionName: description.institution.name.slice(0, 200),
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
          institutionId: description.institution.id.slice(0, 200),
          createdBy: input.userId,
          createdAt: now,
        })
        .returning();
  if (!link) throw new Error('Bank link write returned nothing');
  const accounts = await upsertLinkedAccounts(tx, deps.clock, link, description.accounts);
  await reconcileOpeningBalances(tx, deps.clock, [...accounts.values()], IMPORT_SOURCES[link.provider]);
  const job = await enqueueBankLinkSync(tx, link, input.userId);
  return { link, job };
}
