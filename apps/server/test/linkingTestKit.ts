import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AppDeps } from '../src/appDeps';
import { queryRows } from '../src/db/queryRows';
import { bankLinks, importedTransactions, jobs, type LinkProvider, linkedAccounts } from '../src/db/schema';
import { type LinkingDeps, type SyncBankLinkOptions, syncBankLink } from '../src/modules/linking';
import { enqueueBankLinkSync } from '../src/modules/linking/bankLinkSyncJob';
import type { SandboxAggregatorControls } from '../src/providers/aggregators';
import { secretBoxOf } from '../src/secrets/secretBox';
import type { TestApp } from './harness';
import { jobReaches } from './jobsTestKit';
import { type LedgerFixture, rollupMismatches, unbalancedTransactions } from './ledgerTestKit';

/** Test support for the bank linking suites. Test code only. */

const ACCOUNT_FIELDS = `accountId name mask officialName accountType subtype ledgerAccountId
  balances { current available }`;
export const PLAID_ITEMS = `query($e: ID!) { plaidItems(entityId: $e) {
  itemId needsReconnect updatedAt lastSyncedAt institution { institutionId name }
  error { error_type error_code error_message display_message } accounts { ${ACCOUNT_FIELDS} } } }`;
export const MONEYKIT_LINKS = `query($e: ID!) { moneykitLinks(entityId: $e) {
  id institutionName state errorCode needsReconnect updatedAt accounts { ${ACCOUNT_FIELDS} } } }`;
export const PLAID_LINK_TOKEN = `mutation($e: ID!, $r: String, $i: ID) {
  createPlaidLinkToken(entityId: $e, redirectUrl: $r, itemId: $i) { linkToken expiration errors } }`;
export const CREATE_PLAID_ITEM = `mutation($e: ID!, $t: String!) { createPlaidItem(entityId: $e, publicToken: $t) {
  item { itemId institution { name } accounts { ${ACCOUNT_FIELDS} } } job { id type status } errors } }`;
export const LINK_SESSION_TOKEN = `mutation($e: ID!, $r: String, $i: ID) {
  createLinkSessionToken(entityId: $e, redirectUrl: $r, id: $i) { linkSessionToken expiration errors } }`;
export const CREATE_MONEYKIT_LINK = `mutation($e: ID!, $t: String!) {
  createMoneykitLink(entityId: $e, exchangeableToken: $t) {
    link { id institutionName state errorCode accounts { ${ACCOUNT_FIELDS} } } job { id type status } errors } }`;
export const REFRESH_MONEYKIT_LINK = `mutation($e: ID!, $i: ID!) { refreshMoneykitLink(entityId: $e, id: $i) {
  link { id state errorCode needsReconnect } job { id status } errors } }`;
export const DELETE_PLAID_ITEM = 'mutation($i: ID!) { deletePlaidItem(itemId: $i) { id errors } }';
export const DELETE_MONEYKIT_LINK = 'mutation($i: ID!) { deleteMoneykitLink(id: $i) { id errors } }';

export type AccountView = {
  accountId: string;
  name: string;
  mask: string | null;
  accountType: string;
  subtype: string | null;
  ledgerAccountId: string;
  balances: { current: number | null; available: number | null };
};

/** The sandbox controls of a provider of the test app (the default providers are the sandboxes). */
export function sandboxOf(t: TestApp, provider: LinkProvider): SandboxAggregatorControls {
  const sandbox = t.providers.aggregators[provider].sandbox;
  if (!sandbox) throw new Error(`${provider} is not a sandbox`);
  return sandbox;
}

/** What the sync needs, from the test app. */
const linkingDepsOfTest = (t: TestApp): LinkingDeps => ({
  db: t.db,
  clock: t.clock,
  aggregators: t.providers.aggregators,
  secrets: secretBoxOf(t.config),
});

/** The app's dependencies (for job handlers a test runs itself). */
export const appDepsOfTest = (t: TestApp): AppDeps => ({
  db: t.db,
  config: t.config,
  clock: t.clock,
  providers: t.providers,
});

