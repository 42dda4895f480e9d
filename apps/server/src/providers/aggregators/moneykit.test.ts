import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MoneykitSimulator, startMoneykitSimulator } from '../../../test/moneykitSimulator/index';
import { AggregatorError, type AggregatorProvider } from './index';
import { createMoneykitAggregator } from './moneykit';

/** The MoneyKit adapter against the MoneyKit simulator: what Keel asks of MoneyKit, and what it makes of the answers. */

let simulator: MoneykitSimulator;
let moneykit: AggregatorProvider;
const NOW = new Date('2026-11-22T12:00:00.000Z');
const RETURN_PAGE = 'http://localhost:3000/moneykit-oauth';

beforeAll(async () => {
  simulator = await startMoneykitSimulator({ now: () => NOW });
  moneykit = createMoneykitAggregator({
    clientId: simulator.clientId,
    clientSecret: simulator.clientSecret,
    baseUrl: simulator.baseUrl,
    defaultRedirectUri: RETURN_PAGE,
  });
});
afterAll(() => simulator.close());

let requestsBefore = 0;
beforeEach(() => {
  requestsBefore = simulator.requests.length;
});
const requestsSince = () => simulator.requests.slice(requestsBefore);

async function linkBank(institutionId = 'mk_bramble_bank') {
  const { linkToken } = await moneykit.createLinkToken({
    clientUserId: 'company-1',
    redirectUrl: null,
    update: null,
    at: NOW,
  });
  const { exchangeableToken, linkId } = simulator.completeConnect({
    linkSessionToken: linkToken,
    institutionId,
  });
  const exchanged = await moneykit.exchangeToken(exchangeableToken, NOW);
  const link = { ...exchanged, ...(await moneykit.describeLink(exchanged, NOW)) };
  return { link, linkId, credential: { providerLinkId: link.providerLinkId, accessToken: null } };
}

async function failureOf(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('The call succeeded');
}

