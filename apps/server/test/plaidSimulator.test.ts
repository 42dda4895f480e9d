import {
  Configuration,
  CountryCode,
  PlaidApi,
  type PlaidError,
  PlaidErrorType,
  Products,
  type Transaction,
  type TransactionsSyncResponse,
} from 'plaid';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PlaidSimulator, startPlaidSimulator } from './plaidSimulator/index';

/** The Plaid simulator driven only through Plaid's official SDK, as the adapter drives Plaid. */

let simulator: PlaidSimulator;
let plaid: PlaidApi;
let now: Date;

const clientFor = (headers: Record<string, string>) =>
  new PlaidApi(new Configuration({ basePath: simulator.baseUrl, baseOptions: { headers } }));

beforeEach(async () => {
  now = new Date('2026-11-22T12:00:00.000Z');
  simulator = await startPlaidSimulator({ now: () => now });
  plaid = clientFor({ 'PLAID-CLIENT-ID': simulator.clientId, 'PLAID-SECRET': simulator.secret });
});

afterEach(async () => {
  await simulator.close();
});

/** Plaid's error object of a failed SDK call. */
async function plaidErrorOf(call: Promise<unknown>): Promise<PlaidError & { httpStatus: number }> {
  try {
    await call;
  } catch (error) {
    // The SDK's axios error: Plaid's answer is its response.
    const response = (error as { response?: { status: number; data: PlaidError } }).response;
    if (!response) throw error;
    return { ...response.data, httpStatus: response.status };
  }
  throw new Error('The call succeeded');
}

async function newItem(institutionId = 'ins_109508') {
  const created = await plaid.sandboxPublicTokenCreate({
    institution_id: institutionId,
    initial_products: [Products.Transactions],
  });
  const exchanged = await plaid.itemPublicTokenExchange({ public_token: created.data.public_token });
  return { accessToken: exchanged.data.access_token, itemId: exchanged.data.item_id };
}

/** The whole feed from `cursor`, page by page. */
async function syncAll(accessToken: string, cursor?: string, count = 100) {
  const pages: TransactionsSyncResponse[] = [];
  let next = cursor;
  for (;;) {
    const { data } = await plaid.transactionsSync({
      access_token: accessToken,
      count,
      ...(next ? { cursor: next } : {}),
    });
    pages.push(data);
    next = data.next_cursor;
    if (!data.has_more) break;
  }
  return {
    added: pages.flatMap((page) => page.added),
    modified: pages.flatMap((page) => page.modified),
    removed: pages.flatMap((page) => page.removed),
    cursor: next ?? '',
    pages: pages.length,
  };
}

const cents = (amount: number) => Math.round(amount * 100);

