import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createUser,
  enableTwoFactor,
  findUserRow,
  getWithToken,
  graphqlMe,
  latestOutbox,
  postJson,
  rowCounts,
  type TestUser,
  totpCode,
} from '../../test/authKit';
import { createTestApp, type TestApp } from '../../test/harness';
import { accessTokens } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.clock.advance(16 * 60_000);
});

type LoginBody = {
  user: { email: string; phone_number: string | null };
  auth: { access_token: string } | null;
  otp_module_enabled: boolean;
  otp_method: 'app' | 'sms' | null;
  csrf_token: string | null;
  messages: string[];
};

const FAILED_TO_VERIFY = {
  status: 401,
  type: 'unauthorized',
  title: 'Unauthorized',
  detail: 'Failed to verify code',
};

async function passwordStep(user: TestUser): Promise<LoginBody> {
  const response = await postJson(t, '/api/v1/auth/login', {
    email: user.email,
    password: user.password,
    grant_type: 'password',
  });
  expect(response.statusCode).toBe(200);
  return response.json<LoginBody>();
}

function verifyOtp(user: TestUser, code: string, csrfToken: string | null, password = user.password) {
  return postJson(
    t,
    '/api/v1/auth/verify-otp',
    { email: user.email, password, code, grant_type: 'password' },
    { headers: csrfToken ? { 'x-csrf-token': csrfToken } : {} },
  );
}

async function appUser(): Promise<TestUser & { secret: string }> {
  const user = await createUser(t);
  const secret = await enableTwoFactor(t, user.email, 'app');
  return { ...user, secret: secret! };
}

async function smsUser(): Promise<TestUser & { phone: string }> {
  const phone = `+1555${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const user = await createUser(t, { phoneNumber: phone });
  await enableTwoFactor(t, user.email, 'sms');
  return { ...user, phone };
}

function sendSms(email: string, csrfToken: string | null) {
  return postJson(
    t,
    '/api/v1/auth/send_otp_sms',
    { email },
    { headers: csrfToken ? { 'x-csrf-token': csrfToken } : {} },
  );
}

async function smsCodeSentTo(phone: string): Promise<string> {
  const message = await latestOutbox(t, phone);
  const code = /Your Keel verification code is (\d{6})$/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in ${message?.body}`);
  return code;
}

