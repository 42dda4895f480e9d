import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditOf,
  createUser,
  enableTwoFactor,
  findUserRow,
  getWithToken,
  graphqlMe,
  latestOutbox,
  logIn,
  outboxOf,
  postJson,
  rowCounts,
  type TestUser,
  uniqueEmail,
} from '../../test/authKit';
import { createTestApp, type TestApp } from '../../test/harness';
import { ACCOUNT_CLAIMED_SUBJECT } from '../modules/auth/accountEmails';
import { issueAccessToken } from '../modules/auth/tokens';
import type { EmailProvider } from '../providers';
import { createSandboxEmail } from '../providers/email/sandbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL: 'https://app.keel.test' } });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.clock.advance(61 * 60_000);
});

const SENT = { message: 'If an account exists for that email, a reset link has been sent.' };
const requestReset = (email: unknown, remoteAddress?: string) =>
  postJson(t, '/api/v1/auth/password/new', { email }, { remoteAddress });
const update = (fields: Record<string, unknown>) => postJson(t, '/api/v1/auth/password/update', fields);

/** Requests a reset and returns the token from the emailed link. */
async function resetToken(user: TestUser): Promise<string> {
  expect((await requestReset(user.email)).statusCode).toBe(200);
  const message = await latestOutbox(t, user.email);
  const link = /(https:\S+)/.exec(message?.body ?? '')?.[1];
  const url = new URL(link!);
  expect(url.searchParams.get('email')).toBe(user.email);
  return url.searchParams.get('token')!;
}

const newPassword = (user: TestUser, token: string, password = 'a brand new password') =>
  update({ email: user.email, token, password, password_confirmation: password });

describe('POST /api/v1/auth/password/new', () => {
  it('emails a reset link to an existing user and notes when it was sent', async () => {
    const user = await createUser(t);
    const response = await requestReset(user.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(SENT);
    const message = await latestOutbox(t, user.email);
    expect(message?.subject).toBe('Reset your Keel password');
    expect(message?.body).toContain(
      `https://app.keel.test/password/update?email=${encodeURIComponent(user.email)}&token=`,
    );
    expect((await findUserRow(t, user.email))?.resetPasswordSentAt).toEqual(t.clock.now());
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const response = await requestReset(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(SENT);
    expect(await latestOutbox(t, email)).toBeUndefined();
  });

  it('sends at most 5 reset emails per user per hour', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 6; i++) expect((await requestReset(user.email)).json()).toEqual(SENT);
    expect(await outboxOf(t, user.email)).toHaveLength(5);
  });

  it('allows 10 requests per address per hour, then answers 429 with Retry-After and writes nothing', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 10; i++) {
      expect((await requestReset(i % 2 ? user.email : uniqueEmail('probe'), '192.0.2.60')).statusCode).toBe(
        200,
      );
      t.clock.advance(60_000);
    }
    const before = await rowCounts(t);
    const refused = await requestReset(user.email, '192.0.2.60');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      status: 429,
      detail: 'Too many password reset requests from this address. Try again later.',
    });
    expect(refused.headers['retry-after']).toBe(String(60 * 60 - 10 * 60));
    expect(await rowCounts(t)).toEqual(before);
    expect((await requestReset(uniqueEmail('elsewhere'), '192.0.2.61')).statusCode).toBe(200);
  });

  it.each([
    ['an invalid email', 'not-an-email', { email: ['Invalid email'] }],
    ['a missing email', undefined, { email: ['Email is required'] }],
    ['a number for the email', 12, { email: ['Email is required'] }],
    ['a 10 kB email', `${'e'.repeat(10_240)}@example.com`, { email: ['Email is too long'] }],
  ])('answers 422 for %s and writes nothing', async (_name, email, messages) => {
    const before = await rowCounts(t);
    const response = await requestReset(email);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ messages });
    expect(await rowCounts(t)).toEqual(before);
  });

  it('refuses malformed JSON with 400 and writes nothing', async () => {
    const before = await rowCounts(t);
    expect((await postJson(t, '/api/v1/auth/password/new', '{"email"')).statusCode).toBe(400);
    expect(await rowCounts(t)).toEqual(before);
  });
});

