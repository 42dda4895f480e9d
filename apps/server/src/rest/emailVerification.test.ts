import { EMAIL_VERIFICATION_MESSAGES } from '@keel/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditOf,
  confirmationLinkOf,
  confirmEmailAddress,
  createUser,
  enableTwoFactor,
  findUserRow,
  getWithToken,
  logIn,
  outboxOf,
  postForm,
  postJson,
  rowCounts,
  type TestUser,
  totpCode,
  uniqueEmail,
} from '../../test/authKit';
import { createTestApp, type TestApp } from '../../test/harness';
import { VERIFICATION_EMAIL_SUBJECT } from '../modules/auth/accountEmails';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL: 'https://app.keel.test' } });
});
afterAll(() => t.close());
// Each test starts outside the previous tests' hour of requests and sign-ins.
beforeEach(() => {
  t.clock.advance(61 * 60_000);
});

const PASSWORD = 'the password I chose';
let addresses = 0;
/** A client address of its own, so one test's attempts never meet another's limits. */
const nextAddress = () => {
  addresses += 1;
  return `198.51.100.${addresses}`;
};

/** Signs up through the route (an unconfirmed account) and returns the emailed link. */
async function signUpUnconfirmed(email = uniqueEmail('new')) {
  const response = await postJson(
    t,
    '/api/v1/users',
    { user: { email, password: PASSWORD, name: 'Ada Lovelace' } },
    { remoteAddress: nextAddress() },
  );
  expect(response.statusCode).toBe(202);
  const link = await confirmationLinkOf(t, email);
  const user: TestUser = { id: (await findUserRow(t, email))?.id ?? '', email, password: PASSWORD };
  return { user, link };
}

const requestLink = (email: unknown, remoteAddress = '203.0.113.9') =>
  postJson(t, '/api/v1/auth/verification/new', { email }, { remoteAddress });
const linksMailedTo = async (email: string) =>
  (await outboxOf(t, email)).filter((message) => message.subject === VERIFICATION_EMAIL_SUBJECT);

describe('POST /api/v1/auth/verification/confirm', () => {
  it('confirms the address once: the same link again is refused', async () => {
    const { user, link } = await signUpUnconfirmed();
    const first = await confirmEmailAddress(t, link, PASSWORD);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      user: { email: user.email },
      auth: { access_token: expect.any(String) },
      otp_module_enabled: false,
    });
    const again = await confirmEmailAddress(t, link, PASSWORD);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: [EMAIL_VERIFICATION_MESSAGES.linkInvalid] });
    expect((await auditOf(t, 'email.verified')).filter((e) => e.userId === user.id)).toHaveLength(1);
    await logIn(t, user);
  });

  it('refuses a link older than 24 hours; a new one asked for works', async () => {
    const { user, link } = await signUpUnconfirmed();
    t.clock.advance(24 * 3_600_000 + 1000);
    const late = await confirmEmailAddress(t, link, PASSWORD);
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual({ errors: [EMAIL_VERIFICATION_MESSAGES.linkExpired] });
    expect((await findUserRow(t, user.email))?.emailVerifiedAt).toBeNull();

    expect((await requestLink(user.email)).statusCode).toBe(200);
    const fresh = await confirmationLinkOf(t, user.email);
    expect(fresh.token).not.toBe(link.token);
    expect((await confirmEmailAddress(t, fresh, PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a wrong password with 'Invalid login', counted like a failed sign-in, and keeps the link usable", async () => {
    const { link } = await signUpUnconfirmed();
    const address = nextAddress();
    for (let i = 0; i < 5; i++) {
      const wrong = await confirmEmailAddress(t, link, 'not the password', address);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ detail: 'Invalid login' });
    }
    // The sign-in limit of this email from this address (5) is reached, whatever the link.
    expect((await confirmEmailAddress(t, link, PASSWORD, address)).statusCode).toBe(429);
    expect((await confirmEmailAddress(t, link, PASSWORD, nextAddress())).statusCode).toBe(200);
  });

  it("refuses a link with another account's email, a forged token and a malformed body", async () => {
    const { link } = await signUpUnconfirmed();
    const other = await signUpUnconfirmed();
    const before = await rowCounts(t);
    for (const body of [
      { ...link, email: other.user.email, password: PASSWORD },
      { ...link, token: 'forged', password: PASSWORD },
      { email: link.email, password: PASSWORD },
      { ...link, token: 'x'.repeat(10_000), password: PASSWORD },
    ]) {
      const response = await postJson(t, '/api/v1/auth/verification/confirm', body);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ errors: [EMAIL_VERIFICATION_MESSAGES.linkInvalid] });
    }
    expect(await rowCounts(t)).toEqual(before);
  });

  it('sends a two-factor user from the link to the code step, which then signs in', async () => {
    // Accounts made before confirmation existed may have two-factor on and their address unconfirmed.
    const user = await createUser(t, { verified: false });
    const secret = (await enableTwoFactor(t, user.email, 'app')) ?? '';
    expect((await postJson(t, '/api/v1/auth/login', user)).statusCode).toBe(403);
    const link = await confirmationLinkOf(t, user.email);
    const confirmed = await confirmEmailAddress(t, link, user.password);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ auth: null, otp_module_enabled: true, otp_method: 'app' });
    const code = await postJson(
      t,
      '/api/v1/auth/verify-otp',
      { email: user.email, password: user.password, code: await totpCode(t, secret) },
      { headers: { 'x-csrf-token': confirmed.json().csrf_token } },
    );
    expect(code.statusCode).toBe(200);
    expect(code.json().auth.access_token).toEqual(expect.any(String));
  });
});