/** Completes a sandbox flow with the good credentials: the token the browser hands to Keel. */
export async function completeSandboxLink(
  t: TestApp,
  provider: LinkProvider,
  linkToken: string,
  institutionId: string | null,
): Promise<string> {
  const done = await sandboxOf(t, provider).completeLink({
    linkToken,
    institutionId,
    username: 'user_good',
    password: 'pass_good',
    at: t.clock.now(),
  });
  return done.token;
}

/** Links a bank through provider A as the fixture's owner; returns the item. */
export async function linkPlaid(t: TestApp, fixture: LedgerFixture, institutionId = 'ins_109508') {
  const token = await fixture.gql<{ createPlaidLinkToken: { linkToken: string } }>(PLAID_LINK_TOKEN, {
    e: fixture.entityId,
  });
  const linkToken = token.data?.createPlaidLinkToken.linkToken;
  if (!linkToken) throw new Error(`createPlaidLinkToken: ${JSON.stringify(token.errors)}`);
  const publicToken = await completeSandboxLink(t, 'plaid', linkToken, institutionId);
  const made = await fixture.gql<{
    createPlaidItem: { item: { itemId: string; accounts: AccountView[] }; job: { id: string } };
  }>(CREATE_PLAID_ITEM, { e: fixture.entityId, t: publicToken });
  const item = made.data?.createPlaidItem;
  if (!item) throw new Error(`createPlaidItem: ${JSON.stringify(made.errors)}`);
  return { itemId: item.item.itemId, accounts: item.item.accounts, jobId: item.job.id };
}

/** Links a bank through provider B as the fixture's owner; returns the link. */
export async function linkMoneykit(t: TestApp, fixture: LedgerFixture, institutionId = 'mk_bramble_bank') {
  const token = await fixture.gql<{ createLinkSessionToken: { linkSessionToken: string } }>(
    LINK_SESSION_TOKEN,
    {
      e: fixture.entityId,
    },
  );
  const session = token.data?.createLinkSessionToken.linkSessionToken;
  if (!session) throw new Error(`createLinkSessionToken: ${JSON.stringify(token.errors)}`);
  const exchangeable = await completeSandboxLink(t, 'moneykit', session, institutionId);
  const made = await fixture.gql<{
    createMoneykitLink: { link: { id: string; accounts: AccountView[] }; job: { id: string } };
  }>(CREATE_MONEYKIT_LINK, { e: fixture.entityId, t: exchangeable });
  const link = made.data?.createMoneykitLink;
  if (!link) throw new Error(`createMoneykitLink: ${JSON.stringify(made.errors)}`);
  return { id: link.link.id, accounts: link.link.accounts, jobId: link.job.id };
}

export const syncLink = (t: TestApp, linkId: string, options: SyncBankLinkOptions = {}) =>
  syncBankLink(linkingDepsOfTest(t), linkId, options);

/** The books' balance of an account: the sum of its actual entries, in cents. */
export async function booksBalance(t: TestApp, ledgerAccountId: string): Promise<number> {
  const [row] = await queryRows<{ total: string }>(
    t.db,
    sql`SELECT coalesce(sum(amount), 0)::text AS total FROM entries
        WHERE account_id = ${ledgerAccountId}::uuid AND scenario = 'actual'`,
  );
  return Number(row?.total ?? 0);
}

/** What the provider states, signed as the books hold it (owed balances negative). */
export const signedBalance = (account: Pick<AccountView, 'accountType' | 'balances'>) =>
  (account.accountType === 'credit' || account.accountType === 'loan' ? -1 : 1) *
  (account.balances.current ?? 0);

/**
 * For the live vendors' suites: Keel shows the vendor's balance of each of `accounts` (`atVendor`, by
 * mask, signed as the books hold it), the books hold it, and the company's books balance.
 */
export async function expectBooksAtVendor(
  t: TestApp,
  entityId: string,
  accounts: readonly AccountView[],
  atVendor: ReadonlyMap<string, number>,
): Promise<void> {
  for (const account of accounts) {
    expect(signedBalance(account), account.name).toBe(atVendor.get(account.mask ?? ''));
    expect(await booksBalance(t, account.ledgerAccountId), account.name).toBe(signedBalance(account));
  }
  expect(await unbalancedTransactions(t.db, entityId)).toEqual([]);
  expect(await rollupMismatches(t.db, entityId)).toEqual([]);
}