describe('POST /api/v1/auth/password/new answers before the work behind it', () => {
  let gated: TestApp;
  let openGate: () => void = () => {};
  let deliver: EmailProvider | null = null;
  beforeAll(async () => {
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    // An email provider that holds every message until the test opens the gate, then hands it to the outbox.
    const heldEmail: EmailProvider = {
      send: async (message) => {
        await gate;
        await deliver?.send(message);
      },
    };
    gated = await createTestApp({ providers: { email: heldEmail } });
    deliver = createSandboxEmail(gated.db);
  });
  afterAll(async () => {
    openGate();
    await gated.close();
  });

  const STILL_WAITING = 'still waiting after 5 s';
  const answerWithin5s = (email: string) =>
    Promise.race([
      postJson(gated, '/api/v1/auth/password/new', { email }),
      new Promise<typeof STILL_WAITING>((resolve) => setTimeout(() => resolve(STILL_WAITING), 5000)),
    ]);

  it('answers a known email while its email cannot be sent yet, and sends it afterwards', async () => {
    const user = await createUser(gated);
    const known = await answerWithin5s(user.email);
    const unknown = await answerWithin5s(uniqueEmail('nobody'));
    if (known === STILL_WAITING || unknown === STILL_WAITING) throw new Error(STILL_WAITING);
    expect([known.statusCode, known.json()]).toEqual([200, SENT]);
    expect([unknown.statusCode, unknown.body]).toEqual([known.statusCode, known.body]);
    expect(await outboxOfNow(gated, user.email)).toEqual([]);

    openGate();
    const message = await latestOutbox(gated, user.email);
    expect(message?.subject).toBe('Reset your Keel password');
    expect(message?.body).toContain(`/password/update?email=${encodeURIComponent(user.email)}&token=`);
  });
});

/** The outbox as it is at this moment, without waiting for background work. */
async function outboxOfNow(app: TestApp, recipient: string) {
  const response = await getWithToken(app, `/api/dev/outbox?to=${encodeURIComponent(recipient)}`);
  return response.json<{ messages: unknown[] }>().messages;
}

