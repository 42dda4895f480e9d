import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postJson } from '../../test/authKit';
import {
  ACCOUNTS,
  ACH,
  type BankAccountView,
  bankingSnapshot,
  openDepositAccount,
  RECIPIENT_ROUTING,
  TRANSFERS,
  type TransferView,
} from '../../test/bankingTestKit';
import { createTestApp, type TestApp } from '../../test/harness';
import { createLedgerFixture, type LedgerFixture } from '../../test/ledgerTestKit';

/**
 * The banking sandbox's development routes (devBanking.ts): what they do, and that they are reachable
 * on exactly the terms of the other dev routes (DEV_ROUTES, never production, this machine only).
 */

let t: TestApp;
/** Sunday 22 November 2026, noon UTC (the e2e server's day): an ACH sent now posts Monday 00:00. */
const SUNDAY_NOON = new Date('2026-11-22T12:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.set(SUNDAY_NOON);
});

async function accountOf(fixture: LedgerFixture): Promise<BankAccountView> {
  const result = await fixture.gql<{ providerBankAccounts: BankAccountView[] }>(ACCOUNTS, {
    e: fixture.entityId,
  });
  const [account] = result.data?.providerBankAccounts ?? [];
  if (!account) throw new Error(`providerBankAccounts: ${JSON.stringify(result.errors)}`);
  return account;
}

async function companyWithAccount(name: string) {
  const fixture = await createLedgerFixture(t, name);
  const account = await openDepositAccount(fixture);
  return { fixture, account };
}

async function keelTransactions(fixture: LedgerFixture) {
  const result = await fixture.gql<{
    bookkeepingTransactionsConnection: { edges: { node: { name: string; amount: number; date: string } }[] };
  }>(
    `query($e: ID!) { bookkeepingTransactionsConnection(entityId: $e, accountTypeFilter: "TPrime::Account") {
      edges { node { name amount date } } } }`,
    { e: fixture.entityId },
  );
  return result.data?.bookkeepingTransactionsConnection.edges.map((edge) => edge.node);
}

describe('POST /api/dev/bank/deposit', () => {
  it("credits the account today and books it in the company's Keel transactions", async () => {
    const { fixture, account } = await companyWithAccount('Deposit Co');
    const response = await postJson(t, '/api/dev/bank/deposit', {
      account_id: account.id,
      amount: 1_000_000,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      account_id: account.id,
      amount: 1_000_000,
      date: '2026-11-22',
    });
    expect(await accountOf(fixture)).toMatchObject({
      currentBalance: 1_000_000,
      availableBalance: 1_000_000,
    });
    expect(await keelTransactions(fixture)).toEqual([
      { name: 'Incoming ACH', amount: 1_000_000, date: '2026-11-22' },
    ]);
  });

  it.each([
    ['no account', { amount: 100 }, 400],
    ['an account id that is not an id', { account_id: 'x', amount: 100 }, 400],
    ['an amount of 0', { account_id: 'ACCOUNT', amount: 0 }, 400],
    ['a fractional amount', { account_id: 'ACCOUNT', amount: 10.5 }, 400],
    ['an amount over $1,000,000', { account_id: 'ACCOUNT', amount: 100_000_001 }, 400],
    ['an amount as text', { account_id: 'ACCOUNT', amount: '100' }, 400],
    ['an unknown account', { account_id: '00000000-0000-4000-8000-000000000000', amount: 100 }, 404],
    ['malformed JSON', '{"account_id":', 400],
  ])('refuses %s and moves no money', async (_name, payload, status) => {
    const { fixture, account } = await companyWithAccount('Refused Deposit Co');
    const body =
      typeof payload === 'string'
        ? payload
        : {
            ...payload,
            ...('account_id' in payload && payload.account_id === 'ACCOUNT'
              ? { account_id: account.id }
              : {}),
          };
    const before = await bankingSnapshot(t.db, fixture.entityId);
    const response = await postJson(t, '/api/dev/bank/deposit', body);
    expect(response.statusCode).toBe(status);
    expect(await bankingSnapshot(t.db, fixture.entityId)).toEqual(before);
  });
});

