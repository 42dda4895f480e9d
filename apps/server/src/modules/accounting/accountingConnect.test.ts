import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  answerConsent,
  CREATE_QUICKBOOKS_CONNECTION,
  connectQuickbooks,
  copyKeepingCookies,
  followCallback,
  newTestBrowser,
  OTHER_SANDBOX_REALM,
  openCallback,
  QUICKBOOKS_CONNECTION,
  quickbooksConnectionRow,
  quickbooksSnapshot,
  SANDBOX_REALM,
  startQuickbooksConnection,
} from '../../../test/accountingTestKit';
import { createTestApp, TEST_TODAY, type TestApp } from '../../../test/harness';
import { createLedgerFixture } from '../../../test/ledgerTestKit';
import { jobs, memberships, quickbooksOauthStates } from '../../db/schema';
import { SANDBOX_CONSENT_TITLE } from '../../rest/sandboxQuickbooks';
import { hashOauthState, OAUTH_STATE_TTL_MS } from './createQuickbooksConnection';

/**
 * Connecting QuickBooks Online (spec §7 CreateQuickbooksConnection): the OAuth round trip through the
 * REST routes (createQuickbooksConnection, the sandbox's consent page, the callback), the one-time
 * state, and what a refused callback leaves (nothing but the spent state). Which browser may finish
 * a flow: accountingBrowserBinding.test.ts.
 */

let t: TestApp;
const NOON = new Date(`${TEST_TODAY}T12:00:00.000Z`);

