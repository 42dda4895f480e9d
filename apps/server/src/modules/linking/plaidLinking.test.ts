import { Configuration, PlaidApi, PlaidErrorType, Products } from 'plaid';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_TODAY, type TestApp } from '../../../test/harness';
import { jobReaches } from '../../../test/jobsTestKit';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';
import {
  type AccountView,
  bankLinkRow,
  CREATE_PLAID_ITEM,
  DELETE_PLAID_ITEM,
  expectBooksAtVendor,
  importedRows,
  linkingSnapshot,
  PLAID_ITEMS,
  PLAID_LINK_TOKEN,
  syncAndWait,
} from '../../../test/linkingTestKit';
import { type PlaidSimulator, startPlaidSimulator } from '../../../test/plaidSimulator/index';
import { decimalToCents } from '../../providers/aggregators/decimalCents';
import { secretBoxOf } from '../../secrets/secretBox';
import { credentialOf } from './bankLinkRows';

/**
 * Provider A through Plaid (PLAID_CLIENT_ID, PLAID_SECRET, PLAID_BASE_URL): Keel's GraphQL API and its
 * BankLinkSync job against a local simulation of Plaid's API (test/plaidSimulator/), which the test
 * itself reads through Plaid's official SDK. At every step the books' balance of each linked account is
 * the balance Plaid states (pending transactions counted).
 */

let simulator: PlaidSimulator;
let t: TestApp;
let plaid: PlaidApi;
const NOON = new Date(`${TEST_TODAY}T12:00:00.000Z`);
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  // Plaid's clock is the app's, so its transactions are dated by the test's days.
  simulator = await startPlaidSimulator({ now: () => (t ? t.clock.now() : NOON) });
  t = await createTestApp({
    env: {
      PLAID_CLIENT_ID: simulator.clientId,
      PLAID_SECRET: simulator.secret,
      PLAID_BASE_URL: simulator.baseUrl,
    },
  });
  plaid = new PlaidApi(
    new Configuration({
      basePath: simulator.baseUrl,
      baseOptions: { headers: { 'PLAID-CLIENT-ID': simulator.clientId, 'PLAID-SECRET': simulator.secret } },
    }),
  );
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});
beforeEach(() => t.clock.set(NOON));

type Item = {
  itemId: string;
  needsReconnect: boolean;
  institution: { institutionId: string; name: string };
  error: { error_type: string; error_code: string } | null;
  accounts: AccountView[];
};

async function itemsOf(fixture: LedgerFixture): Promise<Item[]> {
  const result = await fixture.gql<{ plaidItems: Item[] }>(PLAID_ITEMS, { e: fixture.entityId });
  if (!result.data) throw new Error(`plaidItems: ${JSON.stringify(result.errors)}`);
  return result.data.plaidItems;
}

const redirectUrl = () => `${new URL(t.config.APP_URL).origin}/plaid-oauth`;

/** The item as Plaid knows it: its id there and the access token Keel holds for it. */
async function atPlaid(itemId: string) {
  const row = await bankLinkRow(t, itemId);
  const { accessToken } = credentialOf(secretBoxOf(t.config), row);
  if (!accessToken) throw new Error('No access token');
  return { providerItemId: row.providerLinkId, accessToken };
}

/** Links First Platypus Bank through Keel's API, its public token from Plaid's sandbox endpoint; waits for its first sync. */
async function linkThroughPlaid(fixture: LedgerFixture) {
  const token = await fixture.gql<{ createPlaidLinkToken: { linkToken: string } }>(PLAID_LINK_TOKEN, {
    e: fixture.entityId,
    r: redirectUrl(),
  });
  const linkToken = token.data?.createPlaidLinkToken.linkToken;
  if (!linkToken) throw new Error(`createPlaidLinkToken: ${JSON.stringify(token.errors)}`);
  expect(simulator.linkToken(linkToken)).toMatchObject({
    clientUserId: fixture.entityId,
    products: ['transactions'],
    redirectUri: redirectUrl(),
    itemId: null,
  });
  const { data } = await plaid.sandboxPublicTokenCreate({
    institution_id: 'ins_109508',
    initial_products: [Products.Transactions],
  });
  const made = await fixture.gql<{
    createPlaidItem: {
      item: { itemId: string; institution: { name: string }; accounts: AccountView[] };
      job: { id: string };
    };
  }>(CREATE_PLAID_ITEM, { e: fixture.entityId, t: data.public_token });
  const item = made.data?.createPlaidItem;
  if (!item) throw new Error(`createPlaidItem: ${JSON.stringify(made.errors)}`);
  await jobReaches(t, item.job.id, 'succeeded', 20_000);
  return {
    itemId: item.item.itemId,
    accounts: item.item.accounts,
    jobId: item.job.id,
    ...(await atPlaid(item.item.itemId)),
  };
}