describe('two-factor with an authenticator app', () => {
  it('gives no token at the password step, only a csrf token for the code step', async () => {
    const user = await appUser();
    const body = await passwordStep(user);
    expect(body).toEqual({
      user: { email: user.email, phone_number: null },
      auth: null,
      otp_module_enabled: true,
      otp_method: 'app',
      csrf_token: expect.any(String),
      messages: [],
    });
  });

  it('issues a token for a valid TOTP code with the csrf token of the password step', async () => {
    const user = await appUser();
    const { csrf_token } = await passwordStep(user);
    const response = await verifyOtp(user, await totpCode(t, user.secret), csrf_token);
    expect(response.statusCode).toBe(200);
    const body = response.json<LoginBody>();
    expect(body).toMatchObject({
      auth: { access_token: expect.any(String) },
      otp_method: 'app',
      csrf_token: null,
    });
    expect((await graphqlMe(t, body.auth!.access_token)).data?.me.id).toBe(user.id);
  });

  it('uses the csrf token once: a second verification with it fails even with a valid code', async () => {
    const user = await appUser();
    const { csrf_token } = await passwordStep(user);
    expect((await verifyOtp(user, await totpCode(t, user.secret), csrf_token)).statusCode).toBe(200);
    const again = await verifyOtp(user, await totpCode(t, user.secret), csrf_token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(FAILED_TO_VERIFY);
  });

  it('keeps the csrf token after a wrong code, so the user can try again', async () => {
    const user = await appUser();
    const { csrf_token } = await passwordStep(user);
    const wrong = String((Number(await totpCode(t, user.secret)) + 1) % 1_000_000).padStart(6, '0');
    const failed = await verifyOtp(user, wrong, csrf_token);
    expect(failed.statusCode).toBe(401);
    expect(failed.json()).toEqual(FAILED_TO_VERIFY);
    expect((await verifyOtp(user, await totpCode(t, user.secret), csrf_token)).statusCode).toBe(200);
  });

  it('refuses a missing csrf token, one of another user, an expired one and a wrong password', async () => {
    const user = await appUser();
    const other = await appUser();
    const { csrf_token } = await passwordStep(user);
    const { csrf_token: othersToken } = await passwordStep(other);
    const code = await totpCode(t, user.secret);
    expect((await verifyOtp(user, code, null)).statusCode).toBe(401);
    expect((await verifyOtp(user, code, othersToken)).statusCode).toBe(401);
    expect((await verifyOtp(user, code, csrf_token, 'wrong password')).statusCode).toBe(401);
    t.clock.advance(10 * 60_000 + 1000);
    const expired = await verifyOtp(user, await totpCode(t, user.secret), csrf_token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(FAILED_TO_VERIFY);
  });

  it('accepts a code one 30-second step old or ahead, not two', async () => {
    const user = await appUser();
    const { csrf_token } = await passwordStep(user);
    expect((await verifyOtp(user, await totpCode(t, user.secret, -2), csrf_token)).statusCode).toBe(401);
    expect((await verifyOtp(user, await totpCode(t, user.secret, 2), csrf_token)).statusCode).toBe(401);
    expect((await verifyOtp(user, await totpCode(t, user.secret, -1), csrf_token)).statusCode).toBe(200);
    const second = await passwordStep(user);
    expect((await verifyOtp(user, await totpCode(t, user.secret, 1), second.csrf_token)).statusCode).toBe(
      200,
    );
  });

  it('refuses a code that was already used, within its 30-second window', async () => {
    const user = await appUser();
    const code = await totpCode(t, user.secret);
    const first = await passwordStep(user);
    expect((await verifyOtp(user, code, first.csrf_token)).statusCode).toBe(200);
    const second = await passwordStep(user);
    const replay = await verifyOtp(user, code, second.csrf_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(FAILED_TO_VERIFY);
    // The next step's code still works: the user is not locked out, only the used code is.
    t.clock.advance(30_000);
    expect((await verifyOtp(user, await totpCode(t, user.secret), second.csrf_token)).statusCode).toBe(200);
  });

  it("refuses an earlier step's code once a later one was used", async () => {
    const user = await appUser();
    const first = await passwordStep(user);
    expect((await verifyOtp(user, await totpCode(t, user.secret, 1), first.csrf_token)).statusCode).toBe(200);
    const second = await passwordStep(user);
    expect((await verifyOtp(user, await totpCode(t, user.secret, 0), second.csrf_token)).statusCode).toBe(
      401,
    );
    expect((await verifyOtp(user, await totpCode(t, user.secret, -1), second.csrf_token)).statusCode).toBe(
      401,
    );
  });

  it('refuses a used code on /oauth/token, and an earlier one after a later one', async () => {
    const user = await appUser();
    const grant = (code: string) =>
      postJson(t, '/oauth/token', {
        email: user.email,
        password: user.password,
        grant_type: 'password',
        code,
      });
    const code = await totpCode(t, user.secret);
    expect((await grant(code)).statusCode).toBe(200);
    const replay = await grant(code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ detail: 'Invalid login' });
    expect((await grant(await totpCode(t, user.secret, 1))).statusCode).toBe(200);
    expect((await grant(await totpCode(t, user.secret, -1))).statusCode).toBe(401);
  });

  it('gives exactly one token to parallel requests with one code', async () => {
    const user = await appUser();
    const code = await totpCode(t, user.secret);
    // From several addresses, so the login limits play no part: only the code decides.
    const responses = await Promise.all(
      ['10.7.0.1', '10.7.0.2', '10.7.0.3', '10.7.0.4', '10.7.0.5', '10.7.0.6'].map((remoteAddress) =>
        postJson(
          t,
          '/oauth/token',
          { email: user.email, password: user.password, grant_type: 'password', code },
          { remoteAddress },
        ),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401, 401, 401]);
    const tokens = await t.db.select().from(accessTokens).where(eq(accessTokens.userId, user.id));
    expect(tokens).toHaveLength(1);
    expect((await findUserRow(t, user.email))?.otpLastStep).toBe(
      Math.floor(t.clock.now().getTime() / 30_000),
    );
  });

  it('rate-limits wrong codes like failed logins: the 6th attempt answers 429', async () => {
    const user = await appUser();
    const { csrf_token } = await passwordStep(user);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await verifyOtp(user, '000000', csrf_token)).statusCode).toBe(401);
    }
    const sixth = await verifyOtp(user, await totpCode(t, user.secret), csrf_token);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ detail: 'Too many login attempts. Try again later.' });
  });

  it('gives no token from /oauth/token without a valid code, and one with a valid TOTP', async () => {
    const user = await appUser();
    const grant = (code?: string) =>
      postJson(t, '/oauth/token', {
        email: user.email,
        password: user.password,
        grant_type: 'password',
        code,
      });
    const withoutCode = await grant();
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json()).toMatchObject({ detail: 'Invalid login' });
    expect((await grant('123456')).statusCode).toBe(401);
    const valid = await grant(await totpCode(t, user.secret));
    expect(valid.statusCode).toBe(200);
    expect((await getWithToken(t, '/userinfo/v2/me', valid.json().access_token)).json()).toMatchObject({
      otp_module_enabled: true,
      otp_method: 'app',
    });
  });

  it.each([
    ['a number for the code', { code: 123456 }, 'Code is required'],
    ['a code of 5 digits', { code: '12345' }, 'Code must be 6 digits'],
    ['a missing code', { code: undefined }, 'Code is required'],
    ['a 10 kB password', { password: 'p'.repeat(10_240) }, 'Password is too long'],
    ['a number for the email', { email: 7 }, 'Email is required'],
  ])('refuses %s with 400 and writes nothing', async (_name, override, detail) => {
    const user = await appUser();
    const { csrf_token } = await passwordStep(user);
    const before = await rowCounts(t);
    const payload = {
      email: user.email,
      password: user.password,
      code: '123456',
      grant_type: 'password',
      ...override,
    };
    const response = await postJson(t, '/api/v1/auth/verify-otp', payload, {
      headers: { 'x-csrf-token': csrf_token! },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, detail });
    expect(await rowCounts(t)).toEqual(before);
  });

  it('refuses malformed JSON and an oversized csrf header with 400 and writes nothing', async () => {
    const user = await appUser();
    const before = await rowCounts(t);
    expect((await postJson(t, '/api/v1/auth/verify-otp', '{"code":')).statusCode).toBe(400);
    const oversized = await verifyOtp(user, '123456', 'c'.repeat(10_240));
    expect(oversized.statusCode).toBe(400);
    expect(await rowCounts(t)).toEqual(before);
  });
});