describe('POST /api/v1/auth/verification/new', () => {
  it('answers alike for an unconfirmed, a confirmed and an unknown address, mailing only the unconfirmed', async () => {
    const { user } = await signUpUnconfirmed();
    const confirmed = await createUser(t);
    const unknown = uniqueEmail('nobody');
    const answers = [];
    for (const email of [user.email, confirmed.email, unknown]) {
      const response = await requestLink(email, nextAddress());
      answers.push([response.statusCode, response.body]);
    }
    expect(answers[0]).toEqual([200, JSON.stringify({ message: EMAIL_VERIFICATION_MESSAGES.linkRequested })]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await linksMailedTo(user.email)).toHaveLength(2);
    expect(await outboxOf(t, confirmed.email)).toEqual([]);
    expect(await outboxOf(t, unknown)).toEqual([]);
  });

  it('mails at most 5 links per account per hour, the newest replacing the older', async () => {
    const { user, link } = await signUpUnconfirmed();
    for (let i = 0; i < 6; i++) expect((await requestLink(user.email, nextAddress())).statusCode).toBe(200);
    expect(await linksMailedTo(user.email)).toHaveLength(5);
    expect((await confirmEmailAddress(t, link, PASSWORD)).statusCode).toBe(422);
    expect((await confirmEmailAddress(t, await confirmationLinkOf(t, user.email), PASSWORD)).statusCode).toBe(
      200,
    );
  });

  it('allows 10 requests per client address per hour, then answers 429 with Retry-After and writes nothing', async () => {
    for (let i = 0; i < 10; i++)
      expect((await requestLink(uniqueEmail('any'), '203.0.113.50')).statusCode).toBe(200);
    const before = await rowCounts(t);
    const refused = await requestLink(uniqueEmail('any'), '203.0.113.50');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ detail: EMAIL_VERIFICATION_MESSAGES.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowCounts(t)).toEqual(before);
  });

  it('answers 422 for a malformed email', async () => {
    const response = await requestLink('not an email');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ messages: { email: ['Invalid email'] } });
  });
});

describe('signing in before the address is confirmed', () => {
  it('refuses the right password with 403 and mails a new link; a wrong one gets the usual 401', async () => {
    const { user, link } = await signUpUnconfirmed();
    const wrong = await postJson(t, '/api/v1/auth/login', { email: user.email, password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ detail: 'Invalid login' });
    expect(await linksMailedTo(user.email)).toHaveLength(1);

    const right = await postJson(t, '/api/v1/auth/login', { email: user.email, password: PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ status: 403, detail: EMAIL_VERIFICATION_MESSAGES.unverified });
    expect(await linksMailedTo(user.email)).toHaveLength(2);
    const grant = await postForm(t, '/oauth/token', { grant_type: 'password', ...user });
    expect(grant.statusCode).toBe(403);
    // The newest link works; the one before it no longer does.
    expect((await confirmEmailAddress(t, link, PASSWORD)).statusCode).toBe(422);
    const confirmed = await confirmEmailAddress(t, await confirmationLinkOf(t, user.email), PASSWORD);
    expect((await getWithToken(t, '/userinfo/v2/me', confirmed.json().auth.access_token)).statusCode).toBe(
      200,
    );
    await logIn(t, user);
  });
});
