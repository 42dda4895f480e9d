import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  answerConsent,
  CREATE_QUICKBOOKS_CONNECTION,
  copyKeepingCookies,
  followCallback,
  newTestBrowser,
  openCallback,
  parseSetCookie,
  quickbooksConnectionRow,
  quickbooksSnapshot,
  SANDBOX_REALM,
  setCookieLines,
  startQuickbooksConnection,
  type TestBrowser,
} from '../../../test/accountingTestKit';
import { createTestApp, TEST_TODAY, type TestApp } from '../../../test/harness';
import { createLedgerFixture } from '../../../test/ledgerTestKit';
import { captureLog, LEVEL } from '../../../test/observabilityTestKit';
import { quickbooksOauthStates } from '../../db/schema';
import { BROWSER_MISMATCH_DETAIL } from '../../rest/quickbooksBrowserMismatch';
import { hashOauthState } from './createQuickbooksConnection';
import { quickbooksBindingCookie } from './quickbooksBrowserBinding';

/**
 * The QuickBooks callback carries no bearer token, so the browser that finishes a flow must prove it is
 * the one that started it, with the binding cookie the start set in it. The attack this stops: a
 * company's admin starts a flow and sends the consent link to someone else, whose consent would
 * otherwise connect their company file (their books) to the admin's company.
 */

let t: TestApp;
const NOON = new Date(`${TEST_TODAY}T12:00:00.000Z`);
const CALLBACK_PATH = '/api/quickbooks/callback';

beforeAll(async () => {
  // Syncs are queued but not run here.
  t = await createTestApp({ env: { JOB_WORKER: 'false' } });
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(NOON));

async function stateRow(oauthUrl: URL) {
  const [row] = await t.db
    .select()
    .from(quickbooksOauthStates)
    .where(eq(quickbooksOauthStates.nonceHash, hashOauthState(oauthUrl.searchParams.get('state') ?? '')));
  return row ?? null;
}

/** The browser opening the callback as a person's would (asking for a page): the 403 refusal page. */
async function expectRefusalPage(callback: URL, browser: TestBrowser) {
  const response = await openCallback(t, callback, browser, { accept: 'text/html,application/xhtml+xml' });
  expect(response.statusCode, response.body).toBe(403);
  expect(response.headers.location).toBeUndefined();
  expect(response.headers['content-type']).toContain('text/html');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['set-cookie']).toBeUndefined();
  expect(response.body).toContain('<h1>QuickBooks Online was not connected</h1>');
  expect(response.body).toContain('This browser did not start this connection');
  expect(response.body).toContain(`href="${t.config.APP_URL}/settings/integrations"`);
  // Nothing of the address comes back in the page.
  for (const value of callback.searchParams.values()) expect(response.body).not.toContain(value);
  return response;
}