/** Queues a sync of the company's link (as a Refresh does) and waits until it reaches `status`. */
export async function syncAndWait(
  t: TestApp,
  entityId: string,
  link: { id: string; institutionName: string },
  status: 'succeeded' | 'failed' = 'succeeded',
) {
  const job = await enqueueBankLinkSync(t.db, { ...link, entityId }, null);
  return jobReaches(t, job.id, status, 20_000);
}

/** The company's imported rows (not removed), with the books transaction each sits in. */
export async function importedRows(t: TestApp, entityId: string) {
  return t.db
    .select()
    .from(importedTransactions)
    .where(and(eq(importedTransactions.entityId, entityId), isNull(importedTransactions.removedAt)));
}

/** Counts of the company's linking rows and books, to compare before and after. */
export async function linkingSnapshot(t: TestApp, entityId: string) {
  const [row] = await queryRows<Record<string, number>>(
    t.db,
    sql`SELECT
      (SELECT count(*) FROM bank_links WHERE entity_id = ${entityId}::uuid)::int AS links,
      (SELECT count(*) FROM linked_accounts WHERE entity_id = ${entityId}::uuid)::int AS accounts,
      (SELECT count(*) FROM imported_transactions WHERE entity_id = ${entityId}::uuid)::int AS imported,
      (SELECT count(*) FROM transactions WHERE entity_id = ${entityId}::uuid)::int AS transactions,
      (SELECT count(*) FROM entries WHERE entity_id = ${entityId}::uuid)::int AS entries`,
  );
  return row;
}

/** The link row (error fields, cursor). */
export async function bankLinkRow(t: TestApp, linkId: string) {
  const [row] = await t.db.select().from(bankLinks).where(eq(bankLinks.id, linkId));
  if (!row) throw new Error(`No bank link ${linkId}`);
  return row;
}

export async function linkedAccountRows(t: TestApp, entityId: string) {
  return t.db.select().from(linkedAccounts).where(eq(linkedAccounts.entityId, entityId));
}

/** Waits until the company has no bank link sync queued or running (a test app's runner is on). */
export async function waitForBankLinkSyncs(t: TestApp, entityId: string, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const active = await t.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.entityId, entityId),
          eq(jobs.type, 'BankLinkSync'),
          inArray(jobs.status, ['queued', 'running']),
        ),
      );
    if (active.length === 0) return;
    if (Date.now() > until) throw new Error(`Bank link syncs still active for ${entityId}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The company's links of a provider forgotten (rows deleted directly), once its syncs are done. */
export async function forgetBankLinks(t: TestApp, entityId: string, provider: LinkProvider): Promise<void> {
  await waitForBankLinkSyncs(t, entityId);
  await t.db.delete(bankLinks).where(and(eq(bankLinks.entityId, entityId), eq(bankLinks.provider, provider)));
}

/** A token the provider's flow would give the company's browser, for its first institution. */
export async function freshExchangeToken(
  t: TestApp,
  entityId: string,
  provider: LinkProvider,
): Promise<string> {
  const { linkToken } = await t.providers.aggregators[provider].createLinkToken({
    clientUserId: entityId,
    redirectUrl: null,
    update: null,
    at: t.clock.now(),
  });
  return completeSandboxLink(t, provider, linkToken, provider === 'plaid' ? 'ins_109508' : 'mk_bramble_bank');
}

/** A new link of the company's through the provider (its earlier ones forgotten), its sync done. */
export async function freshBankLink(
  t: TestApp,
  fixture: LedgerFixture,
  provider: LinkProvider,
): Promise<string> {
  await forgetBankLinks(t, fixture.entityId, provider);
  const id =
    provider === 'plaid' ? (await linkPlaid(t, fixture)).itemId : (await linkMoneykit(t, fixture)).id;
  await waitForBankLinkSyncs(t, fixture.entityId);
  return id;
}
