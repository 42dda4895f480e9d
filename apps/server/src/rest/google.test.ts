import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  postForm,
  postJson,
  rowCounts,
  totpCode,
  uniqueEmail,
} from '../../test/authKit';
import { createTestApp, type TestApp } from '../../test/harness';
import { ACCOUNT_CLAIMED_SUBJECT, GOOGLE_LINKED_SUBJECT } from '../modules/auth/accountEmails';
import { issueAccessToken } from '../modules/auth/tokens';
import type { GoogleIdentity, GoogleIdentityProvider } from '../providers';

/** A stand-in for Google: a credential is valid when a test registered the identity it stands for. */
const identities = new Map<string, GoogleIdentity>();
const fakeGoogle: GoogleIdentityProvider = {
  verifyIdToken: async (credential) => identities.get(credential) ?? null,
};
const CLIENT_ID = 'keel-test.apps.googleusercontent.com';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { GOOGLE_CLIENT_ID: CLIENT_ID }, providers: { google: fakeGoogle } });
});
afterAll(async () => {
  await t.close();
});

let credentials = 0;
/** Registers a Google identity and returns a credential for it. */
function googleCredential(identity: Partial<GoogleIdentity> = {}): {
  credential: string;
  identity: GoogleIdentity;
} {
  credentials += 1;
  const full = {
    subject: `google-sub-${credentials}`,
    email: uniqueEmail('gmail'),
    name: 'Grace Hopper',
    emailVerified: true,
    ...identity,
  };
  const credential = `id-token-${credentials}`;
  identities.set(credential, full);
  return { credential, identity: full };
}

/** Posts Google's form with the g_csrf_token cookie equal to the field (the double-submit check). */
function postGoogle(url: string, fields: Record<string, string>, cookie: string | null = 'csrf-123') {
  return postForm(
    t,
    url,
    { g_csrf_token: 'csrf-123', ...fields },
    cookie ? { cookie: `g_csrf_token=${cookie}` } : {},
  );
}

