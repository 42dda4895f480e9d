import { PlaidErrorType } from 'plaid';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type PlaidSimulator, startPlaidSimulator } from '../../../test/plaidSimulator/index';
import { AggregatorError, type AggregatorProvider, type LinkCredential } from './index';
import { createPlaidAggregator, createPlaidClient } from './plaid';

/** The Plaid adapter against the Plaid simulator: what Keel asks of Plaid, and what it makes of the answers. */

let simulator: PlaidSimulator;
let plaid: AggregatorProvider;
const NOW = new Date('2026-11-22T12:00:00.000Z');

beforeAll(async () => {
  simulator = await startPlaidSimulator({ now: () => NOW });
  plaid = createPlaidAggregator(
    createPlaidClient({
      clientId: simulator.clientId,
      secret: simulator.secret,
      environment: 'sandbox',
      baseUrl: simulator.baseUrl,
    }),
  );
});
afterAll(() => simulator.close());

let requestsBefore = 0;
beforeEach(() => {
  requestsBefore = simulator.requests.length;
});
const requestsSince = () => simulator.requests.slice(requestsBefore);

/** A new item through the adapter: a link token, Link, the exchange. */
async function linkItem(clientUserId = 'company-1') {
  const { linkToken } = await plaid.createLinkToken({
    clientUserId,
    redirectUrl: null,
    update: null,
    at: NOW,
  });
  const { publicToken, itemId } = simulator.completeLink({ linkToken, institutionId: 'ins_109508' });
  const exchanged = await plaid.exchangeToken(publicToken, NOW);
  const link = { ...exchanged, ...(await plaid.describeLink(exchanged, NOW)) };
  return { link, itemId, credential: { providerLinkId: link.providerLinkId, accessToken: link.accessToken } };
}

async function failureOf(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('The call succeeded');
}

