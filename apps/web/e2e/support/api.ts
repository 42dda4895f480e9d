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

/** A company or record name no other run uses, so rows found by it are this test's own. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${process.pid}${counter}`;
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

/**
 * Signs a user up through the API as the signup page would, as a client of its own, then confirms the
 * address as the emailed link's page does (sign-up itself signs nobody in); the token is that sign-in's.
 */
export async function signUpUser(
  request: APIRequestContext,
  options: { email?: string; name?: string; password?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail('user');
  const name = options.name ?? 'Taylor Tester';
  const password = options.password ?? PASSWORD;
  const client = await startSignUp(request, { email, name, password });
  const link = await readConfirmationLink(request, email);
  const confirmed = await request.post('/api/v1/auth/verification/confirm', {
    data: { email, token: link.token, password },
    headers: { 'x-forwarded-for': client },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const body = (await confirmed.json()) as { auth: { access_token: string } };
  return { email, password, name, token: body.auth.access_token };
}

/**
 * Sign-up's first step through the API, as a client of its own: 202 'check your email' (the account
 * waits for its address to be confirmed). Returns the client address used.
 */
export async function startSignUp(
  request: APIRequestContext,
  user: { email: string; name: string; password: string },
): Promise<string> {
  const client = nextClientAddress();
  const response = await request.post('/api/v1/users', {
    data: { user },
    headers: { 'x-forwarded-for': client },
  });
  expect(response.status(), await response.text()).toBe(202);
  return client;
}

/** The subject of the email whose link confirms a new account's address. */
const CONFIRMATION_SUBJECT = 'Confirm your email for Keel';

/**
 * The newest confirmation link mailed to the address: its path (for page.goto) and token. Sign-up
 * mails it after answering: polled for.
 */
export async function readConfirmationLink(
  request: APIRequestContext,
  email: string,
): Promise<{ path: string; token: string }> {
  let link = { path: '', token: '' };
  await expect(async () => {
    const messages = await readOutbox(request, email);
    const message = messages.find((candidate) => candidate.subject === CONFIRMATION_SUBJECT);
    const found = /https?:\/\/[^/\s]+(\/email\/verify\?\S+)/.exec(message?.body ?? '');
    expect(found?.[1], 'a confirmation link').toBeTruthy();
    const path = found?.[1] ?? '';
    link = { path, token: new URL(path, 'http://keel').searchParams.get('token') ?? '' };
  }).toPass();
  return link;
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

type OutboxMessage = { id: string; channel: string; recipient: string; subject: string; body: string };

/**
 * The messages the sandbox email and SMS providers 'sent' to a recipient, newest first. Reset emails
 * are sent after the request is answered: poll for them (`expect(...).toPass()`).
 */
export async function readOutbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/**
 * Signs the browser in with a token obtained through the API, skipping the login form: the token goes
 * into the origin's storage from the site's icon, a page that runs no app, so the next page.goto opens
 * the app signed in.
 */
export async function signInWithToken(page: Page, token: string) {
  await page.goto('/favicon.svg');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, JSON.stringify(value)), [
    STORAGE_KEYS.authToken,
    token,
  ] as const);
}

/** Signs the browser in as a user with a password, through the API rather than the form. */
export async function signInBrowserByApi(page: Page, email: string, password: string) {
  await signInWithToken(page, await signInByApi(page.request, email, password));
}

export async function readStoredToken(page: Page): Promise<string | null> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.authToken);
  return raw === null ? null : (JSON.parse(raw) as string);
}

/**
 * Gives the browser a client address of its own (X-Forwarded-For, trusted by the e2e server), so the
 * per-address limits it meets (failed sign-ins, reset emails) count this test's requests only.
 */
export async function giveBrowserOwnClientAddress(page: Page) {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': nextClientAddress() });
}

/** Signs in through the API with a password (a user without two-factor); returns the access token. */
export async function signInByApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const response = await request.post('/api/v1/auth/login', {
    data: { email, password, grant_type: 'password' },
    headers: { 'x-forwarded-for': nextClientAddress() },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { auth: { access_token: string } }).auth.access_token;
}

/** The id of the user's entity of that name. */
export async function entityIdByName(
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<string> {
  const data = await graphql<{ entities: { id: string; name: string }[] }>(
    request,
    token,
    'query EntityIds { entities { id name } }',
  );
  const entity = data.entities.find((candidate) => candidate.name === name);
  expect(entity, `entity ${name}`).toBeDefined();
  return entity?.id ?? '';
}

type Invitee = { firstName: string; lastName: string; email: string; role: 'admin' | 'bookkeeper' };

/** Invites a person to the entity as the token's user (createInvite); returns the invitation's id. */
export async function inviteByApi(
  request: APIRequestContext,
  token: string,
  entityId: string,
  invitee: Invitee,
): Promise<string> {
  const data = await graphql<{ createInvite: { id: string } }>(
    request,
    token,
    `mutation Invite($entityId: ID!, $firstName: String!, $lastName: String!, $email: String!, $role: String!) {
      createInvite(entityId: $entityId, firstName: $firstName, lastName: $lastName, email: $email, role: $role) { id }
    }`,
    { entityId, ...invitee },
  );
  return data.createInvite.id;
}

/** The invite_token of the newest invitation email sent to the address (read from the sandbox outbox). */
export async function readInviteToken(request: APIRequestContext, email: string): Promise<string> {
  let token = '';
  await expect(async () => {
    const [message] = await readOutbox(request, email);
    const link = /\/signup\?invite_token=([^\s]+)/.exec(message?.body ?? '');
    expect(link?.[1], 'an invitation link').toBeTruthy();
    token = decodeURIComponent(link?.[1] ?? '');
  }).toPass();
  return token;
}

/**
 * Signs up through the API with an invitation's token, as the emailed link's page would; `invitation`
 * says where it led: 'joined' the company, or 'awaiting_approval' by an owner or admin.
 */
export async function signUpInvitedUser(
  request: APIRequestContext,
  invitee: { email: string; name: string },
  inviteToken: string,
): Promise<TestUser & { invitation: string | null }> {
  const response = await request.post('/api/v1/users', {
    data: {
      user: { email: invitee.email, password: PASSWORD, name: invitee.name, invite_token: inviteToken },
    },
    headers: { 'x-forwarded-for': nextClientAddress() },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { auth: { access_token: string }; invitation?: { status: string } };
  return {
    email: invitee.email,
    password: PASSWORD,
    name: invitee.name,
    token: body.auth.access_token,
    invitation: body.invitation?.status ?? null,
  };
}
