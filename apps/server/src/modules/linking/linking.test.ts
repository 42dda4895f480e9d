import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture, ledgerSnapshot } from '../../../test/ledgerTestKit';
import {
  bankLinkRow,
  CREATE_MONEYKIT_LINK,
  CREATE_PLAID_ITEM,
  completeSandboxLink,
  DELETE_MONEYKIT_LINK,
  DELETE_PLAID_ITEM,
  LINK_SESSION_TOKEN,
  linkedAccountRows,
  linkingSnapshot,
  linkMoneykit,
  linkPlaid,
  MONEYKIT_LINKS,
  PLAID_ITEMS,
  PLAID_LINK_TOKEN,
  REFRESH_MONEYKIT_LINK,
  sandboxOf,
  syncLink,
} from '../../../test/linkingTestKit';
import { sandboxAggregatorLinks } from '../../db/schema';

/**
 * Bank links through the API: linking through provider A (Plaid's flow: link token, Link,
 * public token) and B (MoneyKit's: session, Connect, exchangeable token), what the Linked Accounts
 * page reads, login-required and Reconnect, deletion, and who may do what.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { JOB_WORKER: 'false' } });
});
afterAll(() => t.close());

type Item = {
  itemId: string;
  needsReconnect: boolean;
  institution: { institutionId: string; name: string };
  error: {
    error_type: string;
    error_code: string;
    error_message: string;
    display_message: string | null;
  } | null;
  accounts: {
    name: string;
    mask: string;
    officialName: string;
    subtype: string;
    balances: { current: number };
  }[];
};

const plaidItems = async (fixture: Awaited<ReturnType<typeof createLedgerFixture>>) =>
  (await fixture.gql<{ plaidItems: Item[] }>(PLAID_ITEMS, { e: fixture.entityId })).data?.plaidItems ?? [];

/** The sandbox aggregator's own row of a link (what the simulated vendor holds), or null. */
async function sandboxLinkRow(providerLinkId: string) {
  const [row] = await t.db
    .select()
    .from(sandboxAggregatorLinks)
    .where(eq(sandboxAggregatorLinks.id, providerLinkId));
  return row ?? null;
}

async function resetLogin(linkId: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/dev/aggregators/reset-login',
    payload: { link_id: linkId },
  });
  expect(response.statusCode).toBe(200);
}

