import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditOf,
  confirmationLinkOf,
  confirmEmailAddress,
  createUser,
  enableTwoFactor,
  findUserRow,
  getWithToken,
  graphqlMe,
  latestOutbox,
  logIn,
  outboxOf,
  postForm,
  postJson,
  rowCounts,
  uniqueEmail,
} from '../../test/authKit';
import { createTestApp, type TestApp } from '../../test/harness';
import { accessTokens, invites, memberships, users } from '../db/schema';
import {
  ACCOUNT_CLAIMED_SUBJECT,
  EXISTING_ACCOUNT_SUBJECT,
  VERIFICATION_EMAIL_SUBJECT,
} from '../modules/auth/accountEmails';
import { ACCOUNT_EXISTS_FOR_INVITATION, INVITATION_INVALID } from '../modules/auth/signUp';
import { hashSecret, issueAccessToken } from '../modules/auth/tokens';
import { createEntity } from '../modules/entities/service';
import type { EmailProvider } from '../providers';
import { createSandboxEmail } from '../providers/email/sandbox';

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

const CHECK_EMAIL = (email: string) => ({ user: { email }, auth: null, next_step: 'confirm_email' });

describe('POST /api/v1/users', () => {
  it("answers 202 'check your email' for a new address, signing nobody in; the emailed link, opened with the password, confirms the address and signs in", async () => {
    const input = validUser({ email: `  ${uniqueEmail('Mixed').toUpperCase()} ` });
    const email = String(input.email).trim().toLowerCase();
    const response = await signUp(input);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual(CHECK_EMAIL(email));
    await t.app.backgroundTasks.drain();
    const row = await findUserRow(t, email);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.emailVerifiedAt).toBeNull();
    expect(await t.db.select().from(accessTokens).where(eq(accessTokens.userId, row!.id))).toEqual([]);
    // Unconfirmed, the password alone does not sign in.
    const early = await postJson(t, '/api/v1/auth/login', { email, password: input.password });
    expect(early.statusCode).toBe(403);
    const [event] = (await auditOf(t, 'user.signup')).filter((e) => e.userId === row?.id);
    expect(event).toMatchObject({ email, ip: '127.0.0.1', userAgent: 'vitest-agent' });

    const mail = await latestOutbox(t, email);
    expect(mail?.subject).toBe(VERIFICATION_EMAIL_SUBJECT);
    expect(mail?.body).toContain(`/email/verify?email=${encodeURIComponent(email)}&token=`);
    const confirmed = await confirmEmailAddress(
      t,
      await confirmationLinkOf(t, email),
      String(input.password),
    );
    expect(confirmed.statusCode).toBe(200);
    const token = confirmed.json().auth.access_token;
    expect((await getWithToken(t, '/userinfo/v2/me', token)).json()).toMatchObject({ email });
    expect((await graphqlMe(t, token)).data?.me.id).toBe(row?.id);
    expect((await findUserRow(t, email))?.emailVerifiedAt).toEqual(t.clock.now());
  });

  it('answers an address that has an account exactly as a new one, creates nothing, signs nobody in and emails its owner that someone tried', async () => {
    const existing = await createUser(t);
    const fresh = uniqueEmail('fresh');
    const before = await rowCounts(t);
    const taken = await signUp(validUser({ email: existing.email.toUpperCase() }), '192.0.2.70');
    const created = await signUp(validUser({ email: fresh }), '192.0.2.71');
    expect(taken.statusCode).toBe(created.statusCode);
    expect(taken.json()).toEqual(CHECK_EMAIL(existing.email));
    expect(created.json()).toEqual(CHECK_EMAIL(fresh));
    const headerNames = (r: typeof taken) => Object.keys(r.headers).sort();
    expect(headerNames(taken)).toEqual(headerNames(created));
    expect(taken.headers['content-length']).toBe(
      String(Number(created.headers['content-length']) + existing.email.length - fresh.length),
    );

    const after = await rowCounts(t);
    // One new user (the fresh address), no session for anyone; the taken address's account unchanged.
    expect(after.users).toBe((before.users ?? 0) + 1);
    expect(after.accessTokens).toBe(before.accessTokens);
    expect(await findUserRow(t, existing.email)).toMatchObject({ name: 'Test User' });
    const notice = await latestOutbox(t, existing.email);
    expect(notice?.subject).toBe(EXISTING_ACCOUNT_SUBJECT);
    expect(notice?.body).toContain(`${t.config.APP_URL}/login`);
    expect(notice?.body).toContain(`${t.config.APP_URL}/password/reset`);
    expect(notice?.body).not.toContain('token=');
    await logIn(t, existing);
  });

  it('answers a taken address before looking it up or mailing its owner', async () => {
    const gated = await gatedApp();
    try {
      const existing = await createUser(gated.t);
      const known = await answerWithin5s(gated.t, validUser({ email: existing.email }));
      const unknown = await answerWithin5s(gated.t, validUser({ email: uniqueEmail('unknown') }));
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(await outboxOfNow(gated.t, existing.email)).toEqual([]);
      gated.open();
      expect((await latestOutbox(gated.t, existing.email))?.subject).toBe(EXISTING_ACCOUNT_SUBJECT);
    } finally {
      gated.open();
      await gated.t.close();
    }
  });

  it("emails an account's owner at most 3 times an hour about sign-ups with its address", async () => {
    const existing = await createUser(t);
    for (let i = 0; i < 5; i++) {
      expect((await signUp(validUser({ email: existing.email }), `192.0.2.${80 + i}`)).statusCode).toBe(202);
    }
    const notices = (await outboxOf(t, existing.email)).filter((m) => m.subject === EXISTING_ACCOUNT_SUBJECT);
    expect(notices).toHaveLength(3);
    t.clock.advance(61 * 60_000);
    await signUp(validUser({ email: existing.email }), '192.0.2.85');
    expect(await outboxOf(t, existing.email)).toHaveLength(4);
  });

  it('mails a new confirmation link, not a notice, when the account of the address still waits for one, and keeps its password', async () => {
    const email = uniqueEmail('twice');
    await signUp(validUser({ email, password: 'the first password' }));
    const first = await confirmationLinkOf(t, email);
    expect((await signUp(validUser({ email, password: 'the second password' }))).statusCode).toBe(202);
    const second = await confirmationLinkOf(t, email);
    expect(second.token).not.toBe(first.token);
    const [again] = await outboxOf(t, email);
    expect(again?.subject).toBe(VERIFICATION_EMAIL_SUBJECT);
    expect(again?.body).toContain('tried to sign up for Keel again');
    // The first link stopped working; the second asks for the password the account was created with.
    expect((await confirmEmailAddress(t, first, 'the first password')).statusCode).toBe(422);
    expect((await confirmEmailAddress(t, second, 'the second password')).statusCode).toBe(401);
    expect((await confirmEmailAddress(t, second, 'the first password')).statusCode).toBe(200);
  });

  it('creates one account for two simultaneous sign-ups with one email, answering both alike', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all([signUp(validUser({ email })), signUp(validUser({ email }))]);
    expect(answers.map((r) => r.statusCode)).toEqual([202, 202]);
    await t.app.backgroundTasks.drain();
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('allows 10 sign-ups per address per hour, then answers 429 with Retry-After and writes nothing', async () => {
    for (let i = 0; i < 9; i++) {
      expect((await signUp(validUser(), '192.0.2.50')).statusCode).toBe(202);
      t.clock.advance(60_000);
    }
    // A taken email counts too.
    const existing = await createUser(t);
    expect((await signUp(validUser({ email: existing.email }), '192.0.2.50')).statusCode).toBe(202);
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
    expect((await signUp(validUser(), '192.0.2.51')).statusCode).toBe(202);
    t.clock.advance((60 - 9) * 60_000);
    expect((await signUp(validUser(), '192.0.2.50')).statusCode).toBe(202);
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

  it("joins the invite's entity with its role, marks the invite accepted and confirms the address, signing in at once", async () => {
    const email = uniqueEmail('invitee');
    const entity = await createInvite(email, 'bookkeeper', 'invite-token-1');
    const response = await signUp(validUser({ email: email.toUpperCase(), invite_token: 'invite-token-1' }));
    expect(response.statusCode).toBe(201);
    const userId = response.json().user.id;
    expect((await graphqlMe(t, response.json().auth.access_token)).data?.me.id).toBe(userId);
    // The invitation was mailed to the address: holding its token proves the address.
    expect((await findUserRow(t, email))?.emailVerifiedAt).not.toBeNull();
    expect(await outboxOf(t, email)).toEqual([]);
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

  it('answers an invitation that opens nothing alike whether or not its email has an account', async () => {
    const existing = await createUser(t);
    const forExisting = await signUp(validUser({ email: existing.email, invite_token: 'no-such-invite' }));
    const forNew = await signUp(validUser({ email: uniqueEmail('new'), invite_token: 'no-such-invite' }));
    expect([forExisting.statusCode, forExisting.json()]).toEqual([forNew.statusCode, forNew.json()]);
    expect(forExisting.json()).toEqual({ messages: { invitation: [INVITATION_INVALID] } });
  });

  it('tells the holder of an invitation to an address with a confirmed account to sign in, changing nothing', async () => {
    const existing = await createUser(t);
    await createInvite(existing.email, 'admin', 'invite-token-existing');
    const before = await rowCounts(t);
    const response = await signUp(
      validUser({ email: existing.email, invite_token: 'invite-token-existing' }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ messages: { email: [ACCOUNT_EXISTS_FOR_INVITATION] } });
    expect(await rowCounts(t)).toEqual(before);
    await logIn(t, existing);
  });

  it('gives the unconfirmed account of an address to the holder of an invitation sent to it: the earlier password, sessions and second factor go', async () => {
    // A stranger signed up with the address first (and, before confirmation existed, held a session
    // and turned two-factor on).
    const email = uniqueEmail('held');
    expect((await signUp(validUser({ email, password: 'the strangers password' }))).statusCode).toBe(202);
    await t.app.backgroundTasks.drain();
    const held = await findUserRow(t, email);
    const { token: strangerSession } = await issueAccessToken(t.db, t.clock, held!.id, 24);
    await enableTwoFactor(t, email, 'app');
    const entity = await createInvite(email, 'bookkeeper', 'invite-token-held');

    const response = await signUp(
      validUser({
        email,
        password: 'the owners password',
        name: 'Olivia Owner',
        invite_token: 'invite-token-held',
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      user: { id: held!.id, email, name: 'Olivia Owner' },
      auth: { access_token: expect.any(String) },
      invitation: { entity_id: entity.id, status: 'joined' },
    });
    const row = await findUserRow(t, email);
    expect(row).toMatchObject({ otpModuleEnabled: false, otpMethod: null, otpSecret: null });
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect((await graphqlMe(t, strangerSession)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    await expect(logIn(t, { id: held!.id, email, password: 'the strangers password' })).rejects.toThrow(
      /401/,
    );
    await logIn(t, { id: held!.id, email, password: 'the owners password' });
    const [notice] = await outboxOf(t, email);
    expect(notice?.subject).toBe(ACCOUNT_CLAIMED_SUBJECT);
    expect(notice?.body).toContain('by accepting an invitation sent to it');
    expect((await auditOf(t, 'account.claimed')).filter((e) => e.userId === held!.id)).toMatchObject([
      { details: { proof: 'invitation', revokedSessions: 1, hadPassword: true, hadTwoFactor: true } },
    ]);
  });
});

/** An app whose email provider holds every message until `open` is called, then hands it to the outbox. */
async function gatedApp() {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let deliver: EmailProvider | null = null;
  const held: EmailProvider = {
    send: async (message) => {
      await gate;
      await deliver?.send(message);
    },
  };
  const gated = await createTestApp({ providers: { email: held } });
  deliver = createSandboxEmail(gated.db);
  return { t: gated, open: () => open() };
}

async function answerWithin5s(app: TestApp, user: unknown) {
  const waiting = 'still waiting after 5 s';
  const answer = await Promise.race([
    postJson(app, '/api/v1/users', { user }),
    new Promise<typeof waiting>((resolve) => setTimeout(() => resolve(waiting), 5000)),
  ]);
  if (answer === waiting) throw new Error(waiting);
  return answer;
}

/** The outbox as it is at this moment, without waiting for background work. */
async function outboxOfNow(app: TestApp, recipient: string) {
  const response = await getWithToken(app, `/api/dev/outbox?to=${encodeURIComponent(recipient)}`);
  return response.json<{ messages: unknown[] }>().messages;
}
