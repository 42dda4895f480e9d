import { REAUTHENTICATION_MINUTES, TWO_FACTOR_MESSAGES } from '@keel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createUser,
  findUserRow,
  latestOutbox,
  logIn,
  outboxOf,
  postJson,
  type TestUser,
  totpCode,
} from '../../../test/authKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { users } from '../../db/schema';

let t: TestApp;

const TWO_FACTOR = `query($p: String!) { twoFactor(password: $p) {
  otpModuleEnabled otpMethod otpSecret otpProvisioningUri otpProvisioningQrcode } }`;
const UPDATE_FACTOR = `mutation($code: String, $phone: String) { updateUserFactor(otpAttempt: $code, phoneNumber: $phone) {
  errors fieldErrors { field message } codeSent retryAfterSeconds me { otpModuleEnabled otpMethod otpPhoneNumber } } }`;
const DELETE_FACTOR = 'mutation { deleteUserFactor { errors me { otpModuleEnabled otpMethod } } }';
const SECURITY = '{ me { email otpModuleEnabled otpMethod otpPhoneNumber } }';

type Setup = {
  otpSecret: string | null;
  otpProvisioningUri: string | null;
  otpProvisioningQrcode: string | null;
};
type FactorAnswer = {
  errors: string[];
  fieldErrors: { field: string; message: string }[];
  codeSent: boolean;
  retryAfterSeconds: number | null;
  me: { otpModuleEnabled: boolean; otpMethod: string | null; otpPhoneNumber: string | null };
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.advance(16 * 60_000);
});

/** Re-enters the password (the section's gate); returns what the section shows. */
async function openSection(token: string, password: string): Promise<Setup> {
  const result = await t.graphql<{ twoFactor: Setup }>(TWO_FACTOR, { p: password }, token);
  expect(result.errors).toBeUndefined();
  return result.data?.twoFactor as Setup;
}

async function updateFactor(token: string, variables: { code?: string; phone?: string }) {
  const result = await t.graphql<{ updateUserFactor: FactorAnswer }>(UPDATE_FACTOR, variables, token);
  expect(result.errors).toBeUndefined();
  return result.data?.updateUserFactor as FactorAnswer;
}

async function signedIn(): Promise<{ user: TestUser; token: string }> {
  const user = await createUser(t);
  return { user, token: await logIn(t, user) };
}

function passwordStep(user: TestUser) {
  return postJson(t, '/api/v1/auth/login', {
    email: user.email,
    password: user.password,
    grant_type: 'password',
  });
}

function verifyOtp(user: TestUser, code: string, csrfToken: string) {
  return postJson(
    t,
    '/api/v1/auth/verify-otp',
    { email: user.email, password: user.password, code, grant_type: 'password' },
    { headers: { 'x-csrf-token': csrfToken } },
  );
}

async function smsCodeIn(phone: string): Promise<string> {
  const code = /verification code is (\d{6})$/.exec((await latestOutbox(t, phone))?.body ?? '')?.[1];
  if (!code) throw new Error(`No code sent to ${phone}`);
  return code;
}