beforeAll(async () => {
  // Syncs are queued but not run here (accountingSync.test.ts runs them).
  t = await createTestApp({ env: { JOB_WORKER: 'false' } });
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(NOON));

const pathOf = (url: URL) => `${url.pathname}${url.search}`;

describe('the OAuth round trip', () => {
  it('sends the browser to the consent page, back to the callback, and on to the settings page with the queued sync', async () => {
    const acme = await createLedgerFixture(t, 'Round Trip');
    const oauthUrl = await startQuickbooksConnection(t, acme.entityId, acme.owner.token);
    expect(`${oauthUrl.origin}${oauthUrl.pathname}`).toBe(
      `${t.config.APP_URL}/api/sandbox/quickbooks/authorize`,
    );
    const state = oauthUrl.searchParams.get('state') ?? '';
    expect(Object.fromEntries(oauthUrl.searchParams)).toEqual({
      client_id: t.providers.accounting.sandbox?.clientId,
      response_type: 'code',
      scope: 'com.intuit.quickbooks.accounting',
      redirect_uri: `${t.config.APP_URL}/api/quickbooks/callback`,
      state,
    });
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the state's hash is kept, for 10 minutes.
    const [stored] = await t.db
      .select()
      .from(quickbooksOauthStates)
      .where(eq(quickbooksOauthStates.nonceHash, hashOauthState(state)));
    expect(stored).toMatchObject({ entityId: acme.entityId, userId: acme.owner.user.id, usedAt: null });
    expect(stored?.expiresAt.getTime()).toBe(NOON.getTime() + OAUTH_STATE_TTL_MS);

    const page = await t.app.inject({ method: 'GET', url: pathOf(oauthUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.body).toContain(`<title>${SANDBOX_CONSENT_TITLE}</title>`);
    expect(SANDBOX_CONSENT_TITLE).toBe('Connect Keel to QuickBooks Online (sandbox)');
    expect(page.body).toContain('Keel Sandbox Company');
    expect(page.body).toMatch(/<button[^>]*value="connect"[^>]*>Connect<\/button>/);
    expect(page.body).toMatch(/<button[^>]*value="cancel"[^>]*>Cancel<\/button>/);
    expect(page.body).toContain('<form method="post" action="/api/sandbox/quickbooks/authorize">');
    expect(page.body).not.toContain('<script');

    const callback = await answerConsent(t, oauthUrl, 'connect');
    expect(`${callback.origin}${callback.pathname}`).toBe(`${t.config.APP_URL}/api/quickbooks/callback`);
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('realmId')).toBe(SANDBOX_REALM);
    expect(callback.searchParams.get('code')).toBeTruthy();

    const landing = await followCallback(t, callback);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${t.config.APP_URL}/settings/integrations`);
    expect(landing.searchParams.get('quickbooks')).toBe('connected');
    const jobId = landing.searchParams.get('jobId') ?? '';
    const [job] = await t.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toMatchObject({
      entityId: acme.entityId,
      type: 'QuickbooksSync',
      status: 'queued',
      dedupeKey: 'quickbooks-sync',
      createdBy: acme.owner.user.id,
      payload: { realmId: SANDBOX_REALM },
    });

    const shown = await acme.gql<{ quickbooksConnection: Record<string, unknown> }>(QUICKBOOKS_CONNECTION, {
      e: acme.entityId,
    });
    expect(shown.data?.quickbooksConnection).toMatchObject({
      realmId: SANDBOX_REALM,
      companyName: 'Keel Sandbox Company',
      status: 'connected',
      connectedAt: NOON.toISOString(),
      lastSyncedAt: null,
      sandbox: true,
    });
    // The tokens are sealed, never stored as they are.
    const row = await quickbooksConnectionRow(t, acme.entityId);
    expect(row?.accessTokenSealed).toMatch(/^v1:/);
    expect(row?.refreshTokenSealed).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain('qbo-sandbox-');
  });

  it('refuses a state used twice, expired or unknown, and a denied consent, changing nothing but the state', async () => {
    const acme = await createLedgerFixture(t, 'Refusals');
    const before = await quickbooksSnapshot(t, acme.entityId);
    const browser = newTestBrowser();
    const landingOf = async (callback: URL, from = browser) => {
      const landing = await followCallback(t, callback, from);
      expect(`${landing.origin}${landing.pathname}`).toBe(`${t.config.APP_URL}/settings/integrations`);
      return Object.fromEntries(landing.searchParams);
    };
    /** A browser without the flow's cookie is not sent into the app: 403, and the state is spent. */
    const expectNotThisBrowser = async (callback: URL, from = browser) => {
      const response = await openCallback(t, callback, from);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.headers.location).toBeUndefined();
    };

    // Cancel on the consent page.
    const cancel = await answerConsent(
      t,
      await startQuickbooksConnection(t, acme.entityId, acme.owner.token, browser),
      'cancel',
    );
    expect(cancel.searchParams.get('error')).toBe('access_denied');
    expect(cancel.searchParams.get('code')).toBeNull();
    const keptCookie = copyKeepingCookies(browser);
    expect(await landingOf(cancel)).toEqual({ quickbooks: 'error', reason: 'access_denied' });
    // The same state again, now with a code: the browser's cookie went with the first answer, and one
    // that kept it finds the state spent.
    const again = new URL(cancel);
    again.searchParams.delete('error');
    again.searchParams.set('code', 'AB11forged');
    again.searchParams.set('realmId', SANDBOX_REALM);
    await expectNotThisBrowser(again);
    expect(await landingOf(again, keptCookie)).toEqual({ quickbooks: 'error', reason: 'invalid_state' });

    // Expired: the user took more than 10 minutes. A browser whose clock is behind still sends the
    // cookie, and finds the state expired; the browser itself dropped the cookie with the state.
    const slow = await startQuickbooksConnection(t, acme.entityId, acme.owner.token, browser);
    const slowClock = copyKeepingCookies(browser);
    t.clock.advance(OAUTH_STATE_TTL_MS + 1_000);
    const late = await answerConsent(t, slow, 'connect');
    expect(await landingOf(late, slowClock)).toEqual({ quickbooks: 'error', reason: 'invalid_state' });
    await expectNotThisBrowser(late);
    t.clock.set(NOON);

    // Unknown, missing and malformed states: no browser holds a cookie for them.
    const real = await answerConsent(
      t,
      await startQuickbooksConnection(t, acme.entityId, acme.owner.token, browser),
      'connect',
    );
    for (const state of ['x'.repeat(43), null, '<script>']) {
      const forged = new URL(real);
      if (state === null) forged.searchParams.delete('state');
      else forged.searchParams.set('state', state);
      await expectNotThisBrowser(forged);
    }
    expect(await quickbooksSnapshot(t, acme.entityId)).toEqual(before);

    // A code QuickBooks refuses (tampered): the state is spent, nothing connected.
    const tampered = new URL(real);
    tampered.searchParams.set('code', `${tampered.searchParams.get('code')}x`);
    const beforeTampering = copyKeepingCookies(browser);
    expect(await landingOf(tampered)).toEqual({ quickbooks: 'error', reason: 'exchange_failed' });
    await expectNotThisBrowser(real);
    expect(await landingOf(real, beforeTampering)).toEqual({ quickbooks: 'error', reason: 'invalid_state' });
    expect(await quickbooksSnapshot(t, acme.entityId)).toEqual(before);
  });

  it('refuses the callback when the user who started may no longer manage the company', async () => {
    const acme = await createLedgerFixture(t, 'Demoted');
    const adminToken = await acme.member('admin');
    const [admin] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.entityId, acme.entityId), eq(memberships.role, 'admin')));
    const before = await quickbooksSnapshot(t, acme.entityId);
    const demoted = await answerConsent(
      t,
      await startQuickbooksConnection(t, acme.entityId, adminToken),
      'connect',
    );
    await t.db
      .update(memberships)
      .set({ role: 'bookkeeper' })
      .where(eq(memberships.id, admin?.id ?? ''));
    const landing = await followCallback(t, demoted);
    expect(Object.fromEntries(landing.searchParams)).toEqual({ quickbooks: 'error', reason: 'forbidden' });
    // Nor when they are no longer a member at all.
    await t.db
      .update(memberships)
      .set({ role: 'admin' })
      .where(eq(memberships.id, admin?.id ?? ''));
    const removed = await answerConsent(
      t,
      await startQuickbooksConnection(t, acme.entityId, adminToken),
      'connect',
    );
    await t.db.delete(memberships).where(eq(memberships.id, admin?.id ?? ''));
    expect(Object.fromEntries((await followCallback(t, removed)).searchParams)).toEqual({
      quickbooks: 'error',
      reason: 'forbidden',
    });
    expect(await quickbooksSnapshot(t, acme.entityId)).toEqual(before);
  });

  it('reconnects the same company file with new tokens, and refuses another one while connected', async () => {
    const acme = await createLedgerFixture(t, 'Reconnect');
    const first = await connectQuickbooks(t, acme);
    expect(first.landing.searchParams.get('quickbooks')).toBe('connected');
    const before = await quickbooksConnectionRow(t, acme.entityId);
    await t.db.update(jobs).set({ status: 'canceled' }).where(eq(jobs.entityId, acme.entityId));

    t.clock.advance(60_000);
    const again = await connectQuickbooks(t, acme);
    expect(again.landing.searchParams.get('quickbooks')).toBe('connected');
    expect(again.jobId).not.toBe(first.jobId);
    const after = await quickbooksConnectionRow(t, acme.entityId);
    expect(after).toMatchObject({
      id: before?.id,
      realmId: SANDBOX_REALM,
      status: 'connected',
      connectedAt: before?.connectedAt,
    });
    expect(after?.refreshTokenSealed).not.toBe(before?.refreshTokenSealed);

    const snapshot = await quickbooksSnapshot(t, acme.entityId);
    const other = await connectQuickbooks(t, acme, { realmId: OTHER_SANDBOX_REALM });
    expect(Object.fromEntries(other.landing.searchParams)).toEqual({
      quickbooks: 'error',
      reason: 'already_connected',
    });
    expect(await quickbooksSnapshot(t, acme.entityId)).toEqual(snapshot);
    expect((await quickbooksConnectionRow(t, acme.entityId))?.refreshTokenSealed).toBe(
      after?.refreshTokenSealed,
    );
  });
});

describe('the sandbox consent page', () => {
  it('answers a request it cannot serve with a page of its own, never a redirect', async () => {
    const acme = await createLedgerFixture(t, 'Bad Requests');
    const oauthUrl = await startQuickbooksConnection(t, acme.entityId, acme.owner.token);
    const cases: [string, string | null][] = [
      ['redirect_uri', 'https://evil.example/callback'],
      ['client_id', 'someone-else'],
      ['response_type', 'token'],
      ['scope', 'openid'],
      ['state', 'short'],
      ['state', `"><script>alert(1)</script>${'a'.repeat(20)}`],
      ['state', null],
    ];
    for (const [name, value] of cases) {
      const bad = new URL(oauthUrl);
      if (value === null) bad.searchParams.delete(name);
      else bad.searchParams.set(name, value);
      for (const method of ['GET', 'POST'] as const) {
        const fields = new URLSearchParams(bad.search);
        fields.set('decision', 'connect');
        const response =
          method === 'GET'
            ? await t.app.inject({ method, url: pathOf(bad) })
            : await t.app.inject({
                method,
                url: bad.pathname,
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                payload: fields.toString(),
              });
        expect(response.statusCode, `${method} ${name}=${value}`).toBe(400);
        expect(response.headers.location).toBeUndefined();
        expect(response.body).not.toContain('<script>');
        expect(response.body).not.toContain('evil.example');
      }
    }
  });

  it('offers only createQuickbooksConnection to owners and admins', async () => {
    const acme = await createLedgerFixture(t, 'Who Connects');
    const admin = await acme.member('admin');
    expect(
      (await t.graphql(CREATE_QUICKBOOKS_CONNECTION, { e: acme.entityId }, admin)).errors,
    ).toBeUndefined();
    for (const role of ['bookkeeper', 'custom', 'card_only'] as const) {
      const refused = await t.graphql(
        CREATE_QUICKBOOKS_CONNECTION,
        { e: acme.entityId },
        await acme.member(role),
      );
      expect(refused.errors?.[0]?.extensions?.code, role).toBe('FORBIDDEN');
    }
    const stranger = await createLedgerFixture(t, 'Stranger');
    const foreign = await t.graphql(CREATE_QUICKBOOKS_CONNECTION, { e: acme.entityId }, stranger.owner.token);
    expect(foreign.errors?.[0]).toMatchObject({
      message: 'Entity not found',
      extensions: { code: 'NOT_FOUND' },
    });
  });
});
