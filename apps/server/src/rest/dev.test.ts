import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, findUserRow, getWithToken, postJson, rowCounts, uniqueEmail } from '../../test/authKit';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/dev/outbox', () => {
  it("lists one recipient's messages newest first", async () => {
    const email = uniqueEmail('outbox');
    await t.providers.email.send({ to: email, subject: 'First', text: 'one' });
    await t.providers.email.send({ to: uniqueEmail('other'), subject: 'Elsewhere', text: 'x' });
    await t.providers.email.send({ to: email, subject: 'Second', text: 'two' });
    const response = await getWithToken(t, `/api/dev/outbox?to=${encodeURIComponent(email.toUpperCase())}`);
    expect(response.statusCode).toBe(200);
    const { messages } = response.json();
    expect(messages.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First']);
    expect(messages[0]).toEqual({
      id: expect.any(Number),
      channel: 'email',
      recipient: email,
      subject: 'Second',
      body: 'two',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });
  it('refuses a recipient that is not one address', async () => {
    for (const query of ['to=a%00b', 'to=a&to=b', `to=${'x'.repeat(400)}`]) {
      expect((await getWithToken(t, `/api/dev/outbox?${query}`)).statusCode).toBe(400);
    }
  });
});

describe('POST /api/dev/two-factor', () => {
  it('turns on the authenticator app and returns its secret', async () => {
    const user = await createUser(t);
    const response = await postJson(t, '/api/dev/two-factor', { email: user.email, method: 'app' });
    expect(response.statusCode).toBe(200);
    const secret = response.json().otp_secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await findUserRow(t, user.email)).toMatchObject({
      otpModuleEnabled: true,
      otpMethod: 'app',
      otpSecret: secret,
    });
  });

  it('turns on text messages with the phone number given', async () => {
    const user = await createUser(t);
    const response = await postJson(t, '/api/dev/two-factor', {
      email: user.email,
      method: 'sms',
      phone_number: '+15550001111',
    });
    expect(response.json()).toEqual({ otp_secret: null });
    expect(await findUserRow(t, user.email)).toMatchObject({ otpMethod: 'sms', phoneNumber: '+15550001111' });
  });

  it.each([
    ['an unknown user', { email: 'nobody@example.com', method: 'app' }, 404],
    ['sms without a phone number', { email: 'PLACEHOLDER', method: 'sms' }, 422],
    ['an unknown method', { email: 'PLACEHOLDER', method: 'email' }, 400],
    ['a number for the email', { email: 3, method: 'app' }, 400],
    ['a 10 kB phone number', { email: 'PLACEHOLDER', method: 'sms', phone_number: '5'.repeat(10_240) }, 400],
    ['malformed JSON', '{"email":', 400],
  ])('refuses %s and writes nothing', async (_name, payload, status) => {
    const user = await createUser(t);
    const body =
      typeof payload === 'string'
        ? payload
        : { ...payload, email: payload.email === 'PLACEHOLDER' ? user.email : payload.email };
    const before = await rowCounts(t);
    const response = await postJson(t, '/api/dev/two-factor', body);
    expect(response.statusCode).toBe(status);
    expect(await rowCounts(t)).toEqual(before);
    expect((await findUserRow(t, user.email))?.otpModuleEnabled).toBe(false);
  });
});

describe('dev routes in production', () => {
  it('are not registered', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const outbox = await production.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(outbox.statusCode).toBe(404);
      const twoFactor = await postJson(production, '/api/dev/two-factor', {
        email: 'a@example.com',
        method: 'app',
      });
      expect(twoFactor.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
