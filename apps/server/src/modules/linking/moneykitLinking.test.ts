import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_TODAY, type TestApp } from '../../../test/harness';
import { jobReaches } from '../../../test/jobsTestKit';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';
import {
  type AccountView,
  bankLinkRow,
  CREATE_MONEYKIT_LINK,
  DELETE_MONEYKIT_LINK,
  expectBooksAtVendor,
  importedRows,
  LINK_SESSION_TOKEN,
  linkingSnapshot,
  MONEYKIT_LINKS,
  REFRESH_MONEYKIT_LINK,
  syncAndWait,
} from '../../../test/linkingTestKit';
import { type MoneykitSimulator, startMoneykitSimulator } from '../../../test/moneykitSimulator/index';
import { AggregatorError } from '../../providers/aggregators';
import { decimalToCents } from '../../providers/aggregators/decimalCents';
import { createMoneykitClient, type MoneykitClient } from '../../providers/aggregators/moneykitClient';

/**
 * Provider B through MoneyKit (MONEYKIT_CLIENT_ID, MONEYKIT_CLIENT_SECRET, MONEYKIT_BASE_URL): Keel's
 * GraphQL API and its BankLinkSync job against a local simulation of MoneyKit's API
 * (test/moneykitSimulator/), which the test itself reads over MoneyKit's REST API. At every step the
 * books' balance of each linked account is the balance MoneyKit states (pending transactions counted).
 */

let simulator: MoneykitSimulator;
let t: TestApp;
let moneykit: MoneykitClient;
const NOON = new Date(`${TEST_TODAY}T12:00:00.000Z`);
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  simulator = await startMoneykitSimulator({ now: () => (t ? t.clock.now() : NOON) });
  t = await createTestApp({
    env: {
      MONEYKIT_CLIENT_ID: simulator.clientId,
      MONEYKIT_CLIENT_SECRET: simulator.clientSecret,
      MONEYKIT_BASE_URL: simulator.baseUrl,
    },
  });
  moneykit = createMoneykitClient({
    clientId: simulator.clientId,
    clientSecret: simulator.clientSecret,
    baseUrl: simulator.baseUrl,
  });
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});
beforeEach(() => t.clock.set(NOON));

type Link = {
  id: string;
  institutionName: string;
  state: string;
  errorCode: string | null;
  needsReconnect: boolean;
  accounts: AccountView[];
};

async function linksOf(fixture: LedgerFixture): Promise<Link[]> {
  const result = await fixture.gql<{ moneykitLinks: Link[] }>(MONEYKIT_LINKS, { e: fixture.entityId });
  if (!result.data) throw new Error(`moneykitLinks: ${JSON.stringify(result.errors)}`);
  return result.data.moneykitLinks;
}

const returnPage = () => `${new URL(t.config.APP_URL).origin}/moneykit-oauth`;

/** A session token from Keel's API (for a new link, or to reconnect `id`). */
async function sessionToken(fixture: LedgerFixture, id?: string): Promise<string> {
  const session = await fixture.gql<{ createLinkSessionToken: { linkSessionToken: string } }>(
    LINK_SESSION_TOKEN,
    {
      e: fixture.entityId,
      r: returnPage(),
      ...(id ? { i: id } : {}),
    },
  );
  const token = session.data?.createLinkSessionToken.linkSessionToken;
  if (!token) throw new Error(`createLinkSessionToken: ${JSON.stringify(session.errors)}`);
  return token;
}

/** Links Bramble Bank through Keel's API and MoneyKit's Connect; waits for its first sync. */
async function linkThroughMoneykit(fixture: LedgerFixture) {
  const session = await sessionToken(fixture);
  expect(simulator.session(session)).toMatchObject({
    customerUserId: fixture.entityId,
    redirectUri: returnPage(),
    existingLinkId: null,
  });
  const { exchangeableToken } = simulator.completeConnect({
    linkSessionToken: session,
    institutionId: 'mk_bramble_bank',
  });
  const made = await fixture.gql<{ createMoneykitLink: { link: Link; job: { id: string } } }>(
    CREATE_MONEYKIT_LINK,
    {
      e: fixture.entityId,
      t: exchangeableToken,
    },
  );
  const link = made.data?.createMoneykitLink;
  if (!link) throw new Error(`createMoneykitLink: ${JSON.stringify(made.errors)}`);
  await jobReaches(t, link.job.id, 'succeeded', 20_000);
  return {
    id: link.link.id,
    accounts: link.link.accounts,
    providerLinkId: (await bankLinkRow(t, link.link.id)).providerLinkId,
  };
}