describe('Plaid simulator: keys and requests', () => {
  it('takes the keys as headers or in the body, and refuses wrong or missing ones as Plaid does', async () => {
    const wrong = clientFor({ 'PLAID-CLIENT-ID': simulator.clientId, 'PLAID-SECRET': 'nope' });
    expect(
      await plaidErrorOf(
        wrong.institutionsGetById({ institution_id: 'ins_109508', country_codes: [CountryCode.Us] }),
      ),
    ).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_API_KEYS', httpStatus: 400 });
    const none = clientFor({});
    expect(
      await plaidErrorOf(
        none.institutionsGetById({ institution_id: 'ins_109508', country_codes: [CountryCode.Us] }),
      ),
    ).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'MISSING_FIELDS' });
    const inBody = await none.institutionsGetById({
      client_id: simulator.clientId,
      secret: simulator.secret,
      institution_id: 'ins_109508',
      country_codes: [CountryCode.Us],
    });
    expect(inBody.data.institution.name).toBe('First Platypus Bank');
    expect(simulator.requests.every((request) => !('secret' in request.body))).toBe(true);
    expect(simulator.requests.at(-1)?.plaidVersion).toBe('2020-09-14');
  });

  it('refuses unknown fields, missing ones and bad values with INVALID_REQUEST', async () => {
    const unknown = await plaidErrorOf(
      plaid.transactionsSync({
        access_token: 'access-sandbox-x',
        ...({ since: '2026-01-01' } as object),
      } as never),
    );
    expect(unknown).toMatchObject({
      error_code: 'UNKNOWN_FIELDS',
      error_message: expect.stringContaining('since'),
    });
    const missing = await plaidErrorOf(plaid.itemPublicTokenExchange({} as never));
    expect(missing).toMatchObject({
      error_code: 'MISSING_FIELDS',
      error_message: expect.stringContaining('public_token'),
    });
    const { accessToken } = await newItem();
    const tooMany = await plaidErrorOf(plaid.transactionsSync({ access_token: accessToken, count: 501 }));
    expect(tooMany).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
    const badCursor = await plaidErrorOf(
      plaid.transactionsSync({ access_token: accessToken, cursor: 'not-ours' }),
    );
    expect(badCursor.error_code).toBe('INVALID_FIELD');
  });

  it('answers an injected failure once, then as usual', async () => {
    simulator.failNext('/institutions/get_by_id', {
      status: 500,
      type: PlaidErrorType.ApiError,
      code: 'INTERNAL_SERVER_ERROR',
    });
    const request = { institution_id: 'ins_109508', country_codes: [CountryCode.Us] };
    expect(await plaidErrorOf(plaid.institutionsGetById(request))).toMatchObject({
      error_type: 'API_ERROR',
      httpStatus: 500,
    });
    expect((await plaid.institutionsGetById(request)).data.institution.institution_id).toBe('ins_109508');
  });
});

