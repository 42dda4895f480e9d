import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createLedgerFixture } from '../../test/ledgerTestKit';
import { bankLinkRow, linkPlaid } from '../../test/linkingTestKit';
import { syncBankLink } from '../modules/linking';
import { secretBoxOf } from '../secrets/secretBox';

/**
 * The aggregator sandbox's dev route (devLinking.ts: reset-login) and the sandbox's hosted link screen
 * (sandboxAggregators.ts): what they do, and who reaches them.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { JOB_WORKER: 'false' } });
});
afterAll(() => t.close());

const resetLogin = (payload: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/dev/aggregators/reset-login',
    payload: payload as object,
    remoteAddress,
  });

describe('POST /api/dev/aggregators/reset-login', () => {
  it("expires a link's login at the sandbox and queues the sync that records it", async () => {
    const acme = await createLedgerFixture(t, 'Reset Co');
    const item = await linkPlaid(t, acme);
    const reply = await resetLogin({ link_id: item.itemId });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ link_id: item.itemId, provider: 'plaid', job_id: item.jobId });
    const deps = {
      db: t.db,
      clock: t.clock,
      aggregators: t.providers.aggregators,
      secrets: secretBoxOf(t.config),
    };
    await expect(syncBankLink(deps, item.itemId)).rejects.toThrow('needs you to sign in again');
    expect(await bankLinkRow(t, item.itemId)).toMatchObject({
      state: 'error',
      errorCode: 'ITEM_LOGIN_REQUIRED',
    });
  });

  it('refuses a malformed or unknown link id, and answers other machines as an unknown route', async () => {
    expect((await resetLogin({ link_id: 'nope' })).statusCode).toBe(400);
    expect((await resetLogin({ link_id: '00000000-0000-4000-8000-000000000001' })).statusCode).toBe(404);
    const remote = await resetLogin({ link_id: '00000000-0000-4000-8000-000000000001' }, '203.0.113.9');
    expect(remote.json()).toMatchObject({ detail: 'No route for POST /api/dev/aggregators/reset-login' });
  });

  it('does not exist without DEV_ROUTES', async () => {
    const plain = await createTestApp({ env: { DEV_ROUTES: undefined, JOB_WORKER: 'false' }, sharedWith: t });
    try {
      const reply = await plain.app.inject({
        method: 'POST',
        url: '/api/dev/aggregators/reset-login',
        payload: { link_id: '00000000-0000-4000-8000-000000000001' },
      });
      expect(reply.json()).toMatchObject({
        status: 404,
        detail: 'No route for POST /api/dev/aggregators/reset-login',
      });
      const institutions = await plain.app.inject({
        method: 'GET',
        url: '/api/sandbox/aggregators/plaid/institutions',
      });
      expect(institutions.statusCode).toBe(200);
    } finally {
      await plain.close();
    }
  });
});

describe('the sandbox hosted link screen', () => {
  it('lists the institutions of each provider', async () => {
    const plaid = await t.app.inject({ method: 'GET', url: '/api/sandbox/aggregators/plaid/institutions' });
    expect(plaid.json().institutions.map((row: { name: string }) => row.name)).toContain(
      'First Platypus Bank',
    );
    const moneykit = await t.app.inject({
      method: 'GET',
      url: '/api/sandbox/aggregators/moneykit/institutions',
    });
    expect(moneykit.json().institutions.map((row: { name: string }) => row.name)).toEqual([
      'Bramble Bank',
      'Juniper Federal',
    ]);
    const other = await t.app.inject({ method: 'GET', url: '/api/sandbox/aggregators/teller/institutions' });
    expect(other.statusCode).toBe(404);
  });

  it('refuses a forged link token and an unknown institution with the vendor’s codes', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/aggregators/plaid/link',
      payload: {
        link_token: 'link-sandbox-forged',
        institution_id: 'ins_109508',
        username: 'user_good',
        password: 'pass_good',
      },
    });
    expect([forged.statusCode, forged.json().error_code]).toEqual([422, 'INVALID_LINK_TOKEN']);
    const acme = await createLedgerFixture(t, 'Unknown Bank Co');
    const { linkToken } = await t.providers.aggregators.moneykit.createLinkToken({
      clientUserId: acme.entityId,
      redirectUrl: null,
      update: null,
      at: t.clock.now(),
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/aggregators/moneykit/link',
      payload: {
        link_token: linkToken,
        institution_id: 'ins_109508',
        username: 'user_good',
        password: 'pass_good',
      },
    });
    expect([unknown.statusCode, unknown.json().error_code]).toEqual([422, 'institution_not_found']);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/aggregators/moneykit/link',
      payload: { institution_id: 'mk_bramble_bank' },
    });
    expect(missing.statusCode).toBe(400);
  });
});
