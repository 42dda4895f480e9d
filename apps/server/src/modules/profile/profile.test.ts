import { PROFILE_MESSAGES } from '@keel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, enableTwoFactor, findUserRow, logIn, type TestUser } from '../../../test/authKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { issueAccessToken } from '../auth/tokens';

let t: TestApp;
let user: TestUser;
let token: string;

const MY_PROFILE = `{ me { id email phoneNumber tprimePerson {
  userId firstName middleName lastName suffix name email phoneNumber accountIds entityId
  physicalAddress { streetLine1 streetLine2 city state postalCode country } mailingAddress { city } } } }`;
const UPDATE = `mutation($n: String!, $p: String, $a: AddressInput!, $m: AddressInput) {
  updateTprimePerson(name: $n, phoneNumber: $p, physicalAddress: $a, mailingAddress: $m) {
    name firstName lastName phoneNumber physicalAddress { streetLine1 streetLine2 city state postalCode country } } }`;

const ADDRESS = {
  streetLine1: '500 Howard St',
  streetLine2: 'Suite 300',
  city: 'San Francisco',
  state: 'ca',
  postalCode: '94105',
};

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t, { name: 'Dana Demo' });
  token = await logIn(t, user);
});
afterAll(() => t.close());

describe('MyProfile', () => {
  it('shows the person with no address before the first save, and never a mailing address', async () => {
    const result = await t.graphql<{ me: { tprimePerson: Record<string, unknown> } }>(MY_PROFILE, {}, token);
    expect(result.errors).toBeUndefined();
    expect(result.data?.me.tprimePerson).toEqual({
      userId: expect.any(String),
      firstName: 'Dana',
      middleName: null,
      lastName: 'Demo',
      suffix: null,
      name: 'Dana Demo',
      email: user.email,
      phoneNumber: null,
      accountIds: [],
      entityId: null,
      physicalAddress: null,
      mailingAddress: null,
    });
  });
});

describe('updateTprimePerson', () => {
  it('saves the name, a US mobile number (as +1…) and the address in the United States', async () => {
    const result = await t.graphql(
      UPDATE,
      { n: '  Dana Q. Demo ', p: '(415) 555-0134', a: ADDRESS, m: null },
      token,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      updateTprimePerson: {
        name: 'Dana Q. Demo',
        firstName: 'Dana',
        lastName: 'Demo',
        phoneNumber: '+14155550134',
        physicalAddress: { ...ADDRESS, state: 'CA', country: 'United States' },
      },
    });
    const profile = await t.graphql<{ me: { phoneNumber: string; tprimePerson: { middleName: string } } }>(
      MY_PROFILE,
      {},
      token,
    );
    expect(profile.data?.me.phoneNumber).toBe('+14155550134');
    expect(profile.data?.me.tprimePerson.middleName).toBe('Q.');
    // A second save replaces the address; a blank phone removes it; no second line is none.
    const again = await t.graphql<{
      updateTprimePerson: { phoneNumber: string | null; physicalAddress: { streetLine2: null } };
    }>(UPDATE, { n: 'Dana Demo', p: '', a: { ...ADDRESS, streetLine2: '  ' } }, token);
    expect(again.data?.updateTprimePerson).toMatchObject({
      phoneNumber: null,
      physicalAddress: { streetLine2: null },
    });
  });

  it('leaves the phone sign-in codes go to where it was: only enrolment changes it', async () => {
    const other = await createUser(t);
    await enableTwoFactor(t, other.email, 'sms', '+14155550100');
    // A session made directly: this test is not about signing in.
    const { token: otherToken } = await issueAccessToken(t.db, t.clock, other.id, 24);
    await t.graphql(UPDATE, { n: 'Someone', p: '+1 212 555 0199', a: ADDRESS }, otherToken);
    const row = await findUserRow(t, other.email);
    expect(row).toMatchObject({ phoneNumber: '+12125550199', otpPhoneNumber: '+14155550100' });
  });

  it.each([
    ['a blank name', { n: '   ' }, 'name', PROFILE_MESSAGES.required],
    ['a 101-character name', { n: 'x'.repeat(101) }, 'name', 'Must be at most 100 characters'],
    ['a landline-looking number', { p: '123-456-7890' }, 'phoneNumber', PROFILE_MESSAGES.invalidPhone],
    ['letters for a phone', { p: 'call me' }, 'phoneNumber', PROFILE_MESSAGES.invalidPhone],
    [
      'a phone of 40 characters',
      { p: '4'.repeat(40) },
      'phoneNumber',
      'Phone number must be at most 32 characters',
    ],
    [
      'no street',
      { a: { ...ADDRESS, streetLine1: '' } },
      'physicalAddress.streetLine1',
      PROFILE_MESSAGES.required,
    ],
    ['no city', { a: { ...ADDRESS, city: undefined } }, 'physicalAddress.city', PROFILE_MESSAGES.required],
    [
      'a 3-letter state',
      { a: { ...ADDRESS, state: 'CAL' } },
      'physicalAddress.state',
      PROFILE_MESSAGES.invalidState,
    ],
    [
      'an unknown state',
      { a: { ...ADDRESS, state: 'XX' } },
      'physicalAddress.state',
      PROFILE_MESSAGES.invalidState,
    ],
    [
      'a 4-digit zip',
      { a: { ...ADDRESS, postalCode: '9410' } },
      'physicalAddress.postalCode',
      PROFILE_MESSAGES.invalidZip,
    ],
    [
      'a zip with letters',
      { a: { ...ADDRESS, postalCode: '9410A' } },
      'physicalAddress.postalCode',
      PROFILE_MESSAGES.invalidZip,
    ],
    [
      'a 101-character street',
      { a: { ...ADDRESS, streetLine1: 'x'.repeat(101) } },
      'physicalAddress.streetLine1',
      'Must be at most 100 characters',
    ],
    ['a mailing address', { m: ADDRESS }, 'mailingAddress', PROFILE_MESSAGES.mailingAddressNull],
    [
      'a 300-character city',
      { a: { ...ADDRESS, city: 'x'.repeat(300) } },
      'physicalAddress',
      'Physical address city must be at most 255 characters',
    ],
  ])('refuses %s, naming the field, and changes nothing', async (_case, change, field, message) => {
    const before = await findUserRow(t, user.email);
    const result = await t.graphql(
      UPDATE,
      { n: 'Changed Name', p: '4155550134', a: ADDRESS, ...change },
      token,
    );
    expect(result.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', field } });
    expect(await findUserRow(t, user.email)).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    const result = await t.graphql(UPDATE, { n: 'Nobody', a: ADDRESS });
    expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