describe('Plaid simulator: Link and items', () => {
  it('makes an item through a link token and Link, and exchanges its public token once', async () => {
    const { data } = await plaid.linkTokenCreate({
      client_name: 'Keel',
      language: 'en',
      country_codes: [CountryCode.Us],
      user: { client_user_id: 'company-1' },
      products: [Products.Transactions],
      redirect_uri: 'http://localhost:3000/plaid-oauth',
    });
    expect(data.link_token).toMatch(/^link-sandbox-/);
    expect(Date.parse(data.expiration)).toBe(now.getTime() + 4 * 3600_000);
    expect(() =>
      simulator.completeLink({ linkToken: data.link_token, institutionId: 'ins_109508', password: 'wrong' }),
    ).toThrow(/INVALID_CREDENTIALS/);
    const linked = simulator.completeLink({ linkToken: data.link_token, institutionId: 'ins_109508' });
    expect(simulator.item(linked.itemId)?.clientUserId).toBe('company-1');
    const exchanged = await plaid.itemPublicTokenExchange({ public_token: linked.publicToken });
    expect(exchanged.data).toMatchObject({
      item_id: linked.itemId,
      access_token: expect.stringMatching(/^access-sandbox-/),
    });
    expect(
      await plaidErrorOf(plaid.itemPublicTokenExchange({ public_token: linked.publicToken })),
    ).toMatchObject({
      error_type: 'INVALID_INPUT',
      error_code: 'INVALID_PUBLIC_TOKEN',
    });
    const { data: accounts } = await plaid.accountsGet({ access_token: exchanged.data.access_token });
    expect(
      accounts.accounts.map((account) => [account.name, account.mask, account.type, account.subtype]),
    ).toEqual([
      ['Plaid Checking', '0000', 'depository', 'checking'],
      ['Plaid Saving', '1111', 'depository', 'savings'],
      ['Plaid Credit Card', '3333', 'credit', 'credit card'],
    ]);
    expect(accounts.item).toMatchObject({
      item_id: linked.itemId,
      institution_id: 'ins_109508',
      error: null,
    });
  });

  it('expires public tokens after 30 minutes and refuses a link token for products it lacks', async () => {
    const created = await plaid.sandboxPublicTokenCreate({
      institution_id: 'ins_109509',
      initial_products: [Products.Transactions],
    });
    now = new Date(now.getTime() + 31 * 60_000);
    expect(
      (await plaidErrorOf(plaid.itemPublicTokenExchange({ public_token: created.data.public_token })))
        .error_code,
    ).toBe('INVALID_PUBLIC_TOKEN');
    const noProducts = await plaidErrorOf(
      plaid.linkTokenCreate({
        client_name: 'Keel',
        language: 'en',
        country_codes: [CountryCode.Us],
        user: { client_user_id: 'c' },
      }),
    );
    expect(noProducts.error_code).toBe('INVALID_FIELD');
    expect(
      (
        await plaidErrorOf(
          plaid.sandboxPublicTokenCreate({
            institution_id: 'ins_nope',
            initial_products: [Products.Transactions],
          }),
        )
      ).error_code,
    ).toBe('INVALID_INSTITUTION');
  });

  it('makes reads ITEM_LOGIN_REQUIRED after reset_login until Link in update mode repairs the item', async () => {
    const { accessToken, itemId } = await newItem();
    expect((await plaid.sandboxItemResetLogin({ access_token: accessToken })).data.reset_login).toBe(true);
    for (const call of [
      plaid.accountsGet({ access_token: accessToken }),
      plaid.transactionsSync({ access_token: accessToken }),
      plaid.transactionsRefresh({ access_token: accessToken }),
    ]) {
      expect(await plaidErrorOf(call)).toMatchObject({
        error_type: 'ITEM_ERROR',
        error_code: 'ITEM_LOGIN_REQUIRED',
        display_message: expect.any(String),
      });
    }
    expect((await plaid.itemGet({ access_token: accessToken })).data.item.error?.error_code).toBe(
      'ITEM_LOGIN_REQUIRED',
    );
    const update = await plaid.linkTokenCreate({
      client_name: 'Keel',
      language: 'en',
      country_codes: [CountryCode.Us],
      user: { client_user_id: 'company-1' },
      access_token: accessToken,
    });
    const repaired = simulator.completeLink({ linkToken: update.data.link_token });
    expect(repaired.itemId).toBe(itemId);
    const exchanged = await plaid.itemPublicTokenExchange({ public_token: repaired.publicToken });
    expect(exchanged.data).toMatchObject({ item_id: itemId, access_token: accessToken });
    expect((await plaid.accountsGet({ access_token: accessToken })).data.accounts).toHaveLength(3);
  });

  it('removes an item: its access token then finds nothing', async () => {
    const { accessToken, itemId } = await newItem();
    await plaid.itemRemove({ access_token: accessToken });
    expect(simulator.item(itemId)).toBeNull();
    expect((await plaidErrorOf(plaid.accountsGet({ access_token: accessToken }))).error_code).toBe(
      'ITEM_NOT_FOUND',
    );
    expect((await plaidErrorOf(plaid.itemRemove({ access_token: accessToken }))).error_code).toBe(
      'ITEM_NOT_FOUND',
    );
    expect((await plaidErrorOf(plaid.accountsGet({ access_token: 'garbage' }))).error_code).toBe(
      'INVALID_ACCESS_TOKEN',
    );
  });
});

