import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditOf,
  createUser,
  findUserRow,
  getWithToken,
  graphqlMe,
  postForm,
  postJson,
  rowCounts,
  uniqueEmail,
} from '../../test/authKit';
import { createTestApp, type TestApp } from '../../test/harness';
import { invites, memberships } from '../db/schema';
import { INVITATION_INVALID } from '../modules/auth/signUp';
import { hashSecret } from '../modules/auth/tokens';
import { createEntity } from '../modules/entities/service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
// Each test starts outside the previous tests' hour of sign-ups from 127.0.0.1.
beforeEach(() => {
  t.clock.advance(61 * 60_000);
});

const signUp = (user: unknown, remoteAddress?: string) =>
  postJson(t, '/api/v1/users', { user }, { remoteAddress });
const validUser = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('new'),
  password: 'a long enough password',
  name: 'Ada Lovelace',
  ...overrides,
});

async function createInvite(email: string, role: 'admin' | 'bookkeeper', token: string) {
  const owner = await createUser(t);
  const entity = await createEntity(t.db, t.clock, owner.id, `Invited Co ${token}`);
  await t.db.insert(invites).values({
    entityId: entity.id,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    role,
    tokenHash: hashSecret(token),
    senderId: owner.id,
    expiresAt: new Date(t.clock.now().getTime() + 86_400_000),
  });
  return entity;
}

