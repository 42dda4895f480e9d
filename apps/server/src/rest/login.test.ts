import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditOf,
  createUser,
  getWithToken,
  graphqlMe,
  logIn,
  postForm,
  postJson,
  rowCounts,
  uniqueEmail,
} from '../../test/authKit';
import { createTestApp, type TestApp } from '../../test/harness';
import { accessTokens, auditEvents, authThrottles, users } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
// Each test starts outside the previous tests' 15-minute failure window.
beforeEach(() => {
  t.clock.advance(16 * 60_000);
});

const login = (email: string, password: string, remoteAddress?: string) =>
  postJson(t, '/api/v1/auth/login', { email, password, grant_type: 'password' }, { remoteAddress });

const INVALID_LOGIN = { status: 401, type: 'unauthorized', title: 'Unauthorized', detail: 'Invalid login' };

describe('POST /api/v1/auth/login', () => {
  it('signs in a user without two-factor and answers the login shape with a working token', async () => {
    const user = await createUser(t, { phoneNumber: '+15551234567' });
    const response = await login(user.email, user.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      user: { email: user.email, phone_number: '+15551234567' },
      auth: { access_token: expect.any(String) },
      otp_module_enabled: false,
      otp_method: null,
      csrf_token: null,
      messages: [],
    });
    const me = await getWithToken(t, '/userinfo/v2/me', body.auth.access_token);
    expect(me.json()).toEqual({
      id: user.id,
      email: user.email,
      name: 'Test User',
      phone_number: '+15551234567',
      otp_module_enabled: false,
      otp_method: null,
    });
    expect((await graphqlMe(t, body.auth.access_token)).data?.me.id).toBe(user.id);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('compares emails trimmed and lower-cased', async () => {
    const user = await createUser(t);
    const response = await login(`  ${user.email.toUpperCase()} `, user.password);
    expect(response.statusCode).toBe(200);
  });

  it('refuses unknown emails, wrong passwords and password-less users with the same answer', async () => {
    const user = await createUser(t);
    const [googleOnly] = await t.db
      .insert(users)
      .values({ email: uniqueEmail('google'), name: 'G', googleSubject: 'sub-login-test' })
      .returning();
    for (const [email, password] of [
      [uniqueEmail('nobody'), 'whatever password'],
      [user.email, 'wrong password'],
      [googleOnly!.email, ''],
    ] as const) {
      const response = await login(email, password);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(INVALID_LOGIN);
    }
  });

  it('records succeeded and failed attempts with the address and user agent', async () => {
    const user = await createUser(t);
    await login(user.email, 'wrong password', '10.1.2.3');
    await login(user.email, user.password, '10.1.2.3');
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.email, user.email));
    expect(events.map((e) => [e.type, e.userId, e.ip, e.userAgent])).toEqual([
      ['login.failed', user.id, '10.1.2.3', 'vitest-agent'],
      ['login.succeeded', user.id, '10.1.2.3', 'vitest-agent'],
    ]);
  });

  it('answers 429 from the 6th failed attempt for an email from one address, even with the right password, then recovers', async () => {
    const user = await createUser(t);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await login(user.email, `wrong ${attempt}`)).statusCode).toBe(401);
    }
    const sixth = await login(user.email, user.password);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ status: 429, detail: 'Too many login attempts. Try again later.' });
    // 15 minutes after the last failure.
    expect(sixth.headers['retry-after']).toBe('900');
    t.clock.advance(10 * 60_000);
    expect((await login(user.email, user.password)).headers['retry-after']).toBe('300');
    t.clock.advance(5 * 60_000);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('makes exactly 5 password checks of 12 parallel wrong passwords for one email from one address', async () => {
    const user = await createUser(t);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(user.email, `wrong ${i}`, '10.12.0.1')),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    // Each password check that failed wrote one 'login.failed'; each refusal one 'login.throttled'.
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.email, user.email));
    expect(events.filter((e) => e.type === 'login.failed')).toHaveLength(5);
    expect(events.filter((e) => e.type === 'login.throttled')).toHaveLength(7);
  });

  it('lets the owner sign in from their address after a stranger failed 5 times from another', async () => {
    const user = await createUser(t);
    for (let attempt = 0; attempt < 5; attempt++) await login(user.email, 'guess', '198.51.100.1');
    expect((await login(user.email, 'guess', '198.51.100.1')).statusCode).toBe(429);
    expect((await login(user.email, user.password, '10.0.0.42')).statusCode).toBe(200);
  });

  it('lets the owner sign in after strangers failed 19 times from four addresses', async () => {
    const user = await createUser(t);
    for (let attempt = 0; attempt < 19; attempt++) {
      const response = await login(user.email, 'guess', `198.51.100.${1 + Math.floor(attempt / 5)}`);
      expect(response.statusCode).toBe(401);
    }
    expect((await login(user.email, user.password, '10.0.0.42')).statusCode).toBe(200);
  });

  it('past 20 failures for an email from anywhere, allows one attempt per back-off of 30 s, doubling', async () => {
    const user = await createUser(t);
    for (let attempt = 0; attempt < 20; attempt++) {
      const response = await login(user.email, 'guess', `198.51.100.${1 + Math.floor(attempt / 5)}`);
      expect(response.statusCode).toBe(401);
    }
    const fresh = (n: number) => `203.0.113.${n}`;
    const refused = await login(user.email, user.password, fresh(1));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    t.clock.advance(30_000);
    expect((await login(user.email, 'guess', fresh(2))).statusCode).toBe(401);
    const next = await login(user.email, user.password, fresh(3));
    expect([next.statusCode, next.headers['retry-after']]).toEqual([429, '60']);
    t.clock.advance(59_000);
    expect((await login(user.email, user.password, fresh(3))).headers['retry-after']).toBe('1');
    t.clock.advance(1000);
    expect((await login(user.email, user.password, fresh(3))).statusCode).toBe(200);
  });

  it('forgets the failures of an email from an address when it signs in there', async () => {
    const user = await createUser(t);
    for (let attempt = 0; attempt < 4; attempt++) await login(user.email, 'typo');
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login(user.email, 'typo')).statusCode).toBe(401);
    }
    expect((await login(user.email, user.password)).statusCode).toBe(429);
  });

  it('limits unknown emails exactly like known ones, so the limit reveals nothing', async () => {
    const known = await createUser(t);
    const unknown = uniqueEmail('ghost');
    const answers = { known: [] as string[], unknown: [] as string[] };
    for (let attempt = 1; attempt <= 6; attempt++) {
      const a = await login(known.email, 'wrong password');
      const b = await login(unknown, 'wrong password');
      answers.known.push(`${a.statusCode} ${a.body}`);
      answers.unknown.push(`${b.statusCode} ${b.body}`);
    }
    expect(answers.unknown).toEqual(answers.known);
    expect(answers.known[5]).toMatch(/^429 /);
  });

  it('answers 429 after 20 failures from one address, whichever emails they tried, until 15 minutes after the first', async () => {
    const user = await createUser(t);
    for (let attempt = 0; attempt < 20; attempt++) {
      await login(uniqueEmail('spray'), 'guess', '10.9.9.9');
      t.clock.advance(10_000);
    }
    const refused = await login(user.email, user.password, '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(15 * 60 - 20 * 10));
    expect((await login(user.email, user.password, '10.9.9.10')).statusCode).toBe(200);
    t.clock.advance((15 * 60 - 20 * 10) * 1000);
    expect((await login(user.email, user.password, '10.9.9.9')).statusCode).toBe(200);
  });

  it('removes counters that have not been used for longer than any window', async () => {
    const longAgo = new Date(t.clock.now().getTime() - 2 * 3_600_000);
    await t.db.insert(authThrottles).values({
      scope: 'login_address',
      key: '192.0.2.77',
      windowStartedAt: longAgo,
      hits: 20,
      lastHitAt: longAgo,
    });
    await login(uniqueEmail('someone'), 'guess', '192.0.2.78');
    const stale = await t.db.select().from(authThrottles).where(eq(authThrottles.key, '192.0.2.77'));
    expect(stale).toEqual([]);
  });

  it.each([
    ['a missing email', { password: 'x', grant_type: 'password' }, 400, 'Email is required'],
    ['a number for the email', { email: 42, password: 'x' }, 400, 'Email is required'],
    ['a malformed email', { email: 'not-an-email', password: 'x' }, 400, 'Invalid email'],
    ['a missing password', { email: 'a@example.com' }, 400, 'Password is required'],
    [
      'a 10 kB password',
      { email: 'a@example.com', password: 'p'.repeat(10_240) },
      400,
      'Password is too long',
    ],
    [
      'another grant type',
      { email: 'a@example.com', password: 'x', grant_type: 'code' },
      400,
      'unsupported_grant_type',
    ],
    ['an array body', [], 400, 'The request body must be an object'],
    ['malformed JSON', '{"email": "a@example.com",', 400, undefined],
  ])('refuses %s with a 4xx problem and writes nothing', async (_name, payload, status, detail) => {
    const before = await rowCounts(t);
    const response = await postJson(t, '/api/v1/auth/login', payload);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ status, ...(detail ? { detail } : {}) });
    expect(await rowCounts(t)).toEqual(before);
  });

  it('refuses a body that is not JSON with 415 and writes nothing', async () => {
    const before = await rowCounts(t);
    const asText = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@example.com',
    });
    const asForm = await postForm(t, '/api/v1/auth/login', { email: 'a@example.com', password: 'x' });
    expect([asText.statusCode, asForm.statusCode]).toEqual([415, 415]);
    expect(await rowCounts(t)).toEqual(before);
  });
});

