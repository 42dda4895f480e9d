import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AggregatorError } from '../src/providers/aggregators';
import { createMoneykitClient, type MoneykitClient } from '../src/providers/aggregators/moneykitClient';
import { type MoneykitSimulator, startMoneykitSimulator } from './moneykitSimulator/index';

/**
 * The MoneyKit simulator driven only through Keel's MoneyKit REST client (MoneyKit publishes no official
 * Node SDK), as the adapter drives MoneyKit.
 */

let simulator: MoneykitSimulator;
let moneykit: MoneykitClient;
let now: Date;

beforeEach(async () => {
  now = new Date('2026-11-22T12:00:00.000Z');
  simulator = await startMoneykitSimulator({ now: () => now });
  moneykit = createMoneykitClient({
    clientId: simulator.clientId,
    clientSecret: simulator.clientSecret,
    baseUrl: simulator.baseUrl,
  });
});

afterEach(async () => {
  await simulator.close();
});

async function refusalOf(call: Promise<unknown>): Promise<AggregatorError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof AggregatorError) return error;
    throw error;
  }
  throw new Error('The call succeeded');
}

type SyncAnswer = {
  transactions: {
    created: {
      transaction_id: string;
      account_id: string;
      amount: string;
      type: string;
      pending: boolean;
      date: string;
    }[];
    updated: { transaction_id: string; description: string }[];
    removed: string[];
  };
  cursor: { next: string };
  has_more: boolean;
};

async function newLink(institutionId = 'mk_bramble_bank') {
  const { link_session_token: session } = await moneykit.request<{ link_session_token: string }>(
    'POST',
    '/link-session',
    {
      body: { customer_user: { id: 'company-1' }, redirect_uri: 'http://localhost:3000/moneykit-oauth' },
    },
  );
  const { exchangeableToken, linkId } = simulator.completeConnect({
    linkSessionToken: session,
    institutionId,
  });
  const exchanged = await moneykit.request<{
    link_id: string;
    link: { state: string; institution_name: string };
  }>('POST', '/link-session/exchange-token', { body: { exchangeable_token: exchangeableToken } });
  expect(exchanged.link_id).toBe(linkId);
  return { linkId, exchangeableToken, exchanged };
}

async function syncAll(linkId: string, cursor: string | null = null, size = 100) {
  const pages: SyncAnswer[] = [];
  let next = cursor;
  for (;;) {
    const page = await moneykit.request<SyncAnswer>('GET', `/links/${linkId}/transactions/sync`, {
      query: { cursor: next, size },
    });
    pages.push(page);
    next = page.cursor.next;
    if (!page.has_more) break;
  }
  return {
    created: pages.flatMap((page) => page.transactions.created),
    updated: pages.flatMap((page) => page.transactions.updated),
    removed: pages.flatMap((page) => page.transactions.removed),
    cursor: next,
    pages: pages.length,
  };
}

describe('MoneyKit simulator: access tokens', () => {
  it('issues a bearer token for the client credentials, kept until it expires, then renewed on the refusal', async () => {
    await newLink();
    expect(simulator.tokensIssued()).toBe(1);
    const tokenRequest = simulator.requests.find((request) => request.path === '/auth/token');
    expect(tokenRequest?.body).toMatchObject({
      grant_type: 'client_credentials',
      client_id: simulator.clientId,
    });
    expect(simulator.requests.filter((r) => r.path !== '/auth/token').every((r) => r.bearer !== null)).toBe(
      true,
    );
    // An hour later (the simulator's clock) the token is refused as expired; the client gets another.
    now = new Date(now.getTime() + 61 * 60_000);
    const before = simulator.requests.length;
    await moneykit.request('POST', '/link-session', {
      body: { customer_user: { id: 'company-1' }, redirect_uri: 'http://localhost:3000/moneykit-oauth' },
    });
    expect(simulator.tokensIssued()).toBe(2);
    expect(simulator.requests.slice(before).map((r) => r.path)).toEqual([
      '/link-session',
      '/auth/token',
      '/link-session',
    ]);
  });

  it('refuses wrong client credentials, and shares one token fetch between concurrent requests', async () => {
    const wrong = createMoneykitClient({
      clientId: simulator.clientId,
      clientSecret: 'nope',
      baseUrl: simulator.baseUrl,
    });
    expect(await refusalOf(wrong.request('GET', '/links/mk_x'))).toMatchObject({
      errorCode: 'api_error.auth.unauthorized',
    });
    await Promise.all(
      Array.from({ length: 5 }, () => refusalOf(moneykit.request('GET', '/links/mk_nothing'))),
    );
    expect(simulator.tokensIssued()).toBe(1);
  });
});