describe('Google sign-in', () => {
  it('offers the Google client id to the web app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(response.json()).toEqual({ google_client_id: CLIENT_ID });
  });

  it("answers 404 'User not found.' with the Google email when no user matches, writing nothing", async () => {
    const { credential, identity } = googleCredential();
    const before = await rowCounts(t);
    const response = await postGoogle('/api/v1/auth/google-sign-in', { credential });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'User not found.', email: identity.email });
    expect(await rowCounts(t)).toEqual(before);
  });

  it('signs up a user without a password, who can then sign in with Google but not with a password', async () => {
    const { credential, identity } = googleCredential();
    const signUp = await postGoogle('/api/v1/auth/google-sign-up', { credential });
    expect(signUp.statusCode).toBe(201);
    expect(signUp.json()).toEqual({
      user: { email: identity.email, phone_number: null },
      auth: { access_token: expect.any(String) },
      otp_module_enabled: false,
      otp_method: null,
      csrf_token: null,
      messages: [],
    });
    const row = await findUserRow(t, identity.email);
    expect(row).toMatchObject({ googleSubject: identity.subject, passwordHash: null, name: 'Grace Hopper' });
    // Google verified the address.
    expect(row?.emailVerifiedAt).not.toBeNull();
    const me = await getWithToken(t, '/userinfo/v2/me', signUp.json().auth.access_token);
    expect(me.json()).toMatchObject({ email: identity.email, name: 'Grace Hopper' });

    const signIn = await postGoogle('/api/v1/auth/google-sign-in', { credential });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().auth.access_token).toEqual(expect.any(String));
    const password = await postJson(t, '/api/v1/auth/login', { email: identity.email, password: '' });
    expect(password.json()).toMatchObject({ status: 401, detail: 'Invalid login' });
  });

  it('refuses a second sign-up for the same email with 422, writing nothing', async () => {
    const { credential } = googleCredential();
    await postGoogle('/api/v1/auth/google-sign-up', { credential });
    const before = await rowCounts(t);
    const again = await postGoogle('/api/v1/auth/google-sign-up', { credential });
    expect(again.statusCode).toBe(422);
    expect(await rowCounts(t)).toEqual(before);
  });

  it('finds a password user by verified email and links the Google subject', async () => {
    const user = await createUser(t);
    const { credential, identity } = googleCredential({ email: user.email.toUpperCase() });
    const response = await postGoogle('/api/v1/auth/google-sign-in', { credential });
    expect(response.statusCode).toBe(200);
    expect((await findUserRow(t, user.email))?.googleSubject).toBe(identity.subject);
  });

  it('joins a confirmed account keeping its password and sessions, and tells its owner', async () => {
    const user = await createUser(t);
    const session = await logIn(t, user);
    const { credential } = googleCredential({ email: user.email });
    expect((await postGoogle('/api/v1/auth/google-sign-in', { credential })).statusCode).toBe(200);
    expect((await getWithToken(t, '/userinfo/v2/me', session)).statusCode).toBe(200);
    await logIn(t, user);
    expect((await latestOutbox(t, user.email))?.subject).toBe(GOOGLE_LINKED_SUBJECT);
    expect(await auditOf(t, 'account.claimed')).not.toContainEqual(
      expect.objectContaining({ userId: user.id }),
    );
  });

  it("locks out whoever signed up first with someone's address when its owner arrives through Google", async () => {
    const victim = uniqueEmail('victim');
    const attackerPassword = 'the attackers own password';
    // The attacker signs up with the victim's address: no session, and the password alone does not sign in.
    const signUp = await postJson(
      t,
      '/api/v1/users',
      { user: { email: victim, password: attackerPassword, name: 'Mallory' } },
      { remoteAddress: '192.0.2.66' },
    );
    expect(signUp.statusCode).toBe(202);
    expect(signUp.json().auth).toBeNull();
    // Sign-up makes the account after answering: the password is tried once the account exists.
    await t.app.backgroundTasks.drain();
    const early = await postJson(t, '/api/v1/auth/login', { email: victim, password: attackerPassword });
    expect(early.statusCode).toBe(403);
    // An account made before confirmation existed could also hold a session and two-factor: give it both.
    const held = await findUserRow(t, victim);
    const { token: attackerSession } = await issueAccessToken(t.db, t.clock, held!.id, 24);
    await enableTwoFactor(t, victim, 'app');
    const pendingLink = await confirmationLinkOf(t, victim);

    // The owner of the address signs in with Google.
    const { credential, identity } = googleCredential({ email: victim, name: 'Victoria Owner' });
    const signIn = await postGoogle('/api/v1/auth/google-sign-in', { credential });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({
      auth: { access_token: expect.any(String) },
      otp_module_enabled: false,
    });
    expect((await getWithToken(t, '/userinfo/v2/me', signIn.json().auth.access_token)).statusCode).toBe(200);

    // The attacker's password, session, second factor and pending link are gone.
    const row = await findUserRow(t, victim);
    expect(row).toMatchObject({
      id: held!.id,
      googleSubject: identity.subject,
      passwordHash: null,
      otpModuleEnabled: false,
      otpMethod: null,
      otpSecret: null,
    });
    expect(row?.emailVerifiedAt).not.toBeNull();
    const attacker = await postJson(t, '/api/v1/auth/login', { email: victim, password: attackerPassword });
    expect(attacker.statusCode).toBe(401);
    expect((await getWithToken(t, '/userinfo/v2/me', attackerSession)).statusCode).toBe(401);
    expect((await graphqlMe(t, attackerSession)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await confirmEmailAddress(t, pendingLink, attackerPassword)).statusCode).toBe(422);

    // The owner is told what was removed.
    const notice = await latestOutbox(t, victim);
    expect(notice?.subject).toBe(ACCOUNT_CLAIMED_SUBJECT);
    expect(notice?.body).toContain('by signing in with Google');
    expect(notice?.body).toContain('removed its password');
    expect((await auditOf(t, 'account.claimed')).filter((e) => e.userId === held!.id)).toMatchObject([
      { details: { proof: 'google', revokedSessions: 1, hadPassword: true, hadTwoFactor: true } },
    ]);
  });

  it('does not match a user by an email Google has not verified', async () => {
    const user = await createUser(t);
    const { credential } = googleCredential({ email: user.email, emailVerified: false });
    const response = await postGoogle('/api/v1/auth/google-sign-in', { credential });
    expect(response.statusCode).toBe(404);
    expect((await findUserRow(t, user.email))?.googleSubject).toBeNull();
  });

  it("refuses a credential Google does not vouch for with 401 'Invalid login'", async () => {
    const response = await postGoogle('/api/v1/auth/google-sign-in', { credential: 'forged' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ detail: 'Invalid login' });
  });

  it('refuses a missing or different g_csrf_token cookie with 400, writing nothing', async () => {
    const { credential } = googleCredential();
    const before = await rowCounts(t);
    for (const cookie of [null, 'other-value']) {
      const response = await postGoogle('/api/v1/auth/google-sign-up', { credential }, cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail: 'Failed to verify double submit cookie' });
    }
    expect(await rowCounts(t)).toEqual(before);
  });

  it.each([
    ['a missing credential', { g_csrf_token: 'csrf-123' }, 400],
    ['a 10 kB credential', { g_csrf_token: 'csrf-123', credential: 'c'.repeat(10_240) }, 400],
    ['a missing g_csrf_token', { credential: 'x' }, 400],
  ])('refuses %s with a 4xx, writing nothing', async (_name, fields, status) => {
    const before = await rowCounts(t);
    const response = await postForm(t, '/api/v1/auth/google-sign-up', fields, {
      cookie: 'g_csrf_token=csrf-123',
    });
    expect(response.statusCode).toBe(status);
    expect(await rowCounts(t)).toEqual(before);
  });

  it('refuses a body that is not a form or JSON with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/google-sign-in',
      headers: { 'content-type': 'text/plain', cookie: 'g_csrf_token=a' },
      payload: 'credential=x&g_csrf_token=a',
    });
    expect(response.statusCode).toBe(415);
  });

  it('accepts the form as multipart/form-data', async () => {
    const { credential } = googleCredential();
    const boundary = '----keelboundary';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/google-sign-up',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: 'g_csrf_token=m1' },
      payload: `${part('credential', credential)}${part('g_csrf_token', 'm1')}--${boundary}--\r\n`,
    });
    expect(response.statusCode).toBe(201);
  });

  it.each([
    [
      'a truncated multipart body',
      'multipart/form-data; boundary=b',
      '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nabc',
    ],
    ['a multipart body without a boundary', 'multipart/form-data', 'x'],
    ['a multipart body that is not multipart', 'multipart/form-data; boundary=b', 'garbage'],
  ])('refuses %s with 400, writing nothing', async (_name, contentType, payload) => {
    const before = await rowCounts(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/google-sign-up',
      headers: { 'content-type': contentType, cookie: 'g_csrf_token=a' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(await rowCounts(t)).toEqual(before);
  });

  it('asks a two-factor user for a code, then signs them in through verify-otp-google', async () => {
    const { credential, identity } = googleCredential();
    await postGoogle('/api/v1/auth/google-sign-up', { credential });
    const secret = (await enableTwoFactor(t, identity.email, 'app'))!;
    const first = await postGoogle('/api/v1/auth/google-sign-in', { credential });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ auth: null, otp_module_enabled: true, otp_method: 'app' });
    expect(first.json().csrf_token).toEqual(expect.any(String));

    const wrong = await postGoogle('/api/v1/auth/verify-otp-google', { credential, code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ detail: 'Failed to verify code' });
    const right = await postGoogle('/api/v1/auth/verify-otp-google', {
      credential,
      code: await totpCode(t, secret),
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().auth.access_token).toEqual(expect.any(String));
  });

  it('refuses a code on verify-otp-google that was already used', async () => {
    const { credential, identity } = googleCredential();
    await postGoogle('/api/v1/auth/google-sign-up', { credential });
    const secret = (await enableTwoFactor(t, identity.email, 'app'))!;
    const code = await totpCode(t, secret);
    const verify = () => postGoogle('/api/v1/auth/verify-otp-google', { credential, code });
    expect((await verify()).statusCode).toBe(200);
    const replay = await verify();
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ detail: 'Failed to verify code' });
  });

  it('counts wrong codes on verify-otp-google as failed logins: the 6th attempt answers 429', async () => {
    const { credential, identity } = googleCredential();
    await postGoogle('/api/v1/auth/google-sign-up', { credential });
    const secret = (await enableTwoFactor(t, identity.email, 'app'))!;
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await postGoogle('/api/v1/auth/verify-otp-google', { credential, code: '000000' });
      expect(wrong.statusCode).toBe(401);
    }
    const sixth = await postGoogle('/api/v1/auth/verify-otp-google', {
      credential,
      code: await totpCode(t, secret),
    });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBe(15 * 60);
  });

  it('refuses verify-otp-google for a user without two-factor, and a malformed code with 400', async () => {
    const { credential } = googleCredential();
    await postGoogle('/api/v1/auth/google-sign-up', { credential });
    expect(
      (await postGoogle('/api/v1/auth/verify-otp-google', { credential, code: '123456' })).statusCode,
    ).toBe(401);
    const before = await rowCounts(t);
    const malformed = await postGoogle('/api/v1/auth/verify-otp-google', { credential, code: '12ab' });
    expect(malformed.statusCode).toBe(400);
    expect(await rowCounts(t)).toEqual(before);
  });
});

describe('Google sign-in when it is not configured', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(async () => {
    await plain.close();
  });

  it('answers 404 on every Google route and offers no client id', async () => {
    for (const url of [
      '/api/v1/auth/google-sign-in',
      '/api/v1/auth/google-sign-up',
      '/api/v1/auth/verify-otp-google',
    ]) {
      const response = await plain.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'g_csrf_token=a' },
        payload: 'credential=x&g_csrf_token=a&code=123456',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, type: 'not_found' });
    }
    const providers = await plain.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(providers.json()).toEqual({ google_client_id: null });
  });
});