const syncJob = (fixture: LedgerFixture, id: string, status: 'succeeded' | 'failed' = 'succeeded') =>
  syncAndWait(t, fixture.entityId, { id, institutionName: 'Bramble Bank' }, status);

type MkAccount = {
  account_id: string;
  account_type: string;
  account_mask: string;
  balances: { current: number };
};
type MkTransaction = {
  account_id: string;
  amount: string;
  type: 'credit' | 'debit';
  pending: boolean;
  transaction_id: string;
};

/** Every transaction MoneyKit lists for the link. */
async function listed(providerLinkId: string): Promise<MkTransaction[]> {
  const answer = await moneykit.request<{ transactions: MkTransaction[] }>(
    'GET',
    `/links/${providerLinkId}/transactions`,
    {
      query: { start_date: '2026-01-01', end_date: t.clock.now().toISOString().slice(0, 10), size: 500 },
    },
  );
  return answer.transactions;
}

const intoAccount = (transaction: MkTransaction) =>
  (transaction.type === 'credit' ? 1 : -1) * decimalToCents(transaction.amount);

/** MoneyKit's current balance of each account (by mask), pending transactions counted, signed as the books hold it. */
async function moneykitBalances(providerLinkId: string): Promise<Map<string, number>> {
  const { accounts } = await moneykit.request<{ accounts: MkAccount[] }>(
    'GET',
    `/links/${providerLinkId}/accounts`,
  );
  const transactions = await listed(providerLinkId);
  const balances = new Map<string, number>();
  for (const account of accounts) {
    const pending = transactions
      .filter((transaction) => transaction.pending && transaction.account_id === account.account_id)
      .reduce((sum, transaction) => sum + intoAccount(transaction), 0);
    const current = decimalToCents(account.balances.current);
    const owed = account.account_type === 'credit_card' || account.account_type.startsWith('loan');
    balances.set(account.account_mask, owed ? -current + pending : current + pending);
  }
  return balances;
}

async function expectBooksAtMoneykit(fixture: LedgerFixture, providerLinkId: string) {
  const accounts = (await linksOf(fixture)).flatMap((link) => link.accounts);
  expect(accounts).toHaveLength(3);
  await expectBooksAtVendor(t, fixture.entityId, accounts, await moneykitBalances(providerLinkId));
}

