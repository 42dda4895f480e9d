import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditOf,
  createUser,
  findUserRow,
  getWithToken,
  graphqlMe,
  latestOutbox,
  logIn,
  postJson,
  rowCounts,
  type TestUser,
  uniqueEmail,
} from '../../test/authKit';
import { createTestApp, type TestApp } from '../../test/harness';

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
const requestReset = (email: unknown) => postJson(t, '/api/v1/auth/password/new', { email });
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
    const outbox = await getWithToken(t, `/api/dev/outbox?to=${encodeURIComponent(user.email)}`);
    expect(outbox.json().messages).toHaveLength(5);
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
