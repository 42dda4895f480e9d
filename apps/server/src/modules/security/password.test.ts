import { PASSWORD_CHANGE_MESSAGES } from '@keel/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createUser,
  findUserRow,
  graphqlMe,
  latestOutbox,
  logIn,
  postJson,
  type TestUser,
} from '../../../test/authKit';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;

const CHANGE = `mutation($c: String!, $n: String!, $p: String) {
  updateUserPassword(currentPassword: $c, newPassword: $n, passwordConfirmation: $p) {
    errors fieldErrors { field message } success revokedSessions } }`;

type ChangeAnswer = {
  updateUserPassword: {
    errors: string[];
    fieldErrors: { field: string; message: string }[];
    success: boolean;
    revokedSessions: number;
  };
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  // Past the sign-in limits' quiet period, so each test starts with clean counters.
  t.clock.advance(16 * 60_000);
});

async function change(token: string, variables: { c: string; n: string; p?: string }) {
  const result = await t.graphql<ChangeAnswer>(CHANGE, variables, token);
  expect(result.errors).toBeUndefined();
  return result.data?.updateUserPassword;
}

describe('updateUserPassword', () => {
  it('changes the password and signs out every other session; the old password and tokens stop working', async () => {
    const user = await createUser(t);
    const current = await logIn(t, user);
    const laptop = await logIn(t, user);
    const phone = await logIn(t, user);
    const answer = await change(current, {
      c: user.password,
      n: 'a brand new password',
      p: 'a brand new password',
    });
    expect(answer).toEqual({ errors: [], fieldErrors: [], success: true, revokedSessions: 2 });
    for (const old of [laptop, phone]) {
      expect((await graphqlMe(t, old)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    // The session that changed it keeps working until the web app signs it out (2 s later).
    expect((await graphqlMe(t, current)).data?.me.id).toBe(user.id);
    const oldLogin = await postJson(t, '/api/v1/auth/login', { email: user.email, password: user.password });
    expect(oldLogin.statusCode).toBe(401);
    expect(await logIn(t, { ...user, password: 'a brand new password' })).toEqual(expect.any(String));
    expect((await latestOutbox(t, user.email))?.subject).toBe('Your Keel password was changed');
  });

  it.each([
    ['a 7-character password', { n: 'short12' }, 'newPassword', 'Password must be at least 8 characters'],
    [
      'a 129-character password',
      { n: 'x'.repeat(129) },
      'newPassword',
      'Password must be less than 128 characters',
    ],
    [
      'a confirmation that differs',
      { n: 'a brand new password', p: 'a brand new passw0rd' },
      'passwordConfirmation',
      PASSWORD_CHANGE_MESSAGES.mismatch,
    ],
    ['no current password', { c: '' }, 'currentPassword', PASSWORD_CHANGE_MESSAGES.currentRequired],
    [
      'a wrong current password',
      { c: 'not my password' },
      'currentPassword',
      PASSWORD_CHANGE_MESSAGES.currentIncorrect,
    ],
    [
      'the current password again',
      { n: 'correct horse battery' },
      'newPassword',
      PASSWORD_CHANGE_MESSAGES.sameAsCurrent,
    ],
  ])(
    'refuses %s with the spec’s message under its field, changing nothing',
    async (_case, change_, field, message) => {
      const user = await createUser(t);
      const token = await logIn(t, user);
      const other = await logIn(t, user);
      const before = await findUserRow(t, user.email);
      const answer = await change(token, { c: user.password, n: 'a brand new password', ...change_ });
      expect(answer).toMatchObject({ errors: [message], fieldErrors: [{ field, message }], success: false });
      expect(await findUserRow(t, user.email)).toEqual(before);
      expect((await graphqlMe(t, other)).data?.me.id).toBe(user.id);
    },
  );

  it('counts wrong current passwords like failed sign-ins: the sixth in a row from one address is refused', async () => {
    const user: TestUser = await createUser(t);
    const token = await logIn(t, user);
    const before = (await findUserRow(t, user.email))?.passwordHash;
    for (let i = 0; i < 5; i += 1) {
      const answer = await change(token, { c: `wrong ${i}`, n: 'a brand new password' });
      expect(answer?.errors).toEqual([PASSWORD_CHANGE_MESSAGES.currentIncorrect]);
    }
    const refused = await change(token, { c: user.password, n: 'a brand new password' });
    expect(refused?.errors).toEqual([PASSWORD_CHANGE_MESSAGES.tooManyAttempts]);
    expect((await findUserRow(t, user.email))?.passwordHash).toBe(before);
    t.clock.advance(16 * 60_000);
    expect((await change(token, { c: user.password, n: 'a brand new password' }))?.success).toBe(true);
  });

  it('refuses a 2 kB password before anything runs, and a signed-out caller', async () => {
    const user = await createUser(t);
    const token = await logIn(t, user);
    const huge = await t.graphql(CHANGE, { c: user.password, n: 'x'.repeat(2_000) }, token);
    expect(huge.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'newPassword' } });
    const anonymous = await t.graphql(CHANGE, { c: user.password, n: 'a brand new password' });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
