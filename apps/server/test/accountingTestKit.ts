import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../src/db/queryRows';
import { jobs, quickbooksAccounts, quickbooksConnections } from '../src/db/schema';
import {
  type AccountingDeps,
  QUICKBOOKS_SYNC_JOB,
  type SyncQuickbooksOptions,
  syncQuickbooks,
} from '../src/modules/accounting';
import { isDebitNormal } from '../src/modules/accounting/quickbooksRoots';
import { issueAccessToken } from '../src/modules/auth/tokens';
import type { SandboxAccountingControls } from '../src/providers/accounting';
import { secretBoxOf } from '../src/secrets/secretBox';
import type { TestApp } from './harness';

/** Test support for the QuickBooks suites (modules/accounting). Test code only. */

export const QUICKBOOKS_CONNECTION = `query($e: ID!) { quickbooksConnection(entityId: $e) {
  id realmId companyName status connectedAt lastSyncedAt sandbox } }`;
export const QUICKBOOKS_ACCOUNTS = `query($e: ID!) { quickbooksAccounts(entityId: $e) {
  id name accountType currentBalance ledgerAccountId } }`;
export const CREATE_QUICKBOOKS_CONNECTION =
  'mutation($e: ID!) { createQuickbooksConnection(entityId: $e) { oauthUrl } }';
export const SYNC_QUICKBOOKS = 'mutation($e: ID!) { syncQuickbooks(entityId: $e) { id type status } }';
export const DELETE_QUICKBOOKS_CONNECTION =
  'mutation($e: ID!) { deleteQuickbooksConnection(entityId: $e) { entityId } }';

/** The sandbox's two company files. */
export const SANDBOX_REALM = '9341455130122801';
export const OTHER_SANDBOX_REALM = '9341455130187456';

export type QuickbooksAccountView = {
  id: string;
  name: string;
  accountType: string;
  currentBalance: number;
  ledgerAccountId: string | null;
};

export function quickbooksSandboxOf(t: TestApp): SandboxAccountingControls {
  const sandbox = t.providers.accounting.sandbox;
  if (!sandbox) throw new Error('The accounting provider is not the sandbox');
  return sandbox;
}

const accountingDepsOfTest = (t: TestApp): AccountingDeps => ({
  db: t.db,
  clock: t.clock,
  config: t.config,
  accounting: t.providers.accounting,
  secrets: secretBoxOf(t.config),
});

/** A fresh access token for a user (the test users' tokens last a day; tests that move the clock need new ones). */
export async function freshToken(t: TestApp, userId: string): Promise<string> {
  return (await issueAccessToken(t.db, t.clock, userId, 24)).token;
}

/** The path and query of an absolute URL, for app.inject. */
const pathOf = (url: URL) => `${url.pathname}${url.search}`;

/**
 * A browser, as far as the QuickBooks flow can tell one from another: the cookies the app set in it
 * (the binding cookie of each flow it started), each until it expires by the app's clock. Only
 * callbacks are sent them: the binding cookie's path is the callback's.
 */
export type TestBrowser = { cookies: Map<string, { value: string; expiresAt: number }> };

export const newTestBrowser = (): TestBrowser => ({ cookies: new Map() });

/**
 * A copy of the browser's cookies as they are now, sent whatever their lifetime: a browser whose clock
 * is behind, or one that kept a cookie the app has since cleared in the original.
 */
export function copyKeepingCookies(browser: TestBrowser): TestBrowser {
  return {
    cookies: new Map(
      [...browser.cookies].map(([name, cookie]) => [
        name,
        { value: cookie.value, expiresAt: Number.POSITIVE_INFINITY },
      ]),
    ),
  };
}

/** The browser the helpers use when a test names none: one per test file, as one person's would be. */
const defaultBrowser = newTestBrowser();

/** One Set-Cookie line: its name, its value, and its lifetime in seconds (null: for the session). */
export function parseSetCookie(line: string): {
  name: string;
  value: string;
  maxAge: number | null;
  attributes: Map<string, string>;
} {
  const [pair = '', ...rest] = line.split(';').map((part) => part.trim());
  const separator = pair.indexOf('=');
  const attributes = new Map<string, string>();
  for (const attribute of rest) {
    const equals = attribute.indexOf('=');
    const key = (equals < 0 ? attribute : attribute.slice(0, equals)).toLowerCase();
    attributes.set(key, equals < 0 ? '' : attribute.slice(equals + 1));
  }
  const maxAge = attributes.get('max-age');
  const expires = attributes.get('expires');
  const expired = expires !== undefined && new Date(expires).getTime() <= 0;
  return {
    name: pair.slice(0, separator),
    value: decodeURIComponent(pair.slice(separator + 1)),
    maxAge: expired ? 0 : maxAge !== undefined ? Number(maxAge) : null,
    attributes,
  };
}