describe('two-factor by text message', () => {
  it('shows only the last 4 digits of the phone number before the code step', async () => {
    const user = await smsUser();
    const body = await passwordStep(user);
    expect(body.otp_method).toBe('sms');
    expect(body.user.phone_number).toBe(`+*******${user.phone.slice(-4)}`);
  });

  it('texts a 6-digit code that signs the user in once', async () => {
    const user = await smsUser();
    const { csrf_token } = await passwordStep(user);
    const sent = await sendSms(user.email, csrf_token);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ ok: true });
    const code = await smsCodeSentTo(user.phone);
    const response = await verifyOtp(user, code, csrf_token);
    expect(response.statusCode).toBe(200);
    expect(response.json<LoginBody>().auth?.access_token).toEqual(expect.any(String));
    const second = await passwordStep(user);
    expect((await verifyOtp(user, code, second.csrf_token)).statusCode).toBe(401);
  });

  it('refuses a second text within 30 seconds, and a new text replaces the old code', async () => {
    const user = await smsUser();
    const { csrf_token } = await passwordStep(user);
    expect((await sendSms(user.email, csrf_token)).statusCode).toBe(200);
    const first = await smsCodeSentTo(user.phone);
    t.clock.advance(29_000);
    const tooSoon = await sendSms(user.email, csrf_token);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ status: 429, detail: 'Failed to send OTP' });
    t.clock.advance(2000);
    expect((await sendSms(user.email, csrf_token)).statusCode).toBe(200);
    const latest = await smsCodeSentTo(user.phone);
    if (latest !== first) expect((await verifyOtp(user, first, csrf_token)).statusCode).toBe(401);
    expect((await verifyOtp(user, latest, csrf_token)).statusCode).toBe(200);
  });

  it('lets a texted code expire after 5 minutes', async () => {
    const user = await smsUser();
    const { csrf_token } = await passwordStep(user);
    await sendSms(user.email, csrf_token);
    const code = await smsCodeSentTo(user.phone);
    t.clock.advance(5 * 60_000 + 1000);
    expect((await verifyOtp(user, code, csrf_token)).statusCode).toBe(401);
  });

  it("answers 400 'Failed to send OTP' without a csrf token, for unknown emails and app users, writing nothing", async () => {
    const user = await smsUser();
    const app = await appUser();
    const { csrf_token: appCsrf } = await passwordStep(app);
    const { csrf_token } = await passwordStep(user);
    const before = await rowCounts(t);
    for (const [email, csrf] of [
      [user.email, null],
      [user.email, 'forged-token'],
      ['nobody@example.com', csrf_token],
      [app.email, appCsrf],
      [user.email, appCsrf],
    ] as const) {
      const response = await sendSms(email, csrf);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: 400,
        type: 'bad_request',
        title: 'Bad Request',
        detail: 'Failed to send OTP',
      });
    }
    expect(await rowCounts(t)).toEqual(before);
  });

  it.each([
    ['a missing email', {}],
    ['a number for the email', { email: 5 }],
    ['a 10 kB email', { email: `${'e'.repeat(10_240)}@example.com` }],
    ['malformed JSON', '{"email":'],
  ])('refuses %s with 400 and writes nothing', async (_name, payload) => {
    const before = await rowCounts(t);
    const response = await postJson(t, '/api/v1/auth/send_otp_sms', payload, {
      headers: { 'x-csrf-token': 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(await rowCounts(t)).toEqual(before);
  });
});
