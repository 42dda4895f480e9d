import { FEATURE_UNAVAILABLE_MESSAGES, SERVER_FEATURES, type ServerFeature } from '@keel/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CREATE_QUICKBOOKS_CONNECTION,
  QUICKBOOKS_ACCOUNTS,
  QUICKBOOKS_CONNECTION,
  SYNC_QUICKBOOKS,
} from '../../../test/accountingTestKit';
import { createUser, getWithToken, logIn, postJson } from '../../../test/authKit';
import {
  ACCOUNTS,
  ACH,
  APPLY,
  achRequest,
  applicant,
  applicantAddress,
  type BankAccountView,
  LIMITS,
  openDepositAccount,
  TRANSFERS,
  VENDOR,
} from '../../../test/bankingTestKit';
import {
  CANCEL_SUBSCRIPTION,
  PRO_PLAN_QUERY,
  START_SUBSCRIPTION,
  STRIPE_SUBSCRIPTION,
} from '../../../test/billingTestKit';
import { CARDS, CREATE_CARD, FREEZE, issueTestCard, REVEAL_TOKEN } from '../../../test/cardsTestKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';
import {
  appDepsOfTest,
  DELETE_PLAID_ITEM,
  LINK_SESSION_TOKEN,
  linkPlaid,
  PLAID_ITEMS,
  PLAID_LINK_TOKEN,
  waitForBankLinkSyncs,
} from '../../../test/linkingTestKit';
import { queryRows } from '../../db/queryRows';
import type { JobContext } from '../../jobs/jobHandler';
import type { JobRow } from '../../jobs/jobRows';
import { createOffBanking } from '../../providers/banking/off';
import { bankLinkSyncHandler } from '../linking';

/**
 * A server that does not offer a feature (DISABLED_FEATURES) says so: every operation of it is refused
 * with FEATURE_UNAVAILABLE and its words before anything is written, its REST routes answer a 501
 * problem with the same words, its lists answer empty, and serverFeatures tells the web app. The 'off'
 * server shares the database of an 'on' one that made the company's accounts, cards, subscription and
 * bank link first, as a server whose operator switched the features off would find them.
 */

const SERVER_FEATURES_QUERY = '{ serverFeatures { feature state notice } }';
const TWO_FACTOR_PHONE = 'mutation($p: String) { updateUserFactor(phoneNumber: $p) { errors } }';
const DOCUMENTS = 'query($e: ID!) { documents(entityId: $e) { fileToken { token } } }';
const AGGREGATOR_MODES = '{ aggregatorModes { provider sandbox } }';

let on: TestApp;
let off: TestApp;
let fixture: LedgerFixture;
let account: BankAccountView;
let cardId: string;
let subscriptionId: string;
let plaidLinkId: string;