describe('Plaid adapter', () => {
  it("opens Link for the company with the transactions product, and update mode with the item's access token", async () => {
    const { linkToken, expiresAt } = await plaid.createLinkToken({
      clientUserId: 'company-7',
      redirectUrl: 'http://localhost:3000/plaid-oauth',
      update: null,
      at: NOW,
    });
    expect(expiresAt.getTime()).toBe(NOW.getTime() + 4 * 3600_000);
    expect(simulator.linkToken(linkToken)).toMatchObject({
      clientUserId: 'company-7',
      products: ['transactions'],
      redirectUri: 'http://localhost:3000/plaid-oauth',
      itemId: null,
    });
    expect(requestsSince()[0]?.body).toMatchObject({
      client_name: 'Keel',
      language: 'en',
      country_codes: ['US'],
    });
    const { itemId, credential } = await linkItem();
    const update = await plaid.createLinkToken({
      clientUserId: 'company-1',
      redirectUrl: null,
      update: credential,
      at: NOW,
    });
    expect(simulator.linkToken(update.linkToken)).toMatchObject({ itemId, products: [] });
  });

  it("exchanges Link's public token for the item, its institution and its accounts, balances counting pending", async () => {
    const { link, itemId } = await linkItem();
    expect(link).toMatchObject({
      providerLinkId: itemId,
      accessToken: expect.stringMatching(/^access-sandbox-/),
      institution: { id: 'ins_109508', name: 'First Platypus Bank' },
      clientUserId: null,
    });
    const item = simulator.item(itemId);
    const byMask = new Map(link.accounts.map((account) => [account.mask, account]));
    for (const account of item?.accounts ?? []) {
      const pending = [...(item?.transactions.values() ?? [])]
        .filter((t) => t.pending && t.accountId === account.accountId)
        .reduce((sum, t) => sum + t.amountCents, 0);
      const shown = byMask.get(account.mask);
      // Plaid's sign: pending money out lowers what is in a depository account and raises what a card owes.
      const posted = account.type === 'credit' ? -account.postedCents : account.postedCents;
      expect(shown?.balances.current, account.name).toBe(
        account.type === 'credit' ? posted + pending : posted - pending,
      );
      expect(Number.isInteger(shown?.balances.available)).toBe(true);
    }
    expect(byMask.get('3333')).toMatchObject({
      type: 'credit',
      subtype: 'credit card',
      balances: { limit: 2_000_000 },
    });
    expect(byMask.get('0000')).toMatchObject({
      type: 'depository',
      officialName: 'Plaid Gold Standard 0% Interest Checking',
    });
  });

  it('reads the feed page by page, amounts into the account positive and exact to the cent', async () => {
    const { credential, itemId } = await linkItem();
    const first = await plaid.syncTransactions(credential, null, { at: NOW, count: 10_000 });
    expect(requestsSince().find((r) => r.path === '/transactions/sync')?.body).toMatchObject({ count: 500 });
    expect(first.hasMore).toBe(false);
    const coffee = first.added.find((t) => t.name === 'Blue Bottle Coffee');
    expect(coffee?.amount).toBe(-435);
    expect(first.added.find((t) => t.name === 'Staples')?.amount).toBe(-115);
    expect(first.added.find((t) => t.name === 'Gusto Payroll')?.amount).toBe(250_000);
    expect(first.added.find((t) => t.name === 'Payment - Thank You')?.amount).toBe(60_000);
    expect(first.added.every((t) => Number.isInteger(t.amount))).toBe(true);

    const paged = await plaid.syncTransactions(credential, null, { at: NOW, count: 25 });
    expect(paged).toMatchObject({ hasMore: true });
    expect(paged.added).toHaveLength(25);

    const pending = first.added.filter((t) => t.pending);
    const pairs = simulator.postPending(itemId);
    const next = await plaid.syncTransactions(credential, first.nextCursor, { at: NOW });
    expect(next.added.map((t) => t.pendingTransactionId).sort()).toEqual(
      pending.map((t) => t.transactionId).sort(),
    );
    expect(next.removed).toEqual(
      pairs.map(({ pendingId }) => ({
        transactionId: pendingId,
        accountId: pending.find((t) => t.transactionId === pendingId)?.accountId,
      })),
    );
  });

  it("maps Plaid's refusals: login required, invalid tokens; passing troubles stay plain errors", async () => {
    const { credential } = await linkItem();
    const used = simulator.completeLink({
      linkToken: (
        await plaid.createLinkToken({ clientUserId: 'c', redirectUrl: null, update: null, at: NOW })
      ).linkToken,
      institutionId: 'ins_109509',
    });
    await plaid.exchangeToken(used.publicToken, NOW);
    const reused = await failureOf(plaid.exchangeToken(used.publicToken, NOW));
    expect(reused).toBeInstanceOf(AggregatorError);
    expect(reused).toMatchObject({
      errorCode: 'INVALID_PUBLIC_TOKEN',
      invalidToken: true,
      loginRequired: false,
    });

    simulator.failNext('/transactions/sync', {
      status: 500,
      type: PlaidErrorType.ApiError,
      code: 'INTERNAL_SERVER_ERROR',
    });
    const passing = await failureOf(plaid.syncTransactions(credential, null, { at: NOW }));
    expect(passing).not.toBeInstanceOf(AggregatorError);
    expect(String(passing)).toMatch(/API_ERROR INTERNAL_SERVER_ERROR/);

    const item = simulator.item(credential.providerLinkId);
    if (item)
      item.error = {
        error_type: PlaidErrorType.ItemError,
        error_code: 'ITEM_LOGIN_REQUIRED',
        error_message: 'x',
        display_message: null,
      };
    for (const call of [
      plaid.getAccounts(credential, NOW),
      plaid.syncTransactions(credential, null, { at: NOW }),
      plaid.refresh(credential, NOW),
    ]) {
      const error = await failureOf(call);
      expect(error).toBeInstanceOf(AggregatorError);
      expect(error).toMatchObject({
        errorType: 'ITEM_ERROR',
        errorCode: 'ITEM_LOGIN_REQUIRED',
        loginRequired: true,
      });
    }
    const wrong: LinkCredential = {
      providerLinkId: credential.providerLinkId,
      accessToken: 'access-sandbox-00000000-0000-0000-0000-000000000000',
    };
    expect(await failureOf(plaid.getAccounts(wrong, NOW))).toMatchObject({
      errorCode: 'ITEM_NOT_FOUND',
      loginRequired: false,
    });
  });

  it('tells nothing of a public token before its exchange, and no client user for an item after it', async () => {
    const { linkToken } = await plaid.createLinkToken({
      clientUserId: 'company-3',
      redirectUrl: null,
      update: null,
      at: NOW,
    });
    const { publicToken, itemId } = simulator.completeLink({ linkToken, institutionId: 'ins_109509' });
    const before = simulator.requests.length;
    expect(await plaid.previewToken(publicToken, NOW)).toEqual({ clientUserId: null, providerLinkId: null });
    expect(simulator.requests.length).toBe(before);
    const exchanged = await plaid.exchangeToken(publicToken, NOW);
    expect(exchanged).toEqual({
      providerLinkId: itemId,
      accessToken: expect.stringMatching(/^access-sandbox-/),
      clientUserId: null,
    });
    // The exchange alone: the item is read afterwards.
    expect(requestsSince().map((request) => request.path)).toEqual([
      '/link/token/create',
      '/item/public_token/exchange',
    ]);
    expect(await plaid.isLinkOf(exchanged, 'company-3')).toBeNull();
  });

  it('removes the item at Plaid, and removing it again (or one without a token) is fine', async () => {
    const { credential, itemId } = await linkItem();
    await plaid.removeLink(credential);
    expect(simulator.item(itemId)).toBeNull();
    await plaid.removeLink(credential);
    await plaid.removeLink({ providerLinkId: itemId, accessToken: null });
    expect(requestsSince().filter((r) => r.path === '/item/remove')).toHaveLength(2);
  });

  it('stops before asking Plaid when the sync is aborted', async () => {
    const { credential } = await linkItem();
    const controller = new AbortController();
    controller.abort(new Error('job canceled'));
    const before = simulator.requests.length;
    await expect(
      plaid.syncTransactions(credential, null, { at: NOW, signal: controller.signal }),
    ).rejects.toThrow('job canceled');
    expect(simulator.requests.length).toBe(before);
  });
});