describe('POST /api/v1/users', () => {
  it('creates the user, answers 201 with the user and a working token, and records the sign-up', async () => {
    const input = validUser({ email: `  ${uniqueEmail('Mixed').toUpperCase()} ` });
    const response = await signUp(input);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    const email = String(input.email).trim().toLowerCase();
    expect(body).toEqual({
      user: { id: expect.any(String), email, name: 'Ada Lovelace', phone_number: null },
      auth: { access_token: expect.any(String) },
    });
    expect((await getWithToken(t, '/userinfo/v2/me', body.auth.access_token)).json()).toMatchObject({
      email,
    });
    expect((await graphqlMe(t, body.auth.access_token)).data?.me.id).toBe(body.user.id);
    const row = await findUserRow(t, email);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const [event] = (await auditOf(t, 'user.signup')).filter((e) => e.userId === body.user.id);
    expect(event).toMatchObject({ email, ip: '127.0.0.1', userAgent: 'vitest-agent' });
  });

  it("answers 422 'has already been taken' for an existing email in any case, writing nothing", async () => {
    const existing = await createUser(t);
    const before = await rowCounts(t);
    const response = await signUp(validUser({ email: existing.email.toUpperCase() }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ messages: { email: ['has already been taken'] } });
    expect(await rowCounts(t)).toEqual(before);
  });

  it('lets only one of two simultaneous sign-ups with one email succeed', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all([signUp(validUser({ email })), signUp(validUser({ email }))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422]);
  });

  it('allows 10 sign-ups per address per hour, then answers 429 with Retry-After and writes nothing', async () => {
    for (let i = 0; i < 9; i++) {
      expect((await signUp(validUser(), '192.0.2.50')).statusCode).toBe(201);
      t.clock.advance(60_000);
    }
    // A taken email counts too: each one tells whether an account exists.
    const existing = await createUser(t);
    expect((await signUp(validUser({ email: existing.email }), '192.0.2.50')).statusCode).toBe(422);
    const before = await rowCounts(t);
    const refused = await signUp(validUser(), '192.0.2.50');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: 429,
      type: 'too_many_requests',
      title: 'Too Many Requests',
      detail: 'Too many sign-ups from this address. Try again later.',
    });
    // The hour began with the first sign-up, 9 minutes ago.
    expect(refused.headers['retry-after']).toBe(String(60 * 60 - 9 * 60));
    expect(await rowCounts(t)).toEqual(before);
    expect((await signUp(validUser(), '192.0.2.51')).statusCode).toBe(201);
    t.clock.advance((60 - 9) * 60_000);
    expect((await signUp(validUser(), '192.0.2.50')).statusCode).toBe(201);
  });

  it.each([
    ['a short password', { password: 'short' }, { password: ['Password must be at least 8 characters'] }],
    [
      'a 10 kB password',
      { password: 'p'.repeat(10_240) },
      { password: ['Password must be at most 128 characters'] },
    ],
    ['a blank name', { name: '   ' }, { name: ['Name must contain at least 1 letter'] }],
    ['a 10 kB name', { name: 'n'.repeat(10_240) }, { name: ['Name is too long'] }],
    ['an invalid email', { email: 'not an email' }, { email: ['Invalid email'] }],
    ['a number for the email', { email: 42 }, { email: ['Email is required'] }],
    ['a number for the name', { name: 7 }, { name: ['Name must contain at least 1 letter'] }],
    [
      'a 10 kB invite token',
      { invite_token: 'i'.repeat(10_240) },
      { invite_token: ['Invite token is invalid'] },
    ],
  ])('answers 422 with field messages for %s, writing nothing', async (_name, overrides, messages) => {
    const before = await rowCounts(t);
    const response = await signUp(validUser(overrides));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ messages });
    expect(await rowCounts(t)).toEqual(before);
  });

  it('refuses text holding a NUL character with 400, writing nothing', async () => {
    const before = await rowCounts(t);
    const response = await signUp(validUser({ name: 'Ada\u0000Lovelace' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: 'Text must not contain NUL characters' });
    expect(await rowCounts(t)).toEqual(before);
  });

  it('refuses a lone surrogate with 400 instead of storing U+FFFD, writing nothing', async () => {
    const before = await rowCounts(t);
    // JSON.stringify escapes a lone surrogate as \ud800, which JSON.parse turns back into one.
    const response = await signUp(validUser({ name: 'Ada\uD800 Lovelace' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: 'Text must be valid Unicode (it has a lone surrogate)' });
    expect(await rowCounts(t)).toEqual(before);
  });

  it('lists every missing field when the user object is missing', async () => {
    const before = await rowCounts(t);
    const response = await postJson(t, '/api/v1/users', { email: 'flat@example.com' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().messages).sort()).toEqual(['email', 'name', 'password']);
    expect(await rowCounts(t)).toEqual(before);
  });

  it('refuses malformed JSON (400) and bodies that are not JSON (415), writing nothing', async () => {
    const before = await rowCounts(t);
    const malformed = await postJson(t, '/api/v1/users', '{"user": {"email": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 400, type: 'bad_request' });
    const form = await postForm(t, '/api/v1/users', { 'user[email]': 'a@example.com' });
    expect(form.statusCode).toBe(415);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(await rowCounts(t)).toEqual(before);
  });

  it("joins the invite's entity with its role and marks the invite accepted, in the sign-up", async () => {
    const email = uniqueEmail('invitee');
    const entity = await createInvite(email, 'bookkeeper', 'invite-token-1');
    const response = await signUp(validUser({ email: email.toUpperCase(), invite_token: 'invite-token-1' }));
    expect(response.statusCode).toBe(201);
    const userId = response.json().user.id;
    const [membership] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.entityId, entity.id), eq(memberships.userId, userId)));
    expect(membership?.role).toBe('bookkeeper');
    const [invite] = await t.db.select().from(invites).where(eq(invites.entityId, entity.id));
    expect(invite?.acceptedAt).not.toBeNull();
    expect(invite?.recipientId).toBe(userId);
    expect(response.json().invitation).toEqual({ entity_id: entity.id, status: 'joined' });
    // The token is not kept anywhere in clear: the invite holds its hash only.
    expect(JSON.stringify(await findUserRow(t, email))).not.toContain('invite-token-1');
  });

  it.each([
    ['sent to another email', 'invite-token-2', true],
    ['unknown', 'no-such-invite', false],
  ])('refuses a sign-up whose invitation is %s, creating nothing', async (_case, token, exists) => {
    const entity = exists ? await createInvite(uniqueEmail('someone-else'), 'admin', token) : null;
    const email = uniqueEmail('stranger');
    const before = await rowCounts(t);
    const response = await signUp(validUser({ email, invite_token: token }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ messages: { invitation: [INVITATION_INVALID] } });
    expect(await findUserRow(t, email)).toBeUndefined();
    expect(await rowCounts(t)).toEqual(before);
    if (entity) {
      const [invite] = await t.db.select().from(invites).where(eq(invites.entityId, entity.id));
      expect(invite?.acceptedAt).toBeNull();
    }
  });
});