describe('MoneyKit simulator: links', () => {
  it('links through a session, Connect and the exchange (once), and lists the accounts with their balances', async () => {
    const { linkId, exchangeableToken, exchanged } = await newLink();
    expect(exchanged.link).toMatchObject({ state: 'connected', institution_name: 'Bramble Bank' });
    expect(simulator.link(linkId)?.customerUserId).toBe('company-1');
    expect(
      await refusalOf(
        moneykit.request('POST', '/link-session/exchange-token', {
          body: { exchangeable_token: exchangeableToken },
        }),
      ),
    ).toMatchObject({ errorType: 'link_session_error.invalid_token_exchange', invalidToken: true });
    const { accounts } = await moneykit.request<{
      accounts: {
        account_type: string;
        account_mask: string;
        balances: { current: number; available: number | null; limit: number | null };
      }[];
    }>('GET', `/links/${linkId}/accounts`);
    expect(accounts.map((a) => [a.account_type, a.account_mask])).toEqual([
      ['depository.checking', '6789'],
      ['depository.savings', '6790'],
      ['credit_card', '4421'],
    ]);
    const card = accounts[2];
    expect(card?.balances.limit).toBe(15_000);
    expect(card?.balances.current).toBeGreaterThan(0);
  });

  it("refuses a body with fields the reference does not name, or without the required ones, with FastAPI's 422", async () => {
    const refused = await refusalOf(
      moneykit.request('POST', '/link-session', {
        body: {
          customer_user: { id: 'c' },
          redirect_uri: 'http://localhost:3000/moneykit-oauth',
          link_id: 'mk_1',
        },
      }),
    );
    expect(refused).toMatchObject({
      errorType: 'validation_error',
      message: expect.stringContaining('body.link_id'),
    });
    const missing = await refusalOf(
      moneykit.request('POST', '/link-session', { body: { customer_user: { id: 'c' } } }),
    );
    expect(missing.message).toMatch(/body\.redirect_uri: field required/);
  });

  it('answers auth_expired as link_error.bad_state until Connect reconnects the link, then deletes it', async () => {
    const { linkId } = await newLink();
    simulator.expireAuth(linkId);
    const expired = await refusalOf(moneykit.request('GET', `/links/${linkId}/accounts`));
    expect(expired).toMatchObject({
      errorType: 'link_error.bad_state',
      errorCode: 'auth_expired',
      loginRequired: true,
    });
    expect(await moneykit.request('GET', `/links/${linkId}`)).toMatchObject({
      state: 'error',
      error_code: 'auth_expired',
    });
    const { link_session_token: session } = await moneykit.request<{ link_session_token: string }>(
      'POST',
      '/link-session',
      {
        body: {
          customer_user: { id: 'company-1' },
          redirect_uri: 'http://localhost:3000/moneykit-oauth',
          existing_link_id: linkId,
        },
      },
    );
    const repaired = simulator.completeConnect({ linkSessionToken: session });
    expect(repaired.linkId).toBe(linkId);
    await moneykit.request('POST', '/link-session/exchange-token', {
      body: { exchangeable_token: repaired.exchangeableToken },
    });
    expect(await moneykit.request('GET', `/links/${linkId}`)).toMatchObject({ state: 'connected' });
    await moneykit.request('POST', `/links/${linkId}/products`, { body: { products: ['transactions'] } });
    expect(simulator.link(linkId)?.refreshes).toEqual([['transactions']]);
    expect(await moneykit.request('DELETE', `/links/${linkId}`)).toBeUndefined();
    expect(await refusalOf(moneykit.request('GET', `/links/${linkId}/accounts`))).toMatchObject({
      errorType: 'link_error.deleted',
    });
    expect(await refusalOf(moneykit.request('GET', '/links/mk_never'))).toMatchObject({
      errorType: 'link_error.not_found',
    });
  });
});

describe('MoneyKit simulator: transactions', () => {
  it('pages a first sync through the history, the same as the list, then replays changes', async () => {
    const { linkId } = await newLink();
    const first = await syncAll(linkId, null, 30);
    expect(first.pages).toBeGreaterThan(2);
    expect(
      first.created.every(
        (t) => /^\d+\.\d{2}$/.test(t.amount) && (t.type === 'credit' || t.type === 'debit'),
      ),
    ).toBe(true);
    expect(first.created.some((t) => t.pending)).toBe(true);
    expect(first.created.filter((t) => t.pending).every((t) => t.date >= '2026-11-21')).toBe(true);
    const listed = await moneykit.request<{ total: number; transactions: { date: string }[] }>(
      'GET',
      `/links/${linkId}/transactions`,
      {
        query: { start_date: '2026-01-01', end_date: '2026-11-22', page: 1, size: 500 },
      },
    );
    expect(listed.total).toBe(first.created.length);
    expect(listed.transactions[0]?.date).toBe('2026-11-22');
    expect(await syncAll(linkId, first.cursor)).toMatchObject({ created: [], updated: [], removed: [] });

    const pairs = simulator.postPending(linkId);
    const corrected = first.created.find((t) => !t.pending);
    simulator.describeTransaction(linkId, corrected?.transaction_id ?? '', 'Corrected name');
    const changes = await syncAll(linkId, first.cursor);
    expect(changes.created.map((t) => t.transaction_id)).toEqual(pairs.map((pair) => pair.postedId));
    expect(changes.created.every((t) => !t.pending)).toBe(true);
    expect(changes.removed).toEqual(pairs.map((pair) => pair.pendingId));
    expect(changes.updated).toMatchObject([
      { transaction_id: corrected?.transaction_id, description: 'Corrected name' },
    ]);
  });
});
