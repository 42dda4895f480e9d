import { count, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import {
  accessTokens,
  auditEvents,
  invites,
  memberships,
  outboxMessages,
  userSecrets,
  users,
} from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/passwords';
import type { TestApp } from './harness';

/** Helpers shared by the sign-in route tests (test code only; nothing in the app imports this file). */

let sequence = 0;
/** A fresh address per call, so tests in one file never collide. */
export function uniqueEmail(name = 'user'): string {
  sequence += 1;
  return `${name}-${sequence}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** POSTs a JSON body (or a raw string, to send malformed JSON). */
export function postJson(
  t: TestApp,
  url: string,
  payload: unknown,
  options: { headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', 'user-agent': 'vitest-agent', ...options.headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  } as InjectOptions);
}

/** POSTs an application/x-www-form-urlencoded body. */
export function postForm(
  t: TestApp,
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

export function getWithToken(t: TestApp, url: string, token?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/**
 * Rows of every table a sign-in route may write, once the background work started so far has ended:
 * a refused request must leave all of them unchanged.
 */
export async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  await t.app.backgroundTasks.drain();
  const tables = { users, accessTokens, userSecrets, auditEvents, outboxMessages, memberships, invites };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await t.db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

export type TestUser = { id: string; email: string; password: string };

/** A user with a password, written straight to the database; its address confirmed unless `verified: false`. */
export async function createUser(
  t: TestApp,
  options: {
    email?: string;
    password?: string;
    name?: string;
    phoneNumber?: string;
    verified?: boolean;
  } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'correct horse battery';
  const [user] = await t.db
    .insert(users)
    .values({
      email,
      name: options.name ?? 'Test User',
      passwordHash: await hashPassword(password),
      phoneNumber: options.phoneNumber ?? null,
      emailVerifiedAt: options.verified === false ? null : t.clock.now(),
    })
    .returning();
  return { id: user!.id, email, password };
}

/** Turns on two-factor through the dev route, as the browser tests do; returns the TOTP secret for 'app'. */
export async function enableTwoFactor(
  t: TestApp,
  email: string,
  method: 'app' | 'sms',
  phoneNumber?: string,
): Promise<string | null> {
  const response = await postJson(t, '/api/dev/two-factor', { email, method, phone_number: phoneNumber });
  if (response.statusCode !== 200) throw new Error(`two-factor: ${response.statusCode} ${response.body}`);
  return response.json<{ otp_secret: string | null }>().otp_secret;
}

/** The authenticator app's code for the secret at the test clock's time, shifted by whole steps. */
export function totpCode(t: TestApp, secret: string, stepOffset = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + stepOffset * 30 });
}

/** Signs in with a password (no two-factor) and returns the access token. */
export async function logIn(t: TestApp, user: TestUser): Promise<string> {
  const response = await postJson(t, '/api/v1/auth/login', {
    email: user.email,
    password: user.password,
    grant_type: 'password',
  });
  const token = response.json<{ auth: { access_token: string } | null }>().auth?.access_token;
  if (!token) throw new Error(`login: ${response.statusCode} ${response.body}`);
  return token;
}

/**
 * Every message the sandbox providers 'sent' to the recipient, newest first, once the background work
 * started so far (the reset emails) has ended.
 */
export async function outboxOf(t: TestApp, recipient: string) {
  await t.app.backgroundTasks.drain();
  const response = await getWithToken(t, `/api/dev/outbox?to=${encodeURIComponent(recipient)}`);
  return response.json<{ messages: { subject: string | null; body: string; channel: string }[] }>().messages;
}

/** The newest SMS or email the sandbox providers 'sent' to the recipient. */
export async function latestOutbox(t: TestApp, recipient: string) {
  return (await outboxOf(t, recipient))[0];
}

export async function findUserRow(t: TestApp, email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function auditOf(t: TestApp, type: string) {
  return t.db.select().from(auditEvents).where(eq(auditEvents.type, type));
}

/** Asks GraphQL who the token belongs to; UNAUTHENTICATED when the token is not live. */
export async function graphqlMe(t: TestApp, token: string) {
  return t.graphql<{ me: { id: string } }>('{ me { id } }', {}, token);
}

/** The link of the newest confirmation email sent to the address: its email and token. */
export async function confirmationLinkOf(
  t: TestApp,
  email: string,
): Promise<{ email: string; token: string }> {
  const messages = await outboxOf(t, email);
  const body = messages.find((message) => message.subject?.startsWith('Confirm your email'))?.body ?? '';
  const link = /(https?:\/\/\S+\/email\/verify\?\S+)/.exec(body)?.[1];
  if (!link) throw new Error(`No confirmation link mailed to ${email}`);
  const url = new URL(link);
  return { email: url.searchParams.get('email') ?? '', token: url.searchParams.get('token') ?? '' };
}

/** Opens a confirmation link with the password, as its page does. */
export function confirmEmailAddress(
  t: TestApp,
  link: { email: string; token: string },
  password: string,
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return postJson(t, '/api/v1/auth/verification/confirm', { ...link, password }, { remoteAddress });
}