describe('the two-factor section, gated by the password (TwoFactor(password))', () => {
  it('refuses a wrong password on its field and gives a new authenticator secret with its QR code for the right one', async () => {
    const { user, token } = await signedIn();
    const wrong = await t.graphql(TWO_FACTOR, { p: 'not my password' }, token);
    expect(wrong.errors?.[0]).toMatchObject({
      message: TWO_FACTOR_MESSAGES.passwordInvalid,
      extensions: { code: 'BAD_USER_INPUT', field: 'password' },
    });
    const setup = await openSection(token, user.password);
    expect(setup.otpSecret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.otpProvisioningUri).toContain(`secret=${setup.otpSecret}`);
    expect(setup.otpProvisioningUri).toMatch(/^otpauth:\/\/totp\/Keel:/);
    expect(setup.otpProvisioningQrcode).toMatch(/^data:image\/png;base64,/);
    // Asking again makes a new secret; only the last one can be enabled.
    const again = await openSection(token, user.password);
    expect(again.otpSecret).not.toBe(setup.otpSecret);
    const stale = await updateFactor(token, { code: await totpCode(t, setup.otpSecret ?? '') });
    expect(stale.errors).toEqual([TWO_FACTOR_MESSAGES.failedToVerify]);
  });

  it('counts wrong passwords like failed sign-ins (TOO_MANY_REQUESTS after five)', async () => {
    const { user, token } = await signedIn();
    for (let i = 0; i < 5; i += 1) {
      const result = await t.graphql(TWO_FACTOR, { p: `wrong ${i}` }, token);
      expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    const refused = await t.graphql(TWO_FACTOR, { p: user.password }, token);
    expect(refused.errors?.[0]).toMatchObject({
      message: TWO_FACTOR_MESSAGES.tooManyAttempts,
      extensions: { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: expect.any(Number) },
    });
  });

  it('refuses two-factor changes from a session that has not re-entered its password lately', async () => {
    const { user, token } = await signedIn();
    for (const [query, variables] of [
      [UPDATE_FACTOR, { code: '123456' }],
      [DELETE_FACTOR, {}],
    ] as const) {
      const result = await t.graphql(query, variables, token);
      expect(result.errors?.[0]).toMatchObject({
        message: TWO_FACTOR_MESSAGES.reauthenticate,
        extensions: { code: 'FORBIDDEN' },
      });
    }
    await openSection(token, user.password);
    // Another session of the same user is not opened by it.
    const other = await logIn(t, user);
    const fromOther = await t.graphql(DELETE_FACTOR, {}, other);
    expect(fromOther.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    t.clock.advance(REAUTHENTICATION_MINUTES * 60_000 + 1_000);
    const late = await t.graphql(UPDATE_FACTOR, { code: '123456' }, token);
    expect(late.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('the authenticator app', () => {
  it('is enabled by a code computed from the secret; sign-in then asks for a code; Remove turns it off', async () => {
    const { user, token } = await signedIn();
    const { otpSecret } = await openSection(token, user.password);
    const secret = otpSecret ?? '';
    const enabled = await updateFactor(token, { code: await totpCode(t, secret) });
    expect(enabled).toMatchObject({
      errors: [],
      me: { otpModuleEnabled: true, otpMethod: 'app', otpPhoneNumber: null },
    });
    expect((await latestOutbox(t, user.email))?.subject).toBe(
      'Two-factor authentication is on for your Keel account',
    );
    const security = await t.graphql<{ me: { otpModuleEnabled: boolean } }>(SECURITY, {}, token);
    expect(security.data?.me.otpModuleEnabled).toBe(true);

    // Signing in now needs the code; the code that enabled it cannot be used again.
    const step = await passwordStep(user);
    const body = step.json<{
      auth: unknown;
      otp_module_enabled: boolean;
      otp_method: string;
      csrf_token: string;
    }>();
    expect(body).toMatchObject({ auth: null, otp_module_enabled: true, otp_method: 'app' });
    expect((await verifyOtp(user, await totpCode(t, secret), body.csrf_token)).statusCode).toBe(401);
    t.clock.advance(30_000);
    const verified = await verifyOtp(user, await totpCode(t, secret), body.csrf_token);
    expect(verified.statusCode).toBe(200);

    // Exactly one method: the section offers no new secret and SMS cannot be added.
    const section = await openSection(token, user.password);
    expect(section).toMatchObject({ otpSecret: null, otpProvisioningQrcode: null });
    const sms = await updateFactor(token, { phone: '415 555 0111' });
    expect(sms).toMatchObject({
      errors: [TWO_FACTOR_MESSAGES.onlyOneMethod],
      codeSent: false,
      me: { otpMethod: 'app' },
    });
    expect(await outboxOf(t, '+14155550111')).toEqual([]);

    const removed = await t.graphql<{ deleteUserFactor: { me: { otpModuleEnabled: boolean } } }>(
      DELETE_FACTOR,
      {},
      token,
    );
    expect(removed.data?.deleteUserFactor.me).toEqual({ otpModuleEnabled: false, otpMethod: null });
    expect(await findUserRow(t, user.email)).toMatchObject({ otpSecret: null, otpMethod: null });
    const plain = (await passwordStep(user)).json<{ auth: { access_token: string } | null }>();
    expect(plain.auth?.access_token).toEqual(expect.any(String));
    expect((await latestOutbox(t, user.email))?.subject).toBe(
      'Two-factor authentication is off for your Keel account',
    );
  });

  it('stores the secret sealed under the server key, pending and enabled, and still reads one stored in the clear', async () => {
    const { user, token } = await signedIn();
    const secret = (await openSection(token, user.password)).otpSecret ?? '';
    const pending = (await findUserRow(t, user.email))?.otpPendingSecret ?? '';
    expect(pending).toMatch(/^v1:/);
    expect(pending).not.toContain(secret);
    await updateFactor(token, { code: await totpCode(t, secret) });
    const stored = (await findUserRow(t, user.email))?.otpSecret ?? '';
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(secret);

    // Sealed for this user only: copied onto another user's row, it opens nowhere.
    const other = await createUser(t);
    await t.db
      .update(users)
      .set({ otpModuleEnabled: true, otpMethod: 'app', otpSecret: stored })
      .where(eq(users.email, other.email));
    t.clock.advance(30_000);
    const stolen = await passwordStep(other);
    const csrf = stolen.json<{ csrf_token: string }>().csrf_token;
    expect((await verifyOtp(other, await totpCode(t, secret), csrf)).statusCode).toBe(401);

    // A secret stored before sealing (plain Base32) still signs its user in.
    await t.db.update(users).set({ otpSecret: secret, otpLastStep: null }).where(eq(users.email, user.email));
    const step = await passwordStep(user);
    const csrfToken = step.json<{ csrf_token: string }>().csrf_token;
    expect((await verifyOtp(user, await totpCode(t, secret), csrfToken)).statusCode).toBe(200);
  });

  it('refuses a wrong code under the code field, and a sixth wrong code in a row even when right', async () => {
    const { user, token } = await signedIn();
    const secret = (await openSection(token, user.password)).otpSecret ?? '';
    const right = await totpCode(t, secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i += 1) {
      const answer = await updateFactor(token, { code: wrong });
      expect(answer).toMatchObject({
        errors: [TWO_FACTOR_MESSAGES.failedToVerify],
        fieldErrors: [{ field: 'otpAttempt', message: TWO_FACTOR_MESSAGES.failedToVerify }],
        me: { otpModuleEnabled: false },
      });
    }
    const refused = await updateFactor(token, { code: right });
    expect(refused).toMatchObject({
      errors: [TWO_FACTOR_MESSAGES.tooManyAttempts],
      me: { otpModuleEnabled: false },
    });
    const malformed = await updateFactor(token, { code: '12ab56' });
    expect(malformed.fieldErrors).toEqual([{ field: 'otpAttempt', message: 'Code must be 6 digits' }]);
    const nothing = await updateFactor(token, {});
    expect(nothing.errors).toEqual([TWO_FACTOR_MESSAGES.codeOrPhoneRequired]);
  });
});

describe('text messages', () => {
  it('texts a code to the phone, refuses a resend within 30 s, and enables SMS with the code', async () => {
    const { user, token } = await signedIn();
    await openSection(token, user.password);
    const sent = await updateFactor(token, { phone: '(415) 555-0123' });
    expect(sent).toMatchObject({
      errors: [],
      codeSent: true,
      retryAfterSeconds: 30,
      me: { otpModuleEnabled: false },
    });
    const first = await smsCodeIn('+14155550123');

    const resend = await updateFactor(token, { phone: '(415) 555-0123' });
    expect(resend).toMatchObject({
      errors: ['Please wait 30 seconds before requesting another code'],
      fieldErrors: [
        { field: 'phoneNumber', message: 'Please wait 30 seconds before requesting another code' },
      ],
      codeSent: false,
      retryAfterSeconds: 30,
    });
    t.clock.advance(12_000);
    const stillEarly = await updateFactor(token, { phone: '4155550123' });
    expect(stillEarly.errors).toEqual(['Please wait 18 seconds before requesting another code']);
    expect(await outboxOf(t, '+14155550123')).toHaveLength(1);
    t.clock.advance(18_000);
    const resent = await updateFactor(token, { phone: '4155550123' });
    expect(resent.codeSent).toBe(true);
    const latest = await smsCodeIn('+14155550123');

    // The first code no longer works, nor the right code for another phone.
    if (first !== latest) {
      expect((await updateFactor(token, { phone: '4155550123', code: first })).errors).toEqual([
        TWO_FACTOR_MESSAGES.failedToVerify,
      ]);
    }
    expect((await updateFactor(token, { phone: '4155550999', code: latest })).errors).toEqual([
      TWO_FACTOR_MESSAGES.failedToVerify,
    ]);
    const enabled = await updateFactor(token, { phone: '+1 415 555 0123', code: latest });
    expect(enabled).toMatchObject({
      errors: [],
      me: { otpModuleEnabled: true, otpMethod: 'sms', otpPhoneNumber: '+*******0123' },
    });
    // The profile's phone is another matter.
    expect(await findUserRow(t, user.email)).toMatchObject({
      otpPhoneNumber: '+14155550123',
      phoneNumber: null,
    });

    // Signing in now: the code step shows the phone's last 4 digits, and a texted code signs in.
    const step = (await passwordStep(user)).json<{ user: { phone_number: string }; csrf_token: string }>();
    expect(step.user.phone_number).toBe('+*******0123');
    t.clock.advance(30_000);
    const send = await postJson(
      t,
      '/api/v1/auth/send_otp_sms',
      { email: user.email },
      { headers: { 'x-csrf-token': step.csrf_token } },
    );
    expect(send.statusCode).toBe(200);
    const verified = await verifyOtp(user, await smsCodeIn('+14155550123'), step.csrf_token);
    expect(verified.statusCode).toBe(200);

    // Only one method: the app cannot be added while SMS is on.
    const section = await openSection(token, user.password);
    expect(section.otpSecret).toBeNull();
  });

  it('refuses a phone that is not a US mobile number, naming the field, and sends nothing', async () => {
    const { user, token } = await signedIn();
    await openSection(token, user.password);
    for (const phone of ['123', '+44 20 7946 0958', '(015) 555-0123', 'x'.repeat(30)]) {
      const answer = await updateFactor(token, { phone });
      expect(answer).toMatchObject({
        errors: ['Invalid phone number'],
        fieldErrors: [{ field: 'phoneNumber', message: 'Invalid phone number' }],
        codeSent: false,
      });
    }
    const tooLong = await t.graphql(UPDATE_FACTOR, { phone: '4'.repeat(40) }, token);
    expect(tooLong.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', field: 'phoneNumber' },
    });
  });

  it('sends at most 10 texts an hour to one user', async () => {
    const { user, token } = await signedIn();
    for (let i = 0; i < 10; i += 1) {
      await openSection(token, user.password);
      expect((await updateFactor(token, { phone: '4155550150' })).codeSent).toBe(true);
      t.clock.advance(31_000);
    }
    await openSection(token, user.password);
    const refused = await updateFactor(token, { phone: '4155550150' });
    expect(refused).toMatchObject({ errors: [TWO_FACTOR_MESSAGES.tooManyTexts], codeSent: false });
    expect(await outboxOf(t, '+14155550150')).toHaveLength(10);
  });
});