/** Runs a BankLinkSync job of the item to its end; answers the job. */
const syncJob = (fixture: LedgerFixture, itemId: string, status: 'succeeded' | 'failed' = 'succeeded') =>
  syncAndWait(t, fixture.entityId, { id: itemId, institutionName: 'First Platypus Bank' }, status);

/** Plaid's current balance of each account (by mask) with its pending transactions counted, signed as the books hold it. */
async function plaidBalances(accessToken: string): Promise<Map<string, number>> {
  const { data: accounts } = await plaid.accountsGet({ access_token: accessToken });
  const { data: listed } = await plaid.transactionsGet({
    access_token: accessToken,
    start_date: '2026-01-01',
    end_date: t.clock.now().toISOString().slice(0, 10),
    options: { count: 500 },
  });
  const balances = new Map<string, number>();
  for (const account of accounts.accounts) {
    const pendingOut = listed.transactions
      .filter((transaction) => transaction.pending && transaction.account_id === account.account_id)
      .reduce((sum, transaction) => sum + decimalToCents(transaction.amount), 0);
    const current = decimalToCents(account.balances.current ?? 0);
    // In the books an asset holds what is in it; a card what it owes, negative.
    balances.set(
      account.mask ?? '',
      account.type === 'credit' ? -(current + pendingOut) : current - pendingOut,
    );
  }
  return balances;
}

/** Keel shows Plaid's balances, and the books hold them, for every account of the company's items. */
async function expectBooksAtPlaid(fixture: LedgerFixture, accessToken: string) {
  const accounts = (await itemsOf(fixture)).flatMap((item) => item.accounts);
  expect(accounts).toHaveLength(3);
  await expectBooksAtVendor(t, fixture.entityId, accounts, await plaidBalances(accessToken));
}