describe('MoneyKit adapter', () => {
  it('opens Connect for the company (its return page when none is named) and reconnects with existing_link_id', async () => {
    const { linkToken, expiresAt } = await moneykit.createLinkToken({
      clientUserId: 'company-9',
      redirectUrl: null,
      update: null,
      at: NOW,
    });
    expect(expiresAt.getTime()).toBe(NOW.getTime() + 30 * 60_000);
    expect(simulator.session(linkToken)).toMatchObject({
      customerUserId: 'company-9',
      redirectUri: RETURN_PAGE,
      existingLinkId: null,
    });
    const { linkId, credential } = await linkBank();
    const update = await moneykit.createLinkToken({
      clientUserId: 'company-1',
      redirectUrl: 'http://localhost:3000/moneykit-oauth',
      update: credential,
      at: NOW,
    });
    expect(simulator.session(update.linkToken)).toMatchObject({ existingLinkId: linkId });
  });

  it('exchanges the token for the link, its institution and its accounts, balances counting pending', async () => {
    const { link, linkId } = await linkBank();
    expect(link).toMatchObject({
      providerLinkId: linkId,
      accessToken: null,
      institution: { id: 'mk_bramble_bank', name: 'Bramble Bank' },
      clientUserId: null,
    });
    expect(link.accounts.map((a) => [a.name, a.type, a.subtype, a.mask])).toEqual([
      ['Bramble Business Checking', 'depository', 'checking', '6789'],
      ['Bramble Reserve', 'depository', 'savings', '6790'],
      ['Bramble Rewards Card', 'credit', 'credit card', '4421'],
    ]);
    const atBank = simulator.link(linkId);
    for (const account of atBank?.accounts ?? []) {
      const pendingInto = [...(atBank?.transactions.values() ?? [])]
        .filter((t) => t.pending && t.accountId === account.accountId)
        .reduce((sum, t) => sum + (t.type === 'credit' ? t.amountCents : -t.amountCents), 0);
      const shown = link.accounts.find((candidate) => candidate.accountId === account.accountId);
      // In the link's terms: what is in a depository account, what a card owes (money in lowers it).
      const expected =
        account.accountType === 'credit_card'
          ? -(account.postedCents + pendingInto)
          : account.postedCents + pendingInto;
      expect(shown?.balances.current, account.name).toBe(expected);
    }
    const loan = (await linkBank('mk_juniper_federal')).link.accounts.find(
      (account) => account.mask === '1299',
    );
    expect(loan).toMatchObject({ type: 'loan', subtype: 'general', balances: { available: null } });
  });

  it('reads the feed: debits out, credits in, exact to the cent; a removal is offered to each account of the link', async () => {
    const { credential, linkId } = await linkBank();
    const first = await moneykit.syncTransactions(credential, null, { at: NOW, count: 5000 });
    expect(requestsSince().find((r) => r.path.endsWith('/transactions/sync'))?.query).toMatchObject({
      size: '500',
    });
    expect(first.hasMore).toBe(false);
    expect(first.added.find((t) => t.name === 'Philz Coffee')?.amount).toBe(-435);
    expect(first.added.find((t) => t.name === 'Stripe fee')?.amount).toBe(-29);
    expect(first.added.find((t) => t.name === 'Acme Corp')?.amount).toBe(412_550);
    expect(first.added.find((t) => t.name === 'Payment received')?.amount).toBe(90_000);
    expect(first.added.every((t) => t.pendingTransactionId === null && Number.isInteger(t.amount))).toBe(
      true,
    );

    const pairs = simulator.postPending(linkId);
    const next = await moneykit.syncTransactions(credential, first.nextCursor, { at: NOW });
    expect(next.added.map((t) => t.transactionId)).toEqual(pairs.map((pair) => pair.postedId));
    const accounts = simulator.link(linkId)?.accounts.map((account) => account.accountId) ?? [];
    expect(next.removed).toEqual(
      pairs.flatMap(({ pendingId }) =>
        accounts.map((accountId) => ({ transactionId: pendingId, accountId })),
      ),
    );
  });

  it("maps MoneyKit's refusals: auth_expired needs a login, a used token is invalid, its own trouble stays plain", async () => {
    const { credential, linkId } = await linkBank();
    const used = await linkBank('mk_juniper_federal');
    const token = simulator.completeConnect({
      linkSessionToken: (
        await moneykit.createLinkToken({ clientUserId: 'c', redirectUrl: null, update: null, at: NOW })
      ).linkToken,
      institutionId: 'mk_juniper_federal',
    }).exchangeableToken;
    await moneykit.exchangeToken(token, NOW);
    expect(await failureOf(moneykit.exchangeToken(token, NOW))).toMatchObject({
      invalidToken: true,
      loginRequired: false,
    });
    expect(used.link.accounts).toHaveLength(2);

    simulator.failNext('GET /links/:id/transactions/sync', { status: 503, code: 'api_error.unavailable' });
    const passing = await failureOf(moneykit.syncTransactions(credential, null, { at: NOW }));
    expect(passing).not.toBeInstanceOf(AggregatorError);
    expect(String(passing)).toMatch(/503 api_error.unavailable/);

    simulator.expireAuth(linkId);
    for (const call of [
      moneykit.getAccounts(credential, NOW),
      moneykit.syncTransactions(credential, null, { at: NOW }),
      moneykit.refresh(credential, NOW),
    ]) {
      const error = await failureOf(call);
      expect(error).toBeInstanceOf(AggregatorError);
      expect(error).toMatchObject({
        errorType: 'link_error.bad_state',
        errorCode: 'auth_expired',
        loginRequired: true,
      });
    }
  });

  it("tells nothing of a token before its exchange; after it, whether the link is the customer user's", async () => {
    const { linkToken } = await moneykit.createLinkToken({
      clientUserId: 'company-5',
      redirectUrl: null,
      update: null,
      at: NOW,
    });
    const { exchangeableToken, linkId } = simulator.completeConnect({
      linkSessionToken: linkToken,
      institutionId: 'mk_bramble_bank',
    });
    const before = simulator.requests.length;
    expect(await moneykit.previewToken(exchangeableToken, NOW)).toEqual({
      clientUserId: null,
      providerLinkId: null,
    });
    expect(simulator.requests.length).toBe(before);
    const exchanged = await moneykit.exchangeToken(exchangeableToken, NOW);
    expect(exchanged).toEqual({ providerLinkId: linkId, accessToken: null, clientUserId: null });
    expect(await moneykit.isLinkOf(exchanged, 'company-5')).toBe(true);
    expect(await moneykit.isLinkOf(exchanged, 'company-6')).toBe(false);
    expect(
      requestsSince()
        .filter((r) => r.path.startsWith('/users/'))
        .map((r) => r.path),
    ).toEqual(['/users/company-5/links', '/users/company-6/links']);
    await moneykit.removeLink(exchanged);
    expect(await moneykit.isLinkOf(exchanged, 'company-5')).toBe(false);
  });

  it('refreshes accounts and transactions, and removes the link (again: fine)', async () => {
    const { credential, linkId } = await linkBank();
    await moneykit.refresh(credential, NOW);
    expect(simulator.link(linkId)?.refreshes).toEqual([['accounts', 'transactions']]);
    await moneykit.removeLink(credential);
    expect(simulator.link(linkId)).toBeNull();
    await moneykit.removeLink(credential);
    expect(requestsSince().filter((r) => r.method === 'DELETE')).toHaveLength(2);
  });

  it('stops before asking MoneyKit when the sync is aborted', async () => {
    const { credential } = await linkBank();
    const controller = new AbortController();
    controller.abort(new Error('job canceled'));
    const before = simulator.requests.length;
    await expect(
      moneykit.syncTransactions(credential, null, { at: NOW, signal: controller.signal }),
    ).rejects.toThrow('job canceled');
    expect(simulator.requests.length).toBe(before);
  });
});