describe('linking through provider A', () => {
  it('links First Platypus Bank and shows its checking, savings and card with their balances', async () => {
    const acme = await createLedgerFixture(t, 'Platypus Co');
    const made = await linkPlaid(t, acme);
    const [item] = await plaidItems(acme);
    expect(item).toMatchObject({
      itemId: made.itemId,
      needsReconnect: false,
      error: null,
      institution: { institutionId: 'ins_109508', name: 'First Platypus Bank' },
    });
    expect(item?.accounts.map((a) => [a.name, a.mask, a.subtype])).toEqual([
      ['Plaid Checking', '0000', 'checking'],
      ['Plaid Credit Card', '3333', 'credit card'],
      ['Plaid Saving', '1111', 'savings'],
    ]);
    expect(item?.accounts.every((a) => Number.isInteger(a.balances.current))).toBe(true);
    expect(item?.accounts.find((a) => a.subtype === 'savings')?.balances.current).toBeGreaterThan(200_000_00);
  });

  it("refuses credentials other than the sandbox's with Plaid's INVALID_CREDENTIALS", async () => {
    const acme = await createLedgerFixture(t, 'Wrong Password');
    const token = await acme.gql<{ createPlaidLinkToken: { linkToken: string } }>(PLAID_LINK_TOKEN, {
      e: acme.entityId,
      r: `${t.config.APP_URL.replace(/\/$/, '')}/plaid-oauth`,
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/aggregators/plaid/link',
      payload: {
        link_token: token.data?.createPlaidLinkToken.linkToken,
        institution_id: 'ins_109508',
        username: 'user_good',
        password: 'wrong',
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error_type: 'ITEM_ERROR',
      error_code: 'INVALID_CREDENTIALS',
      detail: 'The provided credentials were not correct. Please try again.',
    });
    const good = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/aggregators/plaid/link',
      payload: {
        link_token: token.data?.createPlaidLinkToken.linkToken,
        institution_id: 'ins_109508',
        username: 'user_good',
        password: 'pass_good',
      },
    });
    expect(good.json().public_token).toMatch(/^public-sandbox-/);
  });

  it('shows ITEM_LOGIN_REQUIRED after the login expires, and clears it when reconnected in update mode', async () => {
    const acme = await createLedgerFixture(t, 'Login Required');
    const item = await linkPlaid(t, acme);
    await syncLink(t, item.itemId);
    await resetLogin(item.itemId);
    await expect(syncLink(t, item.itemId)).rejects.toThrow(
      'First Platypus Bank needs you to sign in again: reconnect it on Linked Accounts.',
    );
    const [broken] = await plaidItems(acme);
    expect(broken?.needsReconnect).toBe(true);
    expect(broken?.error).toEqual({
      error_type: 'ITEM_ERROR',
      error_code: 'ITEM_LOGIN_REQUIRED',
      error_message: expect.stringContaining('a user login is required'),
      display_message: null,
    });

    const update = await acme.gql<{ createPlaidLinkToken: { linkToken: string } }>(PLAID_LINK_TOKEN, {
      e: acme.entityId,
      i: item.itemId,
    });
    const publicToken = await completeSandboxLink(
      t,
      'plaid',
      update.data!.createPlaidLinkToken.linkToken,
      null,
    );
    const reconnected = await acme.gql<{ createPlaidItem: { item: { itemId: string } } }>(CREATE_PLAID_ITEM, {
      e: acme.entityId,
      t: publicToken,
    });
    expect(reconnected.data?.createPlaidItem.item.itemId).toBe(item.itemId);
    const [fixed] = await plaidItems(acme);
    expect(fixed).toMatchObject({ needsReconnect: false, error: null });
    const before = await linkingSnapshot(t, acme.entityId);
    expect(await syncLink(t, item.itemId)).toMatchObject({ added: 0, removed: 0 });
    expect(await linkingSnapshot(t, acme.entityId)).toEqual(before);
  });

  it('keeps a link whose first sync failed, so it can be retried or deleted', async () => {
    const acme = await createLedgerFixture(t, 'First Sync Fails');
    const item = await linkPlaid(t, acme);
    await resetLogin(item.itemId);
    await expect(syncLink(t, item.itemId)).rejects.toThrow('needs you to sign in again');
    expect((await bankLinkRow(t, item.itemId)).syncCursor).toBeNull();
    const deleted = await acme.gql<{ deletePlaidItem: { id: string } }>(DELETE_PLAID_ITEM, {
      i: item.itemId,
    });
    expect(deleted.data?.deletePlaidItem.id).toBe(item.itemId);
    expect(await plaidItems(acme)).toEqual([]);
  });

  it('refuses a second link to an institution the company has linked already, and removes it at the provider', async () => {
    const acme = await createLedgerFixture(t, 'Twice Linked');
    await linkPlaid(t, acme);
    const token = await acme.gql<{ createPlaidLinkToken: { linkToken: string } }>(PLAID_LINK_TOKEN, {
      e: acme.entityId,
    });
    const second = await sandboxOf(t, 'plaid').completeLink({
      linkToken: token.data!.createPlaidLinkToken.linkToken,
      institutionId: 'ins_109508',
      username: 'user_good',
      password: 'pass_good',
      at: t.clock.now(),
    });
    const refused = await acme.gql(CREATE_PLAID_ITEM, { e: acme.entityId, t: second.token });
    expect(refused.errors?.[0]?.message).toContain('This institution is already linked');
    expect(await sandboxLinkRow(second.providerLinkId)).toBeNull();
    expect(await plaidItems(acme)).toHaveLength(1);
    await linkPlaid(t, acme, 'ins_109509');
    // Made at the same instant (the test's clock stands still): by institution.
    expect((await plaidItems(acme)).map((item) => item.institution.name)).toEqual([
      'First Gingham Credit Union',
      'First Platypus Bank',
    ]);
  });

  it('deletes an item but keeps its accounts and what they imported in the books', async () => {
    const acme = await createLedgerFixture(t, 'Unlinked');
    const item = await linkPlaid(t, acme);
    await syncLink(t, item.itemId);
    const books = await ledgerSnapshot(t.db, acme.entityId);
    const deleted = await acme.gql(DELETE_PLAID_ITEM, { i: item.itemId });
    expect(deleted.errors).toBeUndefined();
    expect(await plaidItems(acme)).toEqual([]);
    expect(await ledgerSnapshot(t.db, acme.entityId)).toEqual(books);
    expect((await linkedAccountRows(t, acme.entityId)).map((row) => row.linkId)).toEqual([null, null, null]);
    const again = await acme.gql<unknown>(DELETE_PLAID_ITEM, { i: item.itemId });
    expect(again.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('linking through provider B', () => {
  it('links Bramble Bank and shows its checking and card', async () => {
    const acme = await createLedgerFixture(t, 'Bramble Co');
    const link = await linkMoneykit(t, acme);
    const result = await acme.gql<{ moneykitLinks: Record<string, unknown>[] }>(MONEYKIT_LINKS, {
      e: acme.entityId,
    });
    expect(result.data?.moneykitLinks).toEqual([
      expect.objectContaining({
        id: link.id,
        institutionName: 'Bramble Bank',
        state: 'connected',
        errorCode: null,
        needsReconnect: false,
      }),
    ]);
    const accounts = result.data?.moneykitLinks[0]?.accounts as { name: string; accountType: string }[];
    expect(accounts.map((a) => [a.name, a.accountType])).toEqual([
      ['Bramble Business Checking', 'depository'],
      ['Bramble Rewards Card', 'credit'],
    ]);
  });

  it('refreshes a link and queues its sync; an expired login answers state error, auth_expired, until reconnected', async () => {
    const acme = await createLedgerFixture(t, 'Bramble Refresh');
    const link = await linkMoneykit(t, acme);
    const refreshed = await acme.gql<{
      refreshMoneykitLink: { link: { state: string }; job: { id: string } | null };
    }>(REFRESH_MONEYKIT_LINK, { e: acme.entityId, i: link.id });
    expect(refreshed.data?.refreshMoneykitLink.link.state).toBe('connected');
    expect(refreshed.data?.refreshMoneykitLink.job?.id).toBe(link.jobId);

    await resetLogin(link.id);
    const expired = await acme.gql<{ refreshMoneykitLink: unknown }>(REFRESH_MONEYKIT_LINK, {
      e: acme.entityId,
      i: link.id,
    });
    expect(expired.data?.refreshMoneykitLink).toEqual({
      link: { id: link.id, state: 'error', errorCode: 'auth_expired', needsReconnect: true },
      job: null,
      errors: [],
    });

    const session = await acme.gql<{ createLinkSessionToken: { linkSessionToken: string } }>(
      LINK_SESSION_TOKEN,
      {
        e: acme.entityId,
        i: link.id,
        r: `${new URL(t.config.APP_URL).origin}/moneykit-oauth`,
      },
    );
    const token = await completeSandboxLink(
      t,
      'moneykit',
      session.data!.createLinkSessionToken.linkSessionToken,
      null,
    );
    const reconnected = await acme.gql<{ createMoneykitLink: { link: { id: string; state: string } } }>(
      CREATE_MONEYKIT_LINK,
      { e: acme.entityId, t: token },
    );
    expect(reconnected.data?.createMoneykitLink.link).toMatchObject({ id: link.id, state: 'connected' });
    await syncLink(t, link.id);
    expect((await bankLinkRow(t, link.id)).state).toBe('connected');
  });
});

describe('who may link', () => {
  it('lets owners and admins link and delete; a bookkeeper reads, others get FORBIDDEN', async () => {
    const acme = await createLedgerFixture(t, 'Roles');
    const item = await linkPlaid(t, acme);
    const admin = await acme.member('admin');
    expect((await acme.gql(PLAID_LINK_TOKEN, { e: acme.entityId }, admin)).errors).toBeUndefined();
    for (const role of ['bookkeeper', 'card_only', 'custom'] as const) {
      const token = await acme.member(role);
      for (const [query, variables] of [
        [PLAID_LINK_TOKEN, { e: acme.entityId }],
        [CREATE_PLAID_ITEM, { e: acme.entityId, t: 'public-sandbox-x' }],
        [LINK_SESSION_TOKEN, { e: acme.entityId }],
        [DELETE_PLAID_ITEM, { i: item.itemId }],
      ] as const) {
        const result = await acme.gql(query, variables, token);
        expect(result.errors?.[0]?.extensions?.code, `${role}: ${query.slice(0, 40)}`).toBe('FORBIDDEN');
      }
      const read = await acme.gql<{ plaidItems: unknown[] }>(PLAID_ITEMS, { e: acme.entityId }, token);
      if (role === 'card_only') expect(read.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      else expect(read.data?.plaidItems).toHaveLength(1);
    }
    expect(await plaidItems(acme)).toHaveLength(1);
  });

  it("answers another company's link ids as not found, and changes nothing", async () => {
    const acme = await createLedgerFixture(t, 'Victim');
    const item = await linkPlaid(t, acme);
    const link = await linkMoneykit(t, acme);
    const other = await createLedgerFixture(t, 'Intruder');
    const before = await linkingSnapshot(t, acme.entityId);
    const attempts = [
      [DELETE_PLAID_ITEM, { i: item.itemId }],
      [DELETE_MONEYKIT_LINK, { i: link.id }],
      [DELETE_PLAID_ITEM, { i: link.id }],
      [PLAID_LINK_TOKEN, { e: other.entityId, i: item.itemId }],
      [LINK_SESSION_TOKEN, { e: other.entityId, i: link.id }],
      [REFRESH_MONEYKIT_LINK, { e: other.entityId, i: link.id }],
      [DELETE_PLAID_ITEM, { i: 'not-an-id' }],
    ] as const;
    for (const [query, variables] of attempts) {
      const result = await other.gql(query, variables);
      expect(result.errors?.[0], query.slice(0, 50)).toMatchObject({
        message: 'Bank link not found',
        extensions: { code: 'NOT_FOUND' },
      });
    }
    const foreignEntity = await other.gql(PLAID_ITEMS, { e: acme.entityId });
    expect(foreignEntity.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await linkingSnapshot(t, acme.entityId)).toEqual(before);
  });

  it('refuses bad inputs with BAD_USER_INPUT naming the field, and stores nothing', async () => {
    const acme = await createLedgerFixture(t, 'Bad Inputs');
    const before = await linkingSnapshot(t, acme.entityId);
    const origin = new URL(t.config.APP_URL).origin;
    const cases = [
      [PLAID_LINK_TOKEN, { e: acme.entityId, r: 'https://evil.example/plaid-oauth' }, 'redirectUrl'],
      [PLAID_LINK_TOKEN, { e: acme.entityId, r: `${origin}/moneykit-oauth` }, 'redirectUrl'],
      [PLAID_LINK_TOKEN, { e: acme.entityId, r: 'not a url' }, 'redirectUrl'],
      [PLAID_LINK_TOKEN, { e: acme.entityId, r: `${origin}/plaid-oauth${'x'.repeat(2_100)}` }, 'redirectUrl'],
      [LINK_SESSION_TOKEN, { e: acme.entityId, r: `${origin}/plaid-oauth` }, 'redirectUrl'],
      [CREATE_PLAID_ITEM, { e: acme.entityId, t: 'public sandbox token' }, 'publicToken'],
      [CREATE_PLAID_ITEM, { e: acme.entityId, t: '' }, 'publicToken'],
      [CREATE_PLAID_ITEM, { e: acme.entityId, t: 'public-sandbox-forged' }, 'publicToken'],
      [CREATE_PLAID_ITEM, { e: acme.entityId, t: 'p'.repeat(1_025) }, 'publicToken'],
      [CREATE_MONEYKIT_LINK, { e: acme.entityId, t: 'mk-exchange-sandbox-forged' }, 'exchangeableToken'],
    ] as const;
    for (const [query, variables, field] of cases) {
      const result = await acme.gql(query, variables);
      expect(
        result.errors?.[0]?.extensions,
        `${field}: ${JSON.stringify(variables).slice(0, 80)}`,
      ).toMatchObject({
        code: 'BAD_USER_INPUT',
        field,
      });
    }
    const ok = await acme.gql(PLAID_LINK_TOKEN, { e: acme.entityId, r: `${origin}/plaid-oauth` });
    expect(ok.errors).toBeUndefined();
    expect(await linkingSnapshot(t, acme.entityId)).toEqual(before);
  });

  it("refuses another company's public token without spending it: its owner then links with it, once", async () => {
    const acme = await createLedgerFixture(t, 'Token Owner');
    const other = await createLedgerFixture(t, 'Token Thief');
    const plaid = await acme.gql<{ createPlaidLinkToken: { linkToken: string } }>(PLAID_LINK_TOKEN, {
      e: acme.entityId,
    });
    const item = await sandboxOf(t, 'plaid').completeLink({
      linkToken: plaid.data!.createPlaidLinkToken.linkToken,
      institutionId: 'ins_109508',
      username: 'user_good',
      password: 'pass_good',
      at: t.clock.now(),
    });
    const session = await acme.gql<{ createLinkSessionToken: { linkSessionToken: string } }>(
      LINK_SESSION_TOKEN,
      { e: acme.entityId },
    );
    const exchangeable = await completeSandboxLink(
      t,
      'moneykit',
      session.data!.createLinkSessionToken.linkSessionToken,
      'mk_bramble_bank',
    );

    const stolen = await other.gql(CREATE_PLAID_ITEM, { e: other.entityId, t: item.token });
    expect(stolen.errors?.[0]).toMatchObject({
      message: 'This bank connection has expired or was already used. Please connect again.',
      extensions: { code: 'BAD_USER_INPUT', field: 'publicToken' },
    });
    const stolenLink = await other.gql(CREATE_MONEYKIT_LINK, { e: other.entityId, t: exchangeable });
    expect(stolenLink.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'exchangeableToken',
    });
    expect(await linkingSnapshot(t, other.entityId)).toMatchObject({ links: 0, accounts: 0 });
    // Not exchanged: the sandbox's item has given no credential yet.
    expect(await sandboxLinkRow(item.providerLinkId)).toMatchObject({ accessTokenHash: null });

    const owned = await acme.gql<{ createPlaidItem: { item: { institution: { name: string } } } }>(
      CREATE_PLAID_ITEM,
      { e: acme.entityId, t: item.token },
    );
    expect(owned.errors).toBeUndefined();
    expect(owned.data?.createPlaidItem.item.institution.name).toBe('First Platypus Bank');
    const ownedLink = await acme.gql(CREATE_MONEYKIT_LINK, { e: acme.entityId, t: exchangeable });
    expect(ownedLink.errors).toBeUndefined();
    expect(await linkingSnapshot(t, acme.entityId)).toMatchObject({ links: 2 });
    // Used once: a second presentation is refused, the owner's too.
    const twice = await acme.gql(CREATE_PLAID_ITEM, { e: acme.entityId, t: item.token });
    expect(twice.errors?.[0]?.message).toBe(
      'This bank connection has expired or was already used. Please connect again.',
    );
    expect(await linkingSnapshot(t, acme.entityId)).toMatchObject({ links: 2 });
  });

  it("refuses a reconnect token of another company's link, leaving that link's credential as it was", async () => {
    const acme = await createLedgerFixture(t, 'Reconnect Owner');
    const other = await createLedgerFixture(t, 'Reconnect Thief');
    const item = await linkPlaid(t, acme);
    await syncLink(t, item.itemId);
    const update = await acme.gql<{ createPlaidLinkToken: { linkToken: string } }>(PLAID_LINK_TOKEN, {
      e: acme.entityId,
      i: item.itemId,
    });
    const publicToken = await completeSandboxLink(
      t,
      'plaid',
      update.data!.createPlaidLinkToken.linkToken,
      null,
    );

    const stolen = await other.gql(CREATE_PLAID_ITEM, { e: other.entityId, t: publicToken });
    expect(stolen.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'publicToken' });
    expect(await linkingSnapshot(t, other.entityId)).toMatchObject({ links: 0 });
    // The access token Keel holds for the owner's item still opens it.
    expect(await syncLink(t, item.itemId)).toMatchObject({ added: 0, removed: 0 });
    const reconnected = await acme.gql<{ createPlaidItem: { item: { itemId: string } } }>(CREATE_PLAID_ITEM, {
      e: acme.entityId,
      t: publicToken,
    });
    expect(reconnected.data?.createPlaidItem.item.itemId).toBe(item.itemId);
    expect(await syncLink(t, item.itemId)).toMatchObject({ added: 0, removed: 0 });
  });
});