describe('linking through MoneyKit', () => {
  it('tells the web that provider B is MoneyKit itself and provider A the built-in sandbox', async () => {
    const fixture = await createLedgerFixture(t, 'MK Modes Co');
    const modes = await fixture.gql<{ aggregatorModes: { provider: string; sandbox: boolean }[] }>(
      '{ aggregatorModes { provider sandbox } }',
    );
    expect(modes.data?.aggregatorModes).toEqual([
      { provider: 'plaid', sandbox: true },
      { provider: 'moneykit', sandbox: false },
    ]);
  });

  it("links a bank through MoneyKit; its BankLinkSync job imports MoneyKit's history once, at its amounts", async () => {
    const fixture = await createLedgerFixture(t, 'MK Live Co');
    const link = await linkThroughMoneykit(fixture);
    const [shown] = await linksOf(fixture);
    expect(shown).toMatchObject({
      id: link.id,
      institutionName: 'Bramble Bank',
      state: 'connected',
      needsReconnect: false,
    });
    expect(link.accounts.map((a) => [a.name, a.mask, a.accountType, a.subtype])).toEqual([
      ['Bramble Business Checking', '6789', 'depository', 'checking'],
      ['Bramble Reserve', '6790', 'depository', 'savings'],
      ['Bramble Rewards Card', '4421', 'credit', 'credit card'],
    ]);
    const atMoneykit = new Map(
      (await listed(link.providerLinkId)).map((transaction) => [transaction.transaction_id, transaction]),
    );
    const rows = await importedRows(t, fixture.entityId);
    expect(rows).toHaveLength(atMoneykit.size);
    for (const row of rows) {
      const transaction = atMoneykit.get(row.providerTransactionId);
      expect(transaction && intoAccount(transaction)).toBe(row.amount);
      expect(row.pending).toBe(transaction?.pending);
    }
    expect(rows.find((row) => row.name === 'Stripe fee')?.amount).toBe(-29);
    await expectBooksAtMoneykit(fixture, link.providerLinkId);

    const before = await linkingSnapshot(t, fixture.entityId);
    await syncJob(fixture, link.id);
    expect(await linkingSnapshot(t, fixture.entityId)).toEqual(before);
    await expectBooksAtMoneykit(fixture, link.providerLinkId);
  });

  it('keeps one transaction when a pending one posts as a new one, and follows removals and corrections', async () => {
    const fixture = await createLedgerFixture(t, 'MK Pending Co');
    const link = await linkThroughMoneykit(fixture);
    const pending = (await importedRows(t, fixture.entityId)).filter((row) => row.pending);
    expect(pending.length).toBeGreaterThan(0);
    const before = await linkingSnapshot(t, fixture.entityId);

    t.clock.set(new Date(NOON.getTime() + 20 * HOUR_MS));
    const pairs = simulator.postPending(link.providerLinkId, (transaction) =>
      transaction.description === 'Philz Coffee' ? transaction.amountCents + 100 : transaction.amountCents,
    );
    const refreshed = await fixture.gql<{
      refreshMoneykitLink: { link: { state: string }; job: { id: string } };
    }>(REFRESH_MONEYKIT_LINK, { e: fixture.entityId, i: link.id });
    expect(simulator.link(link.providerLinkId)?.refreshes).toEqual([['accounts', 'transactions']]);
    await jobReaches(t, refreshed.data?.refreshMoneykitLink.job.id ?? '', 'succeeded', 20_000);
    const after = await importedRows(t, fixture.entityId);
    for (const { pendingId, postedId } of pairs) {
      expect(after.some((row) => row.providerTransactionId === pendingId)).toBe(false);
      expect(after.filter((row) => row.providerTransactionId === postedId)).toHaveLength(1);
    }
    // One books transaction each: the pending ones' are gone, the posted ones' booked.
    const snapshot = await linkingSnapshot(t, fixture.entityId);
    expect(snapshot?.transactions).toBe(before?.transactions);
    expect(after).toHaveLength(before?.imported ?? 0);
    await expectBooksAtMoneykit(fixture, link.providerLinkId);

    const [gone, corrected] = after.filter((row) => row.name === 'Lyft');
    simulator.removeTransaction(link.providerLinkId, gone?.providerTransactionId ?? '');
    simulator.describeTransaction(
      link.providerLinkId,
      corrected?.providerTransactionId ?? '',
      'Lyft Business',
    );
    await syncJob(fixture, link.id);
    const last = await importedRows(t, fixture.entityId);
    expect(last.some((row) => row.id === gone?.id)).toBe(false);
    expect(last.find((row) => row.id === corrected?.id)?.name).toBe('Lyft Business');
    await expectBooksAtMoneykit(fixture, link.providerLinkId);
  });

  it('shows auth_expired when the login expires, and a reconnect session repairs the link', async () => {
    const fixture = await createLedgerFixture(t, 'MK Reconnect Co');
    const link = await linkThroughMoneykit(fixture);
    const before = await linkingSnapshot(t, fixture.entityId);
    simulator.expireAuth(link.providerLinkId);
    const expired = await fixture.gql<{ refreshMoneykitLink: unknown }>(REFRESH_MONEYKIT_LINK, {
      e: fixture.entityId,
      i: link.id,
    });
    expect(expired.data?.refreshMoneykitLink).toEqual({
      link: { id: link.id, state: 'error', errorCode: 'auth_expired', needsReconnect: true },
      job: null,
      errors: [],
    });
    const failed = await syncJob(fixture, link.id, 'failed');
    expect(failed.error).toBe('Bramble Bank needs you to sign in again: reconnect it on Linked Accounts.');

    const session = await sessionToken(fixture, link.id);
    expect(simulator.session(session)).toMatchObject({ existingLinkId: link.providerLinkId });
    const { exchangeableToken, linkId } = simulator.completeConnect({ linkSessionToken: session });
    expect(linkId).toBe(link.providerLinkId);
    const reconnected = await fixture.gql<{ createMoneykitLink: { link: Link; job: { id: string } } }>(
      CREATE_MONEYKIT_LINK,
      {
        e: fixture.entityId,
        t: exchangeableToken,
      },
    );
    expect(reconnected.data?.createMoneykitLink.link).toMatchObject({ id: link.id, state: 'connected' });
    await jobReaches(t, reconnected.data?.createMoneykitLink.job.id ?? '', 'succeeded', 20_000);
    expect((await linksOf(fixture))[0]).toMatchObject({
      state: 'connected',
      errorCode: null,
      needsReconnect: false,
    });
    expect(await linkingSnapshot(t, fixture.entityId)).toEqual(before);
    await expectBooksAtMoneykit(fixture, link.providerLinkId);
  });

  it('refuses an exchangeable token MoneyKit already exchanged, and changes nothing', async () => {
    const fixture = await createLedgerFixture(t, 'MK Used Token Co');
    const { exchangeableToken } = simulator.completeConnect({
      linkSessionToken: await sessionToken(fixture),
      institutionId: 'mk_juniper_federal',
    });
    await moneykit.request('POST', '/link-session/exchange-token', {
      body: { exchangeable_token: exchangeableToken },
    });
    const refused = await fixture.gql(CREATE_MONEYKIT_LINK, { e: fixture.entityId, t: exchangeableToken });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'This bank connection has expired or was already used. Please connect again.',
      extensions: { code: 'BAD_USER_INPUT', field: 'exchangeableToken' },
    });
    expect(await linkingSnapshot(t, fixture.entityId)).toMatchObject({ links: 0, accounts: 0, imported: 0 });
  });

  it("refuses another company's exchangeable token, which MoneyKit says is not its customer user's, and deletes the link there", async () => {
    const owner = await createLedgerFixture(t, 'MK Token Owner Co');
    const other = await createLedgerFixture(t, 'MK Token Taker Co');
    const { exchangeableToken, linkId } = simulator.completeConnect({
      linkSessionToken: await sessionToken(owner),
      institutionId: 'mk_bramble_bank',
    });

    const taken = await other.gql(CREATE_MONEYKIT_LINK, { e: other.entityId, t: exchangeableToken });
    expect(taken.errors?.[0]).toMatchObject({
      message: 'This bank connection has expired or was already used. Please connect again.',
      extensions: { code: 'BAD_USER_INPUT', field: 'exchangeableToken' },
    });
    expect(await linkingSnapshot(t, other.entityId)).toMatchObject({ links: 0, accounts: 0, imported: 0 });
    // The token was spent by its exchange (MoneyKit tells whose a link is only then), so nobody may
    // use the link: it is gone at MoneyKit, and its owner is told to connect again.
    expect(simulator.link(linkId)).toBeNull();
    const late = await owner.gql(CREATE_MONEYKIT_LINK, { e: owner.entityId, t: exchangeableToken });
    expect(late.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'exchangeableToken',
    });
    expect(await linkingSnapshot(t, owner.entityId)).toMatchObject({ links: 0, accounts: 0 });
  });

  it('deletes the link at MoneyKit when reading it after the exchange fails, and links it through a new Connect', async () => {
    const fixture = await createLedgerFixture(t, 'MK Failed Read Co');
    const { exchangeableToken, linkId } = simulator.completeConnect({
      linkSessionToken: await sessionToken(fixture),
      institutionId: 'mk_juniper_federal',
    });
    simulator.failNext('GET /links/:id/accounts', { status: 400, code: 'link_error.bad_state' });
    const failed = await fixture.gql(CREATE_MONEYKIT_LINK, { e: fixture.entityId, t: exchangeableToken });
    expect(failed.errors?.[0]).toMatchObject({
      message: 'The bank connection service refused the request. Please try again later.',
      extensions: { code: 'BAD_USER_INPUT', field: 'exchangeableToken' },
    });
    expect(simulator.link(linkId)).toBeNull();
    expect(await linkingSnapshot(t, fixture.entityId)).toMatchObject({ links: 0, accounts: 0, imported: 0 });
    expect((await linkThroughMoneykit(fixture)).accounts).toHaveLength(3);
  });

  it('deletes the link at MoneyKit too', async () => {
    const fixture = await createLedgerFixture(t, 'MK Delete Co');
    const link = await linkThroughMoneykit(fixture);
    const deleted = await fixture.gql<{ deleteMoneykitLink: { id: string } }>(DELETE_MONEYKIT_LINK, {
      i: link.id,
    });
    expect(deleted.data?.deleteMoneykitLink.id).toBe(link.id);
    expect(simulator.link(link.providerLinkId)).toBeNull();
    const gone = await moneykit
      .request('GET', `/links/${link.providerLinkId}`)
      .catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(AggregatorError);
    expect(gone).toMatchObject({ errorType: 'link_error.deleted' });
    expect(await linksOf(fixture)).toEqual([]);
  });
});