describe('POST /api/v1/auth/password/update', () => {
  it('sets the new password, revokes every access token and records the change', async () => {
    const user = await createUser(t);
    const sessions = [await logIn(t, user), await logIn(t, user)];
    const token = await resetToken(user);
    const response = await newPassword(user, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password updated' });
    for (const session of sessions) {
      expect((await getWithToken(t, '/userinfo/v2/me', session)).statusCode).toBe(401);
      expect((await graphqlMe(t, session)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    expect((await findUserRow(t, user.email))?.passwordHash).toMatch(/^\$argon2id\$/);
    await expect(logIn(t, user)).rejects.toThrow(/401/);
    await logIn(t, { ...user, password: 'a brand new password' });
    expect((await auditOf(t, 'password.updated')).filter((e) => e.userId === user.id)).toHaveLength(1);
  });

  it('confirms the address of an unconfirmed account, whose earlier sessions and second factor go, and says so', async () => {
    const user = await createUser(t, { verified: false });
    const { token: heldSession } = await issueAccessToken(t.db, t.clock, user.id, 24);
    await enableTwoFactor(t, user.email, 'app');
    const token = await resetToken(user);
    expect((await newPassword(user, token)).statusCode).toBe(200);
    const row = await findUserRow(t, user.email);
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect(row).toMatchObject({ otpModuleEnabled: false, otpMethod: null, otpSecret: null });
    expect((await getWithToken(t, '/userinfo/v2/me', heldSession)).statusCode).toBe(401);
    await logIn(t, { ...user, password: 'a brand new password' });
    const notice = await latestOutbox(t, user.email);
    expect(notice?.subject).toBe(ACCOUNT_CLAIMED_SUBJECT);
    expect(notice?.body).toContain('with a password reset link sent to it');
  });

  it('leaves the second factor of a confirmed account alone', async () => {
    const user = await createUser(t);
    await enableTwoFactor(t, user.email, 'app');
    expect((await newPassword(user, await resetToken(user))).statusCode).toBe(200);
    expect(await findUserRow(t, user.email)).toMatchObject({ otpModuleEnabled: true, otpMethod: 'app' });
    expect(await auditOf(t, 'account.claimed')).not.toContainEqual(
      expect.objectContaining({ userId: user.id }),
    );
  });

  it('uses a reset token once', async () => {
    const user = await createUser(t);
    const token = await resetToken(user);
    expect((await newPassword(user, token)).statusCode).toBe(200);
    const again = await newPassword(user, token, 'yet another password');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: ['Reset password token is invalid'] });
  });

  it('refuses a token older than 2 hours', async () => {
    const user = await createUser(t);
    const token = await resetToken(user);
    t.clock.advance(2 * 3_600_000 + 1000);
    const response = await newPassword(user, token);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: ['Reset password token has expired'] });
  });

  it('makes older links stop working when a new one is sent', async () => {
    const user = await createUser(t);
    const older = await resetToken(user);
    const newer = await resetToken(user);
    expect((await newPassword(user, older)).json()).toEqual({ errors: ['Reset password token is invalid'] });
    expect((await newPassword(user, newer)).statusCode).toBe(200);
  });

  it("refuses a token with another user's email", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const token = await resetToken(user);
    expect((await newPassword(other, token)).json()).toEqual({ errors: ['Reset password token is invalid'] });
  });

  it.each([
    [
      'a short password',
      { password: 'short', password_confirmation: 'short' },
      ['Password must be at least 8 characters'],
    ],
    [
      'a 10 kB password',
      { password: 'p'.repeat(10_240), password_confirmation: 'p'.repeat(10_240) },
      ['Password must be at most 128 characters'],
    ],
    [
      'a confirmation that differs',
      { password: 'long enough 1', password_confirmation: 'long enough 2' },
      ['Passwords do not match'],
    ],
    [
      'a missing confirmation',
      { password: 'long enough 1', password_confirmation: undefined },
      ['Passwords do not match'],
    ],
    [
      'a number for the password',
      { password: 12345678, password_confirmation: 12345678 },
      ['Password is required'],
    ],
  ])('lists the problems of %s and keeps the token usable', async (_name, fields, errors) => {
    const user = await createUser(t);
    const token = await resetToken(user);
    const before = await rowCounts(t);
    const response = await update({ email: user.email, token, ...fields });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors });
    expect(await rowCounts(t)).toEqual(before);
    expect((await newPassword(user, token)).statusCode).toBe(200);
  });

  it.each([
    ['a missing token', { token: undefined }],
    ['a number for the token', { token: 5 }],
    ['a 10 kB token', { token: 't'.repeat(10_240) }],
    ['a number for the email', { email: 5 }],
  ])('answers 422 token invalid for %s and writes nothing', async (_name, fields) => {
    const before = await rowCounts(t);
    const response = await update({
      email: 'someone@example.com',
      token: 'whatever',
      password: 'long enough password',
      password_confirmation: 'long enough password',
      ...fields,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: ['Reset password token is invalid'] });
    expect(await rowCounts(t)).toEqual(before);
  });

  it('reports a bad token and a bad password together', async () => {
    const response = await update({
      email: 'x@example.com',
      token: 'nope',
      password: 'short',
      password_confirmation: 'x',
    });
    expect(response.json()).toEqual({
      errors: [
        'Reset password token is invalid',
        'Password must be at least 8 characters',
        'Passwords do not match',
      ],
    });
  });

  it('refuses malformed JSON with 400 and writes nothing', async () => {
    const before = await rowCounts(t);
    expect((await postJson(t, '/api/v1/auth/password/update', '{"token":')).statusCode).toBe(400);
    expect(await rowCounts(t)).toEqual(before);
  });
});