describe('the binding cookie', () => {
  it('is set by createQuickbooksConnection: HttpOnly, SameSite=Lax, the callback path only, for 10 minutes', async () => {
    const acme = await createLedgerFixture(t, 'Cookie Jar');
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${acme.owner.token}` },
      payload: JSON.stringify({ query: CREATE_QUICKBOOKS_CONNECTION, variables: { e: acme.entityId } }),
    });
    const oauthUrl = response.json<{ data: { createQuickbooksConnection: { oauthUrl: string } } }>().data
      .createQuickbooksConnection.oauthUrl;
    const state = new URL(oauthUrl).searchParams.get('state') ?? '';
    const lines = setCookieLines(response.headers);
    expect(lines).toHaveLength(1);
    const cookie = parseSetCookie(lines[0] ?? '');
    expect(cookie.name).toBe(`keel_qbo_${state.slice(0, 16)}`);
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.fromEntries(cookie.attributes)).toEqual({
      'max-age': '600',
      path: CALLBACK_PATH,
      httponly: '',
      samesite: 'Lax',
    });
    // The cookie's value is in no URL: the state is derived from it, not the other way round.
    expect(oauthUrl).not.toContain(cookie.value);
    expect(cookie.value).not.toBe(state);

    // A refused call sets nothing.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await acme.member('bookkeeper')}`,
      },
      payload: JSON.stringify({ query: CREATE_QUICKBOOKS_CONNECTION, variables: { e: acme.entityId } }),
    });
    expect(refused.json<{ errors: { extensions: { code: string } }[] }>().errors[0]?.extensions.code).toBe(
      'FORBIDDEN',
    );
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it('is Secure, under the __Secure- prefix, when the app is served over HTTPS, and follows a base path', () => {
    const state = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
    expect(quickbooksBindingCookie({ APP_URL: 'https://books.example.com' }, state)).toEqual({
      name: '__Secure-keel_qbo_AbCdEfGhIjKlMnOp',
      options: { path: CALLBACK_PATH, httpOnly: true, sameSite: 'lax', secure: true, maxAge: 600 },
    });
    expect(quickbooksBindingCookie({ APP_URL: 'https://example.com/keel/' }, state).options.path).toBe(
      `/keel${CALLBACK_PATH}`,
    );
    expect(quickbooksBindingCookie({ APP_URL: 'http://localhost:5173' }, state)).toMatchObject({
      name: 'keel_qbo_AbCdEfGhIjKlMnOp',
      options: { secure: false },
    });
  });

  it('lets the browser that started finish, and is cleared by the callback', async () => {
    const acme = await createLedgerFixture(t, 'Own Browser');
    const browser = newTestBrowser();
    const oauthUrl = await startQuickbooksConnection(t, acme.entityId, acme.owner.token, browser);
    const [name] = [...browser.cookies.keys()];
    const callback = await answerConsent(t, oauthUrl, 'connect');
    const response = await openCallback(t, callback, browser);
    expect(response.statusCode, response.body).toBe(303);
    const landing = new URL(String(response.headers.location));
    expect(landing.searchParams.get('quickbooks')).toBe('connected');
    const cleared = parseSetCookie(setCookieLines(response.headers)[0] ?? '');
    expect(cleared).toMatchObject({ name, value: '', maxAge: 0 });
    expect(cleared.attributes.get('path')).toBe(CALLBACK_PATH);
    expect(browser.cookies.size).toBe(0);
    expect(await quickbooksConnectionRow(t, acme.entityId)).toMatchObject({
      realmId: SANDBOX_REALM,
      status: 'connected',
    });
  });

  it('keeps two flows started in one browser apart, so both finish', async () => {
    const north = await createLedgerFixture(t, 'North Tab');
    const south = await createLedgerFixture(t, 'South Tab');
    const browser = newTestBrowser();
    const northUrl = await startQuickbooksConnection(t, north.entityId, north.owner.token, browser);
    const southUrl = await startQuickbooksConnection(t, south.entityId, south.owner.token, browser);
    expect(browser.cookies.size).toBe(2);
    const southLanding = await followCallback(t, await answerConsent(t, southUrl, 'connect'), browser);
    const northLanding = await followCallback(t, await answerConsent(t, northUrl, 'connect'), browser);
    expect(southLanding.searchParams.get('quickbooks')).toBe('connected');
    expect(northLanding.searchParams.get('quickbooks')).toBe('connected');
    expect(browser.cookies.size).toBe(0);
  });
});