describe('linking through Plaid', () => {
  it('tells the web that provider A is Plaid itself and provider B the built-in sandbox', async () => {
    const fixture = await createLedgerFixture(t, 'Modes Co');
    const modes = await fixture.gql<{ aggregatorModes: { provider: string; sandbox: boolean }[] }>(
      '{ aggregatorModes { provider sandbox } }',
    );
    expect(modes.data?.aggregatorModes).toEqual([
      { provider: 'plaid', sandbox: false },
      { provider: 'moneykit', sandbox: true },
    ]);
    expect(t.providers.aggregators.plaid.kind).toBe('live');
  });

  it("links a bank through Plaid; its BankLinkSync job imports Plaid's history once, at Plaid's amounts", async () => {
    const fixture = await createLedgerFixture(t, 'Plaid Live Co');
    const item = await linkThroughPlaid(fixture);
    const [shown] = await itemsOf(fixture);
    expect(shown).toMatchObject({
      itemId: item.itemId,
      needsReconnect: false,
      error: null,
      institution: { institutionId: 'ins_109508', name: 'First Platypus Bank' },
    });
    expect(item.accounts.map((a) => [a.name, a.mask, a.accountType])).toEqual([
      ['Plaid Checking', '0000', 'depository'],
      ['Plaid Credit Card', '3333', 'credit'],
      ['Plaid Saving', '1111', 'depository'],
    ]);
    const { data } = await plaid.transactionsGet({
      access_token: item.accessToken,
      start_date: '2026-01-01',
      end_date: TEST_TODAY,
      options: { count: 500 },
    });
    const rows = await importedRows(t, fixture.entityId);
    expect(rows).toHaveLength(data.total_transactions);
    const atPlaid = new Map(
      data.transactions.map((transaction) => [transaction.transaction_id, transaction]),
    );
    for (const row of rows) {
      const transaction = atPlaid.get(row.providerTransactionId);
      expect(row.amount).toBe(-decimalToCents(transaction?.amount ?? Number.NaN));
      expect(row.pending).toBe(transaction?.pending);
    }
    expect(rows.find((row) => row.name === 'Blue Bottle Coffee')?.amount).toBe(-435);
    await expectBooksAtPlaid(fixture, item.accessToken);

    const before = await linkingSnapshot(t, fixture.entityId);
    const syncs = simulator.requests.filter((request) => request.path === '/transactions/sync').length;
    await syncJob(fixture, item.itemId);
    expect(simulator.requests.filter((request) => request.path === '/transactions/sync').length).toBe(
      syncs + 1,
    );
    expect(await linkingSnapshot(t, fixture.entityId)).toEqual(before);
    await expectBooksAtPlaid(fixture, item.accessToken);
  });

  it('keeps one transaction when Plaid posts a pending one under a new id, and follows removals and renames', async () => {
    const fixture = await createLedgerFixture(t, 'Plaid Pending Co');
    const item = await linkThroughPlaid(fixture);
    const pending = (await importedRows(t, fixture.entityId)).filter((row) => row.pending);
    expect(pending.length).toBeGreaterThan(0);
    const before = await linkingSnapshot(t, fixture.entityId);

    // The next morning (the owner's 24-hour token still valid).
    t.clock.set(new Date(NOON.getTime() + 20 * HOUR_MS));
    const tipped =
      pending.find((row) => row.name === 'Sweetgreen' || row.name === 'Blue Bottle Coffee') ?? pending[0];
    const pairs = simulator.postPending(item.providerItemId, (transaction) =>
      transaction.transactionId === tipped?.providerTransactionId
        ? transaction.amountCents + 300
        : transaction.amountCents,
    );
    await syncJob(fixture, item.itemId);
    const after = await importedRows(t, fixture.entityId);
    for (const { pendingId, postedId } of pairs) {
      const was = pending.find((row) => row.providerTransactionId === pendingId);
      const row = after.find((candidate) => candidate.id === was?.id);
      expect(row).toMatchObject({
        providerTransactionId: postedId,
        replacesProviderTransactionId: pendingId,
        pending: false,
        transactionId: was?.transactionId,
      });
      expect(row?.amount).toBe((was?.amount ?? 0) - (pendingId === tipped?.providerTransactionId ? 300 : 0));
    }
    expect(await linkingSnapshot(t, fixture.entityId)).toEqual(before);
    await expectBooksAtPlaid(fixture, item.accessToken);

    const [gone, renamed] = after.filter((row) => !row.pending && row.name === 'Uber');
    simulator.removeTransaction(item.providerItemId, gone?.providerTransactionId ?? '');
    simulator.renameTransaction(item.providerItemId, renamed?.providerTransactionId ?? '', 'Uber Trip');
    await syncJob(fixture, item.itemId);
    const last = await importedRows(t, fixture.entityId);
    expect(last.some((row) => row.id === gone?.id)).toBe(false);
    expect(last.find((row) => row.id === renamed?.id)?.name).toBe('Uber Trip');
    await expectBooksAtPlaid(fixture, item.accessToken);
  });

  it("shows Plaid's ITEM_LOGIN_REQUIRED after reset_login, and an update-mode link token repairs the item", async () => {
    const fixture = await createLedgerFixture(t, 'Plaid Reconnect Co');
    const item = await linkThroughPlaid(fixture);
    const before = await linkingSnapshot(t, fixture.entityId);
    await plaid.sandboxItemResetLogin({ access_token: item.accessToken });
    const failed = await syncJob(fixture, item.itemId, 'failed');
    expect(failed.error).toBe(
      'First Platypus Bank needs you to sign in again: reconnect it on Linked Accounts.',
    );
    const [broken] = await itemsOf(fixture);
    expect(broken).toMatchObject({
      needsReconnect: true,
      error: { error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED' },
    });

    const update = await fixture.gql<{ createPlaidLinkToken: { linkToken: string } }>(PLAID_LINK_TOKEN, {
      e: fixture.entityId,
      i: item.itemId,
      r: redirectUrl(),
    });
    const linkToken = update.data?.createPlaidLinkToken.linkToken ?? '';
    expect(simulator.linkToken(linkToken)).toMatchObject({
      itemId: item.providerItemId,
      clientUserId: fixture.entityId,
    });
    const { publicToken } = simulator.completeLink({ linkToken });
    const reconnected = await fixture.gql<{
      createPlaidItem: { item: { itemId: string }; job: { id: string } };
    }>(CREATE_PLAID_ITEM, { e: fixture.entityId, t: publicToken });
    expect(reconnected.data?.createPlaidItem.item.itemId).toBe(item.itemId);
    await jobReaches(t, reconnected.data?.createPlaidItem.job.id ?? '', 'succeeded', 20_000);
    const [fixed] = await itemsOf(fixture);
    expect(fixed).toMatchObject({ needsReconnect: false, error: null });
    expect(await linkingSnapshot(t, fixture.entityId)).toEqual(before);
    await expectBooksAtPlaid(fixture, item.accessToken);
  });

  it('refuses a public token Plaid already exchanged, and changes nothing', async () => {
    const fixture = await createLedgerFixture(t, 'Plaid Used Token Co');
    const { data } = await plaid.sandboxPublicTokenCreate({
      institution_id: 'ins_109509',
      initial_products: [Products.Transactions],
    });
    await plaid.itemPublicTokenExchange({ public_token: data.public_token });
    const refused = await fixture.gql(CREATE_PLAID_ITEM, { e: fixture.entityId, t: data.public_token });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'This bank connection has expired or was already used. Please connect again.',
      extensions: { code: 'BAD_USER_INPUT', field: 'publicToken' },
    });
    expect(await linkingSnapshot(t, fixture.entityId)).toMatchObject({ links: 0, accounts: 0, imported: 0 });
  });

  it('removes the item at Plaid when it is refused after the exchange: a read of it failed, or its institution is linked already', async () => {
    const fixture = await createLedgerFixture(t, 'Plaid Refused Item Co');
    /** A public token of a new item of the institution, and that item's id at Plaid. */
    const publicTokenOf = async (institutionId: string) => {
      const { data } = await plaid.sandboxPublicTokenCreate({
        institution_id: institutionId,
        initial_products: [Products.Transactions],
      });
      const itemId = simulator.publicToken(data.public_token)?.itemId ?? '';
      expect(simulator.item(itemId)).not.toBeNull();
      return { publicToken: data.public_token, itemId };
    };

    // Plaid fails to answer the item's accounts once the token is exchanged.
    const failing = await publicTokenOf('ins_109509');
    simulator.failNext('/accounts/get', {
      status: 500,
      type: PlaidErrorType.ApiError,
      code: 'INTERNAL_SERVER_ERROR',
    });
    const failed = await fixture.gql(CREATE_PLAID_ITEM, { e: fixture.entityId, t: failing.publicToken });
    expect(failed.errors?.[0]).toMatchObject({ extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(simulator.publicToken(failing.publicToken)?.used).toBe(true);
    expect(simulator.item(failing.itemId)).toBeNull();
    expect(await linkingSnapshot(t, fixture.entityId)).toMatchObject({ links: 0, accounts: 0 });

    // A second item of an institution the company has linked already.
    const first = await linkThroughPlaid(fixture);
    const twice = await publicTokenOf('ins_109508');
    const refused = await fixture.gql(CREATE_PLAID_ITEM, { e: fixture.entityId, t: twice.publicToken });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'This institution is already linked. Reconnect or delete the existing link instead.',
      extensions: { field: 'publicToken' },
    });
    expect(simulator.item(twice.itemId)).toBeNull();
    // The company's own item is untouched.
    expect(simulator.item(first.providerItemId)).not.toBeNull();
    expect(await itemsOf(fixture)).toHaveLength(1);
  });

  it('deletes the item at Plaid too: its access token then finds nothing', async () => {
    const fixture = await createLedgerFixture(t, 'Plaid Delete Co');
    const item = await linkThroughPlaid(fixture);
    const deleted = await fixture.gql<{ deletePlaidItem: { id: string } }>(DELETE_PLAID_ITEM, {
      i: item.itemId,
    });
    expect(deleted.data?.deletePlaidItem.id).toBe(item.itemId);
    expect(simulator.item(item.providerItemId)).toBeNull();
    await expect(plaid.accountsGet({ access_token: item.accessToken })).rejects.toMatchObject({
      response: { data: { error_code: 'ITEM_NOT_FOUND' } },
    });
    expect(await itemsOf(fixture)).toEqual([]);
  });
});
