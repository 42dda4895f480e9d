import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { STORAGE_KEYS } from '../../src/lib/storageKeys';

export const PASSWORD = 'correct-horse-42';

let counter = 0;

/** An address no other test (or earlier run) uses. */
export function uniqueEmail(prefix: string, domain = 'example.test'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@${domain}`;
}

export type TestUser = { email: string; password: string; name: string; token: string };

let clients = 0;
/**
 * A client address of its own for each API sign-up (the server allows 10 sign-ups per address per
 * hour; the specs make more). The e2e server trusts X-Forwarded-For (TRUST_PROXY in playwright.config).
 */
function nextClientAddress(): string {
  clients += 1;
  return `10.${process.pid % 256}.${Math.floor(clients / 256) % 256}.${clients % 256}`;
}

/** Signs a user up through the API, as the signup page would, as a client of its own. */
export async function signUpUser(
  request: APIRequestContext,
  options: { email?: string; name?: string; password?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail('user');
  const name = options.name ?? 'Taylor Tester';
  const password = options.password ?? PASSWORD;
  const response = await request.post('/api/v1/users', {
    data: { user: { email, password, name } },
    headers: { 'x-forwarded-for': nextClientAddress() },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { auth: { access_token: string } };
  return { email, password, name, token: body.auth.access_token };
}

/** A user who owns one entity, so the signed-in pages show at once. */
export async function signUpUserWithEntity(
  request: APIRequestContext,
  entityName: string,
  options: { email?: string; name?: string } = {},
): Promise<TestUser> {
  const user = await signUpUser(request, options);
  await createEntity(request, user.token, entityName);
  return user;
}

/** Runs a GraphQL operation as the user and returns its data, failing on errors. */
export async function graphql<T>(
  request: APIRequestContext,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const response = await request.post('/graphql', {
    data: { query, variables },
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as T;
}

export async function createEntity(request: APIRequestContext, token: string, name: string): Promise<string> {
  const data = await graphql<{ createEntity: { id: string } }>(
    request,
    token,
    'mutation CreateEntity($name: String!) { createEntity(name: $name) { id } }',
    { name },
  );
  return data.createEntity.id;
}

/**
 * The server's clock runs on a pinned day (KEEL_TODAY) but advances in real time, so TOTP codes must
 * be computed at the server's time. The token endpoint reports when it issued a token.
 */
export async function measureServerClockOffsetMs(
  request: APIRequestContext,
  user: TestUser,
): Promise<number> {
  const before = Date.now();
  const response = await request.post('/oauth/token', {
    data: { email: user.email, password: user.password, grant_type: 'password' },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { created_at } = (await response.json()) as { created_at: number };
  const localMidpoint = (before + Date.now()) / 2;
  return created_at * 1000 + 500 - localMidpoint;
}

/** Turns on authenticator-app two-factor through the development route; returns the TOTP secret. */
export async function enableAppTwoFactor(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/dev/two-factor', { data: { email, method: 'app' } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { otp_secret: string }).otp_secret;
}

/** Turns on SMS two-factor with the given phone number through the development route. */
export async function enableSmsTwoFactor(request: APIRequestContext, email: string, phoneNumber: string) {
  const response = await request.post('/api/dev/two-factor', {
    data: { email, method: 'sms', phone_number: phoneNumber },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export function totpCode(secret: string, serverOffsetMs: number): Promise<string> {
  return generate({ secret, epoch: Math.floor((Date.now() + serverOffsetMs) / 1000) });
}

export type OutboxMessage = { id: string; channel: string; recipient: string; subject: string; body: string };

/**
 * The messages the sandbox email and SMS providers 'sent' to a recipient, newest first. Reset emails
 * are sent after the request is answered: poll for them (`expect(...).toPass()`).
 */
export async function readOutbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/** Signs the browser in with a token obtained through the API, skipping the login form. */
export async function signInWithToken(page: Page, token: string) {
  await page.goto('/password/reset');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, JSON.stringify(value)), [
    STORAGE_KEYS.authToken,
    token,
  ] as const);
}

export async function readStoredToken(page: Page): Promise<string | null> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.authToken);
  return raw === null ? null : (JSON.parse(raw) as string);
}
