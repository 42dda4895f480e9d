import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, findUserRow, getWithToken, postJson, rowCounts, uniqueEmail } from '../../test/authKit';
import { createTestApp, PRODUCTION_TEST_ENV, type TestApp } from '../../test/harness';
import { readConfig } from '../config';
import { openTotpSecret } from '../modules/auth/twoFactor';
import { secretBoxOf } from '../secrets/secretBox';

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
    const row = await findUserRow(t, user.email);
    expect(row).toMatchObject({ otpModuleEnabled: true, otpMethod: 'app' });
    // Stored sealed (secrets/secretBox.ts), for this user.
    expect(openTotpSecret(secretBoxOf(t.config), row?.id ?? '', row?.otpSecret ?? '')).toBe(secret);
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

describe('who may reach the dev routes', () => {
  /** What the routes of this file would change: a failed gate must leave it as it was. */
  async function devRouteRequests(app: TestApp, options: InjectOptions, email: string) {
    const outbox = await app.app.inject({ ...options, method: 'GET', url: '/api/dev/outbox?to=x' });
    const twoFactor = await app.app.inject({
      ...options,
      method: 'POST',
      url: '/api/dev/two-factor',
      headers: { 'content-type': 'application/json', ...options.headers },
      payload: JSON.stringify({ email, method: 'app' }),
    });
    return { outbox, twoFactor };
  }

  /** The answer to a route that does not exist, for comparison. */
  const unknownRoute = (method: 'GET' | 'POST', path: string) => ({
    status: 404,
    type: 'not_found',
    title: 'Not Found',
    detail: `No route for ${method} ${path}`,
  });

  it('leaves them off in a bare configuration, as npm start has it', () => {
    expect(readConfig({}).DEV_ROUTES).toBe(false);
    expect(readConfig({ NODE_ENV: 'development' }).DEV_ROUTES).toBe(false);
  });

  it('refuses DEV_ROUTES=true in production as a configuration error naming the setting', () => {
    expect(() => readConfig({ NODE_ENV: 'production', DEV_ROUTES: 'true' })).toThrow(
      /DEV_ROUTES: must not be true when NODE_ENV is production/,
    );
    expect(() => readConfig({ DEV_ROUTES: 'yes' })).toThrow(/DEV_ROUTES/);
    expect(readConfig(PRODUCTION_TEST_ENV).DEV_ROUTES).toBe(false);
  });

  it('does not register them with the default configuration: 404 as an unknown route, nothing written', async () => {
    const plain = await createTestApp({ env: { NODE_ENV: undefined, DEV_ROUTES: undefined } });
    try {
      const user = await createUser(plain);
      const before = await rowCounts(plain);
      const { outbox, twoFactor } = await devRouteRequests(plain, {}, user.email);
      expect([outbox.statusCode, outbox.json()]).toEqual([404, unknownRoute('GET', '/api/dev/outbox')]);
      expect([twoFactor.statusCode, twoFactor.json()]).toEqual([
        404,
        unknownRoute('POST', '/api/dev/two-factor'),
      ]);
      expect(await rowCounts(plain)).toEqual(before);
      expect((await findUserRow(plain, user.email))?.otpModuleEnabled).toBe(false);
    } finally {
      await plain.close();
    }
  });

  it('does not register them in production', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const user = await createUser(production);
      const { outbox, twoFactor } = await devRouteRequests(production, {}, user.email);
      expect([outbox.statusCode, twoFactor.statusCode]).toEqual([404, 404]);
      expect((await findUserRow(production, user.email))?.otpModuleEnabled).toBe(false);
    } finally {
      await production.close();
    }
  });

  it('answers a caller on another machine with the 404 of an unknown route, changing nothing', async () => {
    const user = await createUser(t);
    const before = await rowCounts(t);
    for (const remoteAddress of ['203.0.113.9', '10.0.0.1', '::ffff:192.0.2.1', '2001:db8::1']) {
      const { outbox, twoFactor } = await devRouteRequests(t, { remoteAddress }, user.email);
      expect([outbox.statusCode, outbox.json()]).toEqual([404, unknownRoute('GET', '/api/dev/outbox')]);
      expect([twoFactor.statusCode, twoFactor.json()]).toEqual([
        404,
        unknownRoute('POST', '/api/dev/two-factor'),
      ]);
    }
    expect(await rowCounts(t)).toEqual(before);
    expect((await findUserRow(t, user.email))?.otpModuleEnabled).toBe(false);
  });

  it('answers 404 to a loopback request that a proxy forwarded', async () => {
    const user = await createUser(t);
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
    ]) {
      const { outbox, twoFactor } = await devRouteRequests(
        t,
        { remoteAddress: '127.0.0.1', headers },
        user.email,
      );
      expect([outbox.statusCode, twoFactor.statusCode]).toEqual([404, 404]);
    }
    expect((await findUserRow(t, user.email))?.otpModuleEnabled).toBe(false);
  });

  it('reads the socket, not the address a trusted proxy reports', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const user = await createUser(proxied);
      // With TRUST_PROXY, request.ip would be 127.0.0.1 here; the socket says otherwise.
      const { outbox, twoFactor } = await devRouteRequests(
        proxied,
        { remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } },
        user.email,
      );
      expect([outbox.statusCode, twoFactor.statusCode]).toEqual([404, 404]);
      expect((await findUserRow(proxied, user.email))?.otpModuleEnabled).toBe(false);
    } finally {
      await proxied.close();
    }
  });

  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])(
    'answers a request from this machine (%s)',
    async (remoteAddress) => {
      const user = await createUser(t);
      const { outbox, twoFactor } = await devRouteRequests(t, { remoteAddress }, user.email);
      expect([outbox.statusCode, twoFactor.statusCode]).toEqual([200, 200]);
      expect((await findUserRow(t, user.email))?.otpModuleEnabled).toBe(true);
    },
  );
});