describe('a callback finished in a browser that did not start the flow', () => {
  it('is refused when the consent link reaches someone else, whose books stay out of the company', async () => {
    const attacker = await createLedgerFixture(t, 'Link Sender');
    const attackerBrowser = newTestBrowser();
    const before = await quickbooksSnapshot(t, attacker.entityId);
    const oauthUrl = await startQuickbooksConnection(
      t,
      attacker.entityId,
      attacker.owner.token,
      attackerBrowser,
    );

    // The victim opens the link in a browser with no Keel session, consents, and is sent back.
    const victimBrowser = newTestBrowser();
    const callback = await answerConsent(t, oauthUrl, 'connect');
    await expectRefusalPage(callback, victimBrowser);
    expect(await quickbooksSnapshot(t, attacker.entityId)).toEqual(before);
    expect(await quickbooksConnectionRow(t, attacker.entityId)).toBeNull();
    // The state is spent: the address the victim holds cannot be finished by the attacker's browser,
    // which holds the cookie, either.
    expect((await stateRow(oauthUrl))?.usedAt).toEqual(NOON);
    const stolen = await followCallback(t, callback, attackerBrowser);
    expect(Object.fromEntries(stolen.searchParams)).toEqual({ quickbooks: 'error', reason: 'invalid_state' });
    expect(await quickbooksSnapshot(t, attacker.entityId)).toEqual(before);
  });

  it('is refused in another Keel user’s browser, even one holding a binding for its own company', async () => {
    const attacker = await createLedgerFixture(t, 'Other Company');
    const victim = await createLedgerFixture(t, 'Victim Company');
    const attackerBefore = await quickbooksSnapshot(t, attacker.entityId);
    const victimBefore = await quickbooksSnapshot(t, victim.entityId);
    const attackerUrl = await startQuickbooksConnection(
      t,
      attacker.entityId,
      attacker.owner.token,
      newTestBrowser(),
    );

    // The victim has a flow of their own under way, in the browser the attacker's link is opened in.
    const victimBrowser = newTestBrowser();
    const victimUrl = await startQuickbooksConnection(t, victim.entityId, victim.owner.token, victimBrowser);
    await expectRefusalPage(await answerConsent(t, attackerUrl, 'connect'), victimBrowser);
    // The victim's own binding, sent under the name of a new flow of the attacker's, does not pass either.
    const swapped = newTestBrowser();
    const [victimCookie] = [...victimBrowser.cookies.values()];
    const second = await startQuickbooksConnection(
      t,
      attacker.entityId,
      attacker.owner.token,
      newTestBrowser(),
    );
    const secondState = second.searchParams.get('state') ?? '';
    swapped.cookies.set(quickbooksBindingCookie(t.config, secondState).name, {
      value: victimCookie?.value ?? '',
      expiresAt: Number.POSITIVE_INFINITY,
    });
    await expectRefusalPage(await answerConsent(t, second, 'connect'), swapped);

    expect(await quickbooksSnapshot(t, attacker.entityId)).toEqual(attackerBefore);
    expect(await quickbooksSnapshot(t, victim.entityId)).toEqual(victimBefore);
    // The victim's own flow, in their own browser, still connects their own company, and only it.
    const own = await followCallback(t, await answerConsent(t, victimUrl, 'connect'), victimBrowser);
    expect(own.searchParams.get('quickbooks')).toBe('connected');
    expect((await quickbooksConnectionRow(t, victim.entityId))?.realmId).toBe(SANDBOX_REALM);
    expect(await quickbooksSnapshot(t, attacker.entityId)).toEqual(attackerBefore);
  });

  it('is refused for the right user in another browser, whose own flow of the same company does not help', async () => {
    const acme = await createLedgerFixture(t, 'Two Browsers');
    const before = await quickbooksSnapshot(t, acme.entityId);
    const laptop = newTestBrowser();
    const phone = newTestBrowser();
    const fromLaptop = await startQuickbooksConnection(t, acme.entityId, acme.owner.token, laptop);
    await startQuickbooksConnection(t, acme.entityId, acme.owner.token, phone);
    const callback = await answerConsent(t, fromLaptop, 'connect');
    await expectRefusalPage(callback, phone);
    expect(await quickbooksSnapshot(t, acme.entityId)).toEqual(before);
    // Spent: going back to the laptop with the phone's address does not finish it.
    const back = await followCallback(t, callback, laptop);
    expect(back.searchParams.get('reason')).toBe('invalid_state');
    expect(await quickbooksSnapshot(t, acme.entityId)).toEqual(before);
  });

  it('is refused when replayed after it finished, and the connection is left as it was', async () => {
    const acme = await createLedgerFixture(t, 'Replay');
    const browser = newTestBrowser();
    const oauthUrl = await startQuickbooksConnection(t, acme.entityId, acme.owner.token, browser);
    const callback = await answerConsent(t, oauthUrl, 'connect');
    const kept = copyKeepingCookies(browser);
    expect((await followCallback(t, callback, browser)).searchParams.get('quickbooks')).toBe('connected');
    const connected = await quickbooksSnapshot(t, acme.entityId);
    // The same browser (its cookie cleared), another one, and one that kept the cookie.
    await expectRefusalPage(callback, browser);
    await expectRefusalPage(callback, newTestBrowser());
    expect((await followCallback(t, callback, kept)).searchParams.get('reason')).toBe('invalid_state');
    expect(await quickbooksSnapshot(t, acme.entityId)).toEqual(connected);
  });

  it('is refused when the cookie has expired with the state', async () => {
    const acme = await createLedgerFixture(t, 'Too Late');
    const before = await quickbooksSnapshot(t, acme.entityId);
    const browser = newTestBrowser();
    const oauthUrl = await startQuickbooksConnection(t, acme.entityId, acme.owner.token, browser);
    t.clock.advance(10 * 60_000 + 1_000);
    await expectRefusalPage(await answerConsent(t, oauthUrl, 'connect'), browser);
    expect(await quickbooksSnapshot(t, acme.entityId)).toEqual(before);
  });

  it('answers a program with the 403 problem', async () => {
    const acme = await createLedgerFixture(t, 'Program');
    const oauthUrl = await startQuickbooksConnection(t, acme.entityId, acme.owner.token, newTestBrowser());
    const response = await openCallback(t, await answerConsent(t, oauthUrl, 'connect'), newTestBrowser(), {
      accept: 'application/json',
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toEqual({
      status: 403,
      type: 'forbidden',
      title: 'Forbidden',
      detail: BROWSER_MISMATCH_DETAIL,
    });
  });
});

describe('the log', () => {
  it('notes a refused callback at info with its reason, and never the state, the code or the cookie', async () => {
    const log = captureLog();
    const logged = await createTestApp({
      env: { JOB_WORKER: 'false', LOG_LEVEL: 'trace' },
      logStream: log.stream,
    });
    try {
      const acme = await createLedgerFixture(logged, 'Logged');
      const browser = newTestBrowser();
      const refusedUrl = await startQuickbooksConnection(logged, acme.entityId, acme.owner.token, browser);
      const refused = await answerConsent(logged, refusedUrl, 'connect');
      const response = await openCallback(logged, refused, newTestBrowser(), { accept: 'text/html' });
      expect(response.statusCode).toBe(403);
      const oauthUrl = await startQuickbooksConnection(logged, acme.entityId, acme.owner.token, browser);
      const bindings = [...browser.cookies.values()].map((cookie) => cookie.value);
      const callback = await answerConsent(logged, oauthUrl, 'connect');
      const landing = await followCallback(logged, callback, browser);
      expect(landing.searchParams.get('quickbooks')).toBe('connected');

      const refusals = log.lines().filter((line) => line.msg === 'QuickBooks connection refused');
      expect(refusals).toHaveLength(1);
      expect(refusals[0]).toMatchObject({ level: LEVEL.info, reason: 'browser_mismatch' });
      const text = log.text();
      const secrets = [
        refused.searchParams.get('state'),
        refused.searchParams.get('code'),
        callback.searchParams.get('state'),
        callback.searchParams.get('code'),
        ...bindings,
      ];
      expect(bindings).toHaveLength(2);
      for (const secret of secrets) {
        expect(secret).toBeTruthy();
        expect(text).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });
});