describe('POST /api/dev/bank/settle', () => {
  it('posts a pending ACH for that company only, and books it, without moving the clock', async () => {
    const sender = await companyWithAccount('Settle Co');
    const other = await companyWithAccount('Other Co');
    for (const { account } of [sender, other]) {
      await postJson(t, '/api/dev/bank/deposit', { account_id: account.id, amount: 100_000 });
    }
    const send = (fixture: LedgerFixture, accountId: string, key: string) =>
      fixture.gql<{ createAchTransfer: TransferView & { settleAt: string } }>(ACH, {
        e: fixture.entityId,
        k: key,
        acc: accountId,
        n: 'Figma Inc.',
        r: RECIPIENT_ROUTING,
        num: '123456789',
        amt: 25_000,
        d: '2026-11-22',
      });
    const sent = await send(sender.fixture, sender.account.id, 'settle-key-0001');
    await send(other.fixture, other.account.id, 'settle-key-0002');
    expect(sent.data?.createAchTransfer).toMatchObject({
      status: 'pending',
      // Dated Sunday: processed Monday, handed over at its ACH cut-off, arriving Tuesday 00:00 New York.
      settleAt: '2026-11-24T05:00:00.000Z',
    });

    const response = await postJson(t, '/api/dev/bank/settle', {
      entity_id: sender.fixture.entityId,
      at: '2026-11-24T05:00:00.000Z',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().postings).toEqual([
      expect.objectContaining({ kind: 'transfer', date: '2026-11-24', amount: -25_000 }),
    ]);
    expect(t.clock.now()).toEqual(SUNDAY_NOON);
    const statuses = async (fixture: LedgerFixture) =>
      (
        await fixture.gql<{ transfers: TransferView[] }>(TRANSFERS, { e: fixture.entityId })
      ).data?.transfers.map((transfer) => transfer.status);
    expect(await statuses(sender.fixture)).toEqual(['posted']);
    expect(await statuses(other.fixture)).toEqual(['pending']);
    expect(await accountOf(sender.fixture)).toMatchObject({
      currentBalance: 75_000,
      availableBalance: 75_000,
    });
    expect(await keelTransactions(sender.fixture)).toEqual([
      { name: 'ACH to Figma Inc.', amount: -25_000, date: '2026-11-24' },
      { name: 'Incoming ACH', amount: 100_000, date: '2026-11-22' },
    ]);
  });

  it.each([
    ['a time in the past', '2026-11-22T11:00:00.000Z', 422],
    ['a time more than 31 days ahead', '2026-12-24T00:00:00.000Z', 422],
    ['a time that is not an instant', 'tomorrow', 400],
  ])('refuses %s and settles nothing', async (_name, at, status) => {
    const { fixture } = await companyWithAccount('Refused Settle Co');
    const before = await bankingSnapshot(t.db, fixture.entityId);
    const response = await postJson(t, '/api/dev/bank/settle', { entity_id: fixture.entityId, at });
    expect(response.statusCode).toBe(status);
    expect(await bankingSnapshot(t.db, fixture.entityId)).toEqual(before);
  });
});

describe('who may reach the banking dev routes', () => {
  const deposit = (app: TestApp, accountId: string, options: InjectOptions = {}) =>
    app.app.inject({
      ...options,
      method: 'POST',
      url: '/api/dev/bank/deposit',
      headers: { 'content-type': 'application/json', ...options.headers },
      payload: JSON.stringify({ account_id: accountId, amount: 100 }),
    });
  const settle = (app: TestApp, entityId: string, options: InjectOptions = {}) =>
    app.app.inject({
      ...options,
      method: 'POST',
      url: '/api/dev/bank/settle',
      headers: { 'content-type': 'application/json', ...options.headers },
      payload: JSON.stringify({ entity_id: entityId, at: '2026-11-23T00:00:00.000Z' }),
    });

  /** Asks both routes as `options` says, against `app`, and checks that nothing moved. */
  async function expectUnreachable(app: TestApp, options: InjectOptions = {}) {
    const fixture = await createLedgerFixture(app, 'Unreachable Co');
    const account = await openDepositAccount(fixture);
    const before = await bankingSnapshot(app.db, fixture.entityId);
    const answers = [await deposit(app, account.id, options), await settle(app, fixture.entityId, options)];
    expect(answers.map((answer) => [answer.statusCode, answer.json().type])).toEqual([
      [404, 'not_found'],
      [404, 'not_found'],
    ]);
    expect(await bankingSnapshot(app.db, fixture.entityId)).toEqual(before);
  }

  it('does not register them with the default configuration', async () => {
    const plain = await createTestApp({ env: { NODE_ENV: undefined, DEV_ROUTES: undefined } });
    try {
      await expectUnreachable(plain);
    } finally {
      await plain.close();
    }
  });

  it('does not register them in production', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      await expectUnreachable(production);
    } finally {
      await production.close();
    }
  });

  it.each(['203.0.113.9', '10.0.0.1', '::ffff:192.0.2.1', '2001:db8::1'])(
    'answers a caller on another machine (%s) with a 404',
    async (remoteAddress) => {
      await expectUnreachable(t, { remoteAddress });
    },
  );

  it('answers 404 to a loopback request that a proxy forwarded', async () => {
    for (const headers of [{ 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=203.0.113.9' }]) {
      await expectUnreachable(t, { remoteAddress: '127.0.0.1', headers });
    }
  });

  it.each(['127.0.0.1', '::1'])('answers this machine (%s)', async (remoteAddress) => {
    const { fixture, account } = await companyWithAccount('Loopback Co');
    expect((await deposit(t, account.id, { remoteAddress })).statusCode).toBe(201);
    expect((await settle(t, fixture.entityId, { remoteAddress })).statusCode).toBe(200);
  });
});