/** The Set-Cookie lines of a response. */
export function setCookieLines(headers: Record<string, unknown>): string[] {
  const value = headers['set-cookie'];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

/** Keeps (or, for a cookie set to expire, forgets) what a response set in the browser. */
function keepCookies(t: TestApp, browser: TestBrowser, headers: Record<string, unknown>) {
  for (const line of setCookieLines(headers)) {
    const cookie = parseSetCookie(line);
    if (cookie.maxAge !== null && cookie.maxAge <= 0) browser.cookies.delete(cookie.name);
    else {
      const expiresAt =
        cookie.maxAge === null ? Number.POSITIVE_INFINITY : t.clock.now().getTime() + cookie.maxAge * 1_000;
      browser.cookies.set(cookie.name, { value: cookie.value, expiresAt });
    }
  }
}

/** The Cookie header the browser sends, without the cookies that have expired by the app's clock. */
function cookieHeaderOf(t: TestApp, browser: TestBrowser): Record<string, string> {
  const now = t.clock.now().getTime();
  const live = [...browser.cookies].filter(([, cookie]) => cookie.expiresAt > now);
  return live.length === 0
    ? {}
    : { cookie: live.map(([name, cookie]) => `${name}=${encodeURIComponent(cookie.value)}`).join('; ') };
}

/**
 * createQuickbooksConnection as the token's user, from the browser (whose cookies keep what the
 * answer sets): QuickBooks' consent screen's address.
 */
export async function startQuickbooksConnection(
  t: TestApp,
  entityId: string,
  token: string,
  browser: TestBrowser = defaultBrowser,
): Promise<URL> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify({ query: CREATE_QUICKBOOKS_CONNECTION, variables: { e: entityId } }),
  });
  keepCookies(t, browser, response.headers);
  const result = response.json<{ data?: { createQuickbooksConnection: { oauthUrl: string } } }>();
  const oauthUrl = result.data?.createQuickbooksConnection.oauthUrl;
  if (!oauthUrl) throw new Error(`createQuickbooksConnection: ${response.body}`);
  return new URL(oauthUrl);
}

/** The consent page's form posted with Connect (for a company file) or Cancel: where it sends the browser. */
export async function answerConsent(
  t: TestApp,
  oauthUrl: URL,
  decision: 'connect' | 'cancel',
  realmId = SANDBOX_REALM,
): Promise<URL> {
  const fields = new URLSearchParams(oauthUrl.search);
  fields.set('decision', decision);
  fields.set('realm_id', realmId);
  const response = await t.app.inject({
    method: 'POST',
    url: oauthUrl.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: fields.toString(),
  });
  expect(response.statusCode, response.body).toBe(303);
  return new URL(String(response.headers.location));
}

/** The browser opening the callback's address (with its cookies): the answer, whatever it is. */
export async function openCallback(
  t: TestApp,
  callback: URL,
  browser: TestBrowser = defaultBrowser,
  headers: Record<string, string> = {},
) {
  const response = await t.app.inject({
    method: 'GET',
    url: pathOf(callback),
    headers: { ...headers, ...cookieHeaderOf(t, browser) },
  });
  keepCookies(t, browser, response.headers);
  return response;
}

/** The callback followed by the browser: where it sends it (the integrations page with the outcome). */
export async function followCallback(
  t: TestApp,
  callback: URL,
  browser: TestBrowser = defaultBrowser,
): Promise<URL> {
  const response = await openCallback(t, callback, browser);
  expect(response.statusCode, response.body).toBe(303);
  return new URL(String(response.headers.location));
}