describe('POST /oauth/token', () => {
  it('issues a bearer token for the password grant', async () => {
    const user = await createUser(t);
    const response = await postJson(t, '/oauth/token', {
      email: user.email,
      password: user.password,
      grant_type: 'password',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: t.config.ACCESS_TOKEN_TTL_HOURS * 3600,
      created_at: Math.floor(t.clock.now().getTime() / 1000),
    });
    expect((await getWithToken(t, '/userinfo/v2/me', response.json().access_token)).statusCode).toBe(200);
  });

  it('accepts the form encoding of RFC 6749', async () => {
    const user = await createUser(t);
    const response = await postForm(t, '/oauth/token', {
      email: user.email,
      password: user.password,
      grant_type: 'password',
    });
    expect(response.statusCode).toBe(200);
  });

  it("refuses a wrong password with 'Invalid login' and counts it as a failed login", async () => {
    const user = await createUser(t);
    const response = await postJson(t, '/oauth/token', {
      email: user.email,
      password: 'nope',
      grant_type: 'password',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(INVALID_LOGIN);
    const failures = (await auditOf(t, 'login.failed')).filter((e) => e.email === user.email);
    expect(failures).toHaveLength(1);
  });

  it.each([
    [
      'an unsupported grant type',
      { email: 'a@example.com', password: 'x', grant_type: 'client_credentials' },
      400,
    ],
    ['a missing grant type', { email: 'a@example.com', password: 'x' }, 400],
    ['a missing email', { password: 'x', grant_type: 'password' }, 400],
    [
      'a number for the password',
      { email: 'a@example.com', password: 12345678, grant_type: 'password' },
      400,
    ],
    [
      'a 10 kB password',
      { email: 'a@example.com', password: 'p'.repeat(10_240), grant_type: 'password' },
      400,
    ],
    ['a malformed code', { email: 'a@example.com', password: 'x', grant_type: 'password', code: 'abc' }, 400],
    ['malformed JSON', '{"grant_type":', 400],
  ])('refuses %s with 400 and writes nothing', async (_name, payload, status) => {
    const before = await rowCounts(t);
    const response = await postJson(t, '/oauth/token', payload);
    expect(response.statusCode).toBe(status);
    expect(await rowCounts(t)).toEqual(before);
  });

  it("names the unsupported grant type in the problem's detail", async () => {
    const response = await postJson(t, '/oauth/token', { grant_type: 'implicit' });
    expect(response.json()).toEqual({
      status: 400,
      type: 'bad_request',
      title: 'Bad Request',
      detail: 'unsupported_grant_type',
    });
  });
});

describe('POST /oauth/revoke', () => {
  it('revokes a token, which is then refused by REST and GraphQL', async () => {
    const user = await createUser(t);
    const token = await logIn(t, user);
    const response = await postJson(t, '/oauth/revoke', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    const me = await getWithToken(t, '/userinfo/v2/me', token);
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ status: 401, type: 'unauthorized' });
    expect((await graphqlMe(t, token)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const revoked = (await auditOf(t, 'token.revoked')).filter((e) => e.userId === user.id);
    expect(revoked).toHaveLength(1);
  });

  it('answers 200 for an unknown or already revoked token and writes nothing', async () => {
    const user = await createUser(t);
    const token = await logIn(t, user);
    await postJson(t, '/oauth/revoke', { token });
    const before = await rowCounts(t);
    for (const candidate of [token, 'never-issued-token']) {
      const response = await postForm(t, '/oauth/revoke', { token: candidate });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({});
    }
    expect(await rowCounts(t)).toEqual(before);
  });

  it.each([
    ['a missing token', {}],
    ['a number for the token', { token: 42 }],
    ['a 10 kB token', { token: 't'.repeat(10_240) }],
    ['malformed JSON', '{"token"'],
  ])('refuses %s with 400 and writes nothing', async (_name, payload) => {
    const before = await rowCounts(t);
    const response = await postJson(t, '/oauth/revoke', payload);
    expect(response.statusCode).toBe(400);
    expect(await rowCounts(t)).toEqual(before);
  });
});

describe('GET /userinfo/v2/me', () => {
  it('refuses a request without a token, or with an unknown one', async () => {
    for (const token of [undefined, 'made-up']) {
      const response = await getWithToken(t, '/userinfo/v2/me', token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        status: 401,
        type: 'unauthorized',
        title: 'Unauthorized',
        detail: 'Attempted API request without login',
      });
    }
  });

  it('refuses an expired token, as GraphQL does', async () => {
    const user = await createUser(t);
    const token = await logIn(t, user);
    t.clock.advance(t.config.ACCESS_TOKEN_TTL_HOURS * 3_600_000 - 1000);
    expect((await getWithToken(t, '/userinfo/v2/me', token)).statusCode).toBe(200);
    t.clock.advance(2000);
    expect((await getWithToken(t, '/userinfo/v2/me', token)).statusCode).toBe(401);
    expect((await graphqlMe(t, token)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const [row] = await t.db.select().from(accessTokens).where(eq(accessTokens.userId, user.id));
    expect(row?.revokedAt).toBeNull();
  });
});

describe('GET /api/v1/auth/providers', () => {
  it('offers no Google client id when Google sign-in is not configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(response.json()).toEqual({ google_client_id: null });
  });
});