/** Every row an operation of these features could write, counted: a refusal leaves them all as they were. */
async function featureRowCounts(t: TestApp): Promise<Record<string, number>> {
  const tables = [
    'bank_applications',
    'deposit_accounts',
    'bank_postings',
    'bank_transfers',
    'vendors',
    'cards',
    'card_reveal_tokens',
    'file_tokens',
    'subscriptions',
    'sandbox_payment_subscriptions',
    'bank_links',
    'sandbox_aggregator_links',
    'quickbooks_oauth_states',
    'quickbooks_connections',
    'jobs',
    'outbox_messages',
    'user_secrets',
    'transactions',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`);
    counts[table] = row?.n ?? -1;
  }
  return counts;
}

/** Sends an operation to the 'off' server as the company's owner. */
const offGql = <T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}) =>
  off.graphql<T>(query, variables, fixture.owner.token);

function expectUnavailable(
  result: { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] },
  feature: ServerFeature,
) {
  expect(result.errors).toHaveLength(1);
  expect(result.errors?.[0]).toMatchObject({
    message: FEATURE_UNAVAILABLE_MESSAGES[feature],
    extensions: { code: 'FEATURE_UNAVAILABLE', feature },
  });
}

function expectProblem(response: LightMyRequestResponse, feature: ServerFeature) {
  expect(response.statusCode).toBe(501);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.json()).toEqual({
    status: 501,
    type: 'feature_unavailable',
    title: 'Not Implemented',
    detail: FEATURE_UNAVAILABLE_MESSAGES[feature],
    feature,
  });
}

beforeAll(async () => {
  on = await createTestApp();
  // Its job runner off, so it claims none of the 'on' server's syncs.
  off = await createTestApp({
    sharedWith: on,
    env: { DISABLED_FEATURES: SERVER_FEATURES.join(','), JOB_WORKER: 'false' },
  });
  fixture = await createLedgerFixture(on);
  account = await openDepositAccount(fixture);
  cardId = await issueTestCard(on, {
    entityId: fixture.entityId,
    accountId: account.id,
    userId: fixture.owner.user.id,
    kind: 'virtual',
  });
  const started = await fixture.gql<{ startSubscription: { id: string } }>(START_SUBSCRIPTION, {
    e: fixture.entityId,
  });
  subscriptionId = started.data?.startSubscription.id ?? '';
  plaidLinkId = (await linkPlaid(on, fixture)).itemId;
  await waitForBankLinkSyncs(on, fixture.entityId);
}, 60_000);
afterAll(async () => {
  await off?.close();
  await on?.close();
});

describe('serverFeatures', () => {
  it('says each feature is its sandbox in development, with no notice, so the demo looks as it does', async () => {
    const result = await on.graphql(SERVER_FEATURES_QUERY, {}, fixture.owner.token);
    expect(result.data?.serverFeatures).toEqual(
      SERVER_FEATURES.map((feature) => ({ feature, state: 'sandbox', notice: null })),
    );
  });

  it('says an off feature is off, in the words the web app shows in its place', async () => {
    const result = await offGql(SERVER_FEATURES_QUERY);
    expect(result.data?.serverFeatures).toEqual(
      SERVER_FEATURES.map((feature) => ({
        feature,
        state: 'off',
        notice: FEATURE_UNAVAILABLE_MESSAGES[feature],
      })),
    );
  });

  it('says a sandbox on a production server (staging) is simulated', async () => {
    const staging = await createTestApp({ sharedWith: on, env: { NODE_ENV: 'production' } });
    try {
      const result = await staging.graphql<{ serverFeatures: { feature: string; notice: string }[] }>(
        SERVER_FEATURES_QUERY,
        {},
        fixture.owner.token,
      );
      const banking = result.data?.serverFeatures.find((feature) => feature.feature === 'banking');
      expect(banking).toEqual({
        feature: 'banking',
        state: 'sandbox',
        notice:
          'Banking is simulated on this server: these Keel accounts, cards and transfers are not at a bank, and no money moves',
      });
    } finally {
      await staging.close();
    }
  });

  it('answers signed-in users only', async () => {
    const result = await off.graphql(SERVER_FEATURES_QUERY);
    expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('banking off', () => {
  it('refuses every operation with FEATURE_UNAVAILABLE and writes nothing', async () => {
    const before = await featureRowCounts(off);
    const e = fixture.entityId;
    expectUnavailable(await offGql(APPLY, { e, p: applicant(), a: applicantAddress, ack: true }), 'banking');
    expectUnavailable(await offGql(ACH, achRequest(fixture, account.id, 'off-ach-1')), 'banking');
    expectUnavailable(await offGql(VENDOR, { e, n: 'Figma Inc.' }), 'banking');
    expectUnavailable(await offGql(LIMITS, { id: account.id }), 'banking');
    expectUnavailable(await offGql(CREATE_CARD, { a: account.id, k: 'physical' }), 'banking');
    expectUnavailable(await offGql(FREEZE, { id: cardId }), 'banking');
    expectUnavailable(await offGql(REVEAL_TOKEN, { id: cardId }), 'banking');
    expectUnavailable(await offGql(DOCUMENTS, { e }), 'banking');
    expect(await featureRowCounts(off)).toEqual(before);
  });

  it('lists no accounts, transfers or cards, where the banking server lists them', async () => {
    const e = fixture.entityId;
    expect((await offGql(ACCOUNTS, { e })).data).toEqual({ providerBankAccounts: [] });
    expect((await offGql(TRANSFERS, { e })).data).toEqual({ transfers: [] });
    expect((await offGql(CARDS, { e })).data).toEqual({ cards: [] });
    expect((await fixture.gql<{ cards: unknown[] }>(CARDS, { e })).data?.cards).toHaveLength(1);
  });

  it('checks access before the feature: a stranger is told the company is not found, its owner that it has no accounts', async () => {
    const stranger = await createUser(on);
    const refused = await off.graphql(ACCOUNTS, { e: fixture.entityId }, await logIn(on, stranger));
    expect(refused.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const refusedLimits = await off.graphql(LIMITS, { id: account.id }, await logIn(on, stranger));
    expect(refusedLimits.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await offGql(ACCOUNTS, { e: fixture.entityId })).data).toEqual({ providerBankAccounts: [] });
  });

  it("answers the documents' and cards' REST routes with a 501 problem in the same words", async () => {
    const token = fixture.owner.token;
    expectProblem(
      await getWithToken(off, `/api/v1/file_tokens?entity_id=${fixture.entityId}`, token),
      'banking',
    );
    const query = `account_id=${account.id}&month=2026-10&token=whatever`;
    expectProblem(await getWithToken(off, `/api/v1/account/statement?${query}`), 'banking');
    expectProblem(
      await getWithToken(off, `/api/v1/account/document?accountId=${account.id}&id=x&token=y`),
      'banking',
    );
    expectProblem(await getWithToken(off, `/api/v1/cards/${cardId}`, token), 'banking');
    const page = await off.app.inject({
      method: 'GET',
      url: `/api/v1/account/statement?${query}`,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(501);
    expect(page.body).toContain('Banking is not set up on this server');
    expect(page.body).not.toContain('download it again');
  });

  it('maps an off provider’s refusal to FEATURE_UNAVAILABLE wherever it is thrown, and writes nothing', async () => {
    // A server whose settings offer banking but whose bank refuses every call: the check inside the
    // provider, not the resolver's, is what stops it.
    const unchecked = await createTestApp({
      sharedWith: on,
      env: { DEV_ROUTES: undefined },
      providers: { banking: createOffBanking() },
    });
    try {
      const other = await createLedgerFixture(unchecked, 'Unchecked');
      const before = await featureRowCounts(unchecked);
      const result = await other.gql(APPLY, {
        e: other.entityId,
        p: applicant(),
        a: applicantAddress,
        ack: true,
      });
      expectUnavailable(result, 'banking');
      expect(await featureRowCounts(unchecked)).toEqual(before);
    } finally {
      await unchecked.close();
    }
  });
});

describe('payments off', () => {
  it('refuses subscribing, cancelling and the price, answers no subscription, and writes nothing', async () => {
    const before = await featureRowCounts(off);
    expectUnavailable(await offGql(START_SUBSCRIPTION, { e: fixture.entityId }), 'payments');
    expectUnavailable(await offGql(CANCEL_SUBSCRIPTION, { id: subscriptionId }), 'payments');
    expectUnavailable(await offGql(PRO_PLAN_QUERY, { e: fixture.entityId }), 'payments');
    expect((await offGql(STRIPE_SUBSCRIPTION, { e: fixture.entityId })).data).toEqual({
      stripeSubscription: null,
    });
    expect(await featureRowCounts(off)).toEqual(before);
  });

  it('answers the client secret route with a 501 problem', async () => {
    const url = `/api/v1/billing/get_stripe_client_secret/${subscriptionId}`;
    expectProblem(await getWithToken(off, url, fixture.owner.token), 'payments');
    expect((await getWithToken(on, url, fixture.owner.token)).statusCode).toBe(200);
  });
});

describe('bank linking off', () => {
  it('refuses linking, reconnecting and removing through the provider, and writes nothing', async () => {
    const before = await featureRowCounts(off);
    const redirect = 'http://localhost:3000/plaid-oauth';
    expectUnavailable(await offGql(PLAID_LINK_TOKEN, { e: fixture.entityId, r: redirect }), 'plaid');
    expectUnavailable(
      await offGql(PLAID_LINK_TOKEN, { e: fixture.entityId, r: redirect, i: plaidLinkId }),
      'plaid',
    );
    expectUnavailable(await offGql(DELETE_PLAID_ITEM, { i: plaidLinkId }), 'plaid');
    expectUnavailable(
      await offGql(LINK_SESSION_TOKEN, { e: fixture.entityId, r: 'http://localhost:3000/moneykit-oauth' }),
      'moneykit',
    );
    expect(await featureRowCounts(off)).toEqual(before);
    // What was imported stays listed: it is in the books.
    expect(
      (await offGql<{ plaidItems: unknown[] }>(PLAID_ITEMS, { e: fixture.entityId })).data?.plaidItems,
    ).toHaveLength(1);
  });

  it('offers no aggregator mode, and answers the simulated Link screens with a 501 problem', async () => {
    expect((await offGql(AGGREGATOR_MODES)).data).toEqual({ aggregatorModes: [] });
    expectProblem(await getWithToken(off, '/api/sandbox/aggregators/plaid/institutions'), 'plaid');
    const link = await postJson(off, '/api/sandbox/aggregators/moneykit/link', {
      link_token: 'x',
      username: 'user_good',
      password: 'pass_good',
    });
    expectProblem(link, 'moneykit');
  });

  it('fails a queued sync of an off provider’s link with its words, without retrying', async () => {
    const job = { payload: { linkId: plaidLinkId }, entityId: fixture.entityId } as unknown as JobRow;
    const run = bankLinkSyncHandler(appDepsOfTest(off))({ job, db: off.db } as unknown as JobContext);
    await expect(run).rejects.toMatchObject({
      name: 'JobFailure',
      message: 'Bank linking through Plaid is not set up on this server.',
      retry: false,
    });
  });
});

describe('QuickBooks off', () => {
  it('refuses connecting and syncing, answers no connection, and writes nothing', async () => {
    const before = await featureRowCounts(off);
    expectUnavailable(await offGql(CREATE_QUICKBOOKS_CONNECTION, { e: fixture.entityId }), 'quickbooks');
    expectUnavailable(await offGql(SYNC_QUICKBOOKS, { e: fixture.entityId }), 'quickbooks');
    expect((await offGql(QUICKBOOKS_CONNECTION, { e: fixture.entityId })).data).toEqual({
      quickbooksConnection: null,
    });
    expect((await offGql(QUICKBOOKS_ACCOUNTS, { e: fixture.entityId })).data).toEqual({
      quickbooksAccounts: [],
    });
    expect(await featureRowCounts(off)).toEqual(before);
  });

  it('answers the consent page and the callback with a 501 problem', async () => {
    expectProblem(await getWithToken(off, '/api/sandbox/quickbooks/authorize?client_id=x'), 'quickbooks');
    expectProblem(await getWithToken(off, '/api/quickbooks/callback?code=x&state=y&realmId=z'), 'quickbooks');
  });
});

describe('text messages off', () => {
  it('refuses texting a code to a phone, and writes nothing', async () => {
    const before = await featureRowCounts(off);
    expectUnavailable(await offGql(TWO_FACTOR_PHONE, { p: '4155550134' }), 'sms');
    expect(await featureRowCounts(off)).toEqual(before);
  });

  it("answers the sign-in code's route with a 501 problem, sending nothing", async () => {
    const before = await featureRowCounts(off);
    const response = await postJson(
      off,
      '/api/v1/auth/send_otp_sms',
      { email: fixture.owner.user.email },
      { headers: { 'x-csrf-token': 'whatever' } },
    );
    expectProblem(response, 'sms');
    expect(await featureRowCounts(off)).toEqual(before);
  });
});