/** The whole round trip as the token's user (the owner's by default) in one browser: the settings page it ends on. */
export async function connectQuickbooks(
  t: TestApp,
  fixture: { entityId: string; owner: { token: string } },
  options: { token?: string; realmId?: string; browser?: TestBrowser } = {},
): Promise<{ landing: URL; jobId: string | null }> {
  const browser = options.browser ?? defaultBrowser;
  const oauthUrl = await startQuickbooksConnection(
    t,
    fixture.entityId,
    options.token ?? fixture.owner.token,
    browser,
  );
  const callback = await answerConsent(t, oauthUrl, 'connect', options.realmId ?? SANDBOX_REALM);
  const landing = await followCallback(t, callback, browser);
  return { landing, jobId: landing.searchParams.get('jobId') };
}

export const syncNow = (t: TestApp, entityId: string, options: SyncQuickbooksOptions = {}) =>
  syncQuickbooks(accountingDepsOfTest(t), entityId, options);

/** Waits until the company has no QuickBooks sync queued or running (a test app's runner is on). */
export async function waitForQuickbooksSyncs(
  t: TestApp,
  entityId: string,
  timeoutMs = 30_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const active = await t.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.entityId, entityId),
          eq(jobs.type, QUICKBOOKS_SYNC_JOB),
          inArray(jobs.status, ['queued', 'running']),
        ),
      );
    if (active.length === 0) return;
    if (Date.now() > until) throw new Error(`QuickBooks syncs still active for ${entityId}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function quickbooksConnectionRow(t: TestApp, entityId: string) {
  const [row] = await t.db
    .select()
    .from(quickbooksConnections)
    .where(eq(quickbooksConnections.entityId, entityId));
  return row ?? null;
}

/** Counts of the company's QuickBooks rows and books, to compare before and after. */
export async function quickbooksSnapshot(t: TestApp, entityId: string) {
  const [row] = await queryRows<Record<string, number | string | null>>(
    t.db,
    sql`SELECT
      (SELECT count(*) FROM quickbooks_connections WHERE entity_id = ${entityId}::uuid)::int AS connections,
      (SELECT string_agg(status || ':' || realm_id, ',') FROM quickbooks_connections WHERE entity_id = ${entityId}::uuid) AS status,
      (SELECT count(*) FROM quickbooks_accounts WHERE entity_id = ${entityId}::uuid)::int AS accounts,
      (SELECT count(*) FROM quickbooks_transactions WHERE entity_id = ${entityId}::uuid)::int AS imported,
      (SELECT count(*) FROM transactions WHERE entity_id = ${entityId}::uuid)::int AS transactions,
      (SELECT count(*) FROM entries WHERE entity_id = ${entityId}::uuid)::int AS entries,
      (SELECT count(*) FROM jobs WHERE entity_id = ${entityId}::uuid)::int AS jobs,
      (SELECT api_flags::text FROM entities WHERE id = ${entityId}::uuid) AS api_flags`,
  );
  return row;
}

/**
 * The company's QuickBooks balance-sheet accounts whose ledger account's balance (the sum of its
 * actual entries, a credit negative) differs from QuickBooks' CurrentBalance, signed as the books hold
 * it. Empty when the books agree with QuickBooks.
 */
export async function balanceMismatches(t: TestApp, entityId: string) {
  const rows = await t.db.select().from(quickbooksAccounts).where(eq(quickbooksAccounts.entityId, entityId));
  const mismatches: { name: string; quickbooks: number; books: number }[] = [];
  for (const row of rows) {
    if (!['Asset', 'Liability', 'Equity'].includes(row.classification) || !row.ledgerAccountId) continue;
    const [sum] = await queryRows<{ total: string }>(
      t.db,
      sql`SELECT coalesce(sum(amount), 0)::text AS total FROM entries
          WHERE account_id = ${row.ledgerAccountId}::uuid AND scenario = 'actual'`,
    );
    const books = Number(sum?.total ?? 0);
    const expected = isDebitNormal(row.classification) ? row.currentBalance : -row.currentBalance;
    if (books !== expected) mismatches.push({ name: row.name, quickbooks: expected, books });
  }
  return mismatches;
}

/** The entity's API flags. */
export async function apiFlagsOf(t: TestApp, entityId: string): Promise<{ qbo: boolean; finch: boolean }> {
  const [row] = await queryRows<{ api_flags: { qbo: boolean; finch: boolean } }>(
    t.db,
    sql`SELECT api_flags FROM entities WHERE id = ${entityId}::uuid`,
  );
  if (!row) throw new Error(`No entity ${entityId}`);
  return row.api_flags;
}