describe('Plaid simulator: transactions and balances', () => {
  it('pages a first sync through 90 days of history, the last 2 days pending, the same as /transactions/get', async () => {
    const { accessToken } = await newItem();
    const feed = await syncAll(accessToken, undefined, 40);
    expect(feed.pages).toBeGreaterThan(2);
    expect(feed.modified).toEqual([]);
    expect(feed.removed).toEqual([]);
    const ids = new Set(feed.added.map((t) => t.transaction_id));
    expect(ids.size).toBe(feed.added.length);
    const dates = feed.added.map((t) => t.date).sort();
    expect(dates[0]! >= '2026-08-24' && dates[0]! <= '2026-08-26').toBe(true);
    expect(dates.at(-1)).toBe('2026-11-22');
    expect(feed.added.filter((t) => t.pending).every((t) => t.date >= '2026-11-21')).toBe(true);
    expect(feed.added.some((t) => t.pending)).toBe(true);
    const listed = await plaid.transactionsGet({
      access_token: accessToken,
      start_date: '2026-01-01',
      end_date: '2026-11-22',
      options: { count: 500 },
    });
    expect(listed.data.total_transactions).toBe(feed.added.length);
    expect(listed.data.transactions[0]?.date).toBe('2026-11-22');
    const again = await syncAll(accessToken, feed.cursor);
    expect(again).toMatchObject({ added: [], modified: [], removed: [], cursor: feed.cursor });
  });

  it('keeps pending transactions out of current and in available, until they post under new ids naming them', async () => {
    const { accessToken, itemId } = await newItem();
    const first = await syncAll(accessToken);
    const pending = first.added.filter((t) => t.pending);
    const card = (await plaid.accountsGet({ access_token: accessToken })).data.accounts.find(
      (a) => a.mask === '3333',
    );
    const pendingOnCard = pending
      .filter((t) => t.account_id === card?.account_id)
      .reduce((sum, t) => sum + cents(t.amount), 0);
    const posted = first.added.filter((t) => !t.pending && t.account_id === card?.account_id);
    const owedBefore = cents(card?.balances.current ?? 0);
    expect(cents(card?.balances.available ?? 0)).toBe(2_000_000 - owedBefore - pendingOnCard);
    expect(posted.length).toBeGreaterThan(10);

    const tipped = pending[0]?.transaction_id;
    const pairs = simulator.postPending(itemId, (t) =>
      t.transactionId === tipped ? t.amountCents + 300 : t.amountCents,
    );
    const changes = await syncAll(accessToken, first.cursor);
    expect(changes.added).toHaveLength(pending.length);
    expect(changes.removed.map((r) => r.transaction_id).sort()).toEqual(
      pending.map((t) => t.transaction_id).sort(),
    );
    for (const { pendingId, postedId } of pairs) {
      const made = changes.added.find((t: Transaction) => t.transaction_id === postedId);
      const before = pending.find((t) => t.transaction_id === pendingId);
      expect(made).toMatchObject({
        pending: false,
        pending_transaction_id: pendingId,
        account_id: before?.account_id,
      });
      expect(cents(made?.amount ?? 0)).toBe(cents(before?.amount ?? 0) + (pendingId === tipped ? 300 : 0));
    }
    const after = (await plaid.accountsGet({ access_token: accessToken })).data.accounts.find(
      (a) => a.mask === '3333',
    );
    const tipOnCard =
      pending.find((t) => t.transaction_id === tipped)?.account_id === card?.account_id ? 300 : 0;
    expect(cents(after?.balances.current ?? 0)).toBe(owedBefore + pendingOnCard + tipOnCard);
    expect(cents(after?.balances.available ?? 0)).toBe(2_000_000 - cents(after?.balances.current ?? 0));
  });

  it('replays removals, renames and created transactions in the order they happened', async () => {
    const { accessToken, itemId } = await newItem();
    const first = await syncAll(accessToken);
    const [a, b] = first.added.filter((t) => !t.pending);
    expect(simulator.removeTransaction(itemId, a?.transaction_id ?? '')).toBe(true);
    expect(simulator.renameTransaction(itemId, b?.transaction_id ?? '', 'Renamed at the bank')).toBe(true);
    await plaid.sandboxTransactionsCreate({
      access_token: accessToken,
      transactions: [
        {
          date_transacted: '2026-11-22',
          date_posted: '2026-11-22',
          amount: 4.35,
          description: 'Sandbox coffee',
        },
      ],
    });
    const changes = await syncAll(accessToken, first.cursor);
    expect(changes.removed).toEqual([{ transaction_id: a?.transaction_id, account_id: a?.account_id }]);
    expect(changes.modified.map((t) => [t.transaction_id, t.name])).toEqual([
      [b?.transaction_id, 'Renamed at the bank'],
    ]);
    expect(changes.added.map((t) => [t.name, t.amount, t.pending])).toEqual([
      ['Sandbox coffee', 4.35, false],
    ]);
    // A first sync answers what is there now: the removed one is not, the renamed one is as renamed.
    const fresh = await syncAll(accessToken);
    expect(fresh.added).toHaveLength(first.added.length);
    expect(fresh.added.some((t) => t.transaction_id === a?.transaction_id)).toBe(false);
    expect(fresh.added.find((t) => t.transaction_id === b?.transaction_id)?.name).toBe('Renamed at the bank');
  });
});
