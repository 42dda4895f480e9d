import { describe, expect, it } from 'vitest';
import {
  maskPhoneNumber,
  PROFILE_MESSAGES,
  profileFormSchema,
  splitPersonName,
  usPhoneNumberSchema,
} from './profile';

const address = { streetLine1: '1 Main St', city: 'Austin', state: 'tx', postalCode: '78701' };

describe('usPhoneNumberSchema', () => {
  it.each([
    ['(415) 555-0134', '+14155550134'],
    ['+1 415 555 0134', '+14155550134'],
    ['1-415-555-0134', '+14155550134'],
    ['415.555.0134', '+14155550134'],
  ])('reads %s as %s', (typed, stored) => {
    expect(usPhoneNumberSchema.parse(typed)).toBe(stored);
  });

  it.each(['555-0134', '(015) 555-0134', '(415) 155-0134', '+44 20 7946 0958', 'call me', '4'.repeat(33)])(
    'refuses %s',
    (typed) => {
      expect(usPhoneNumberSchema.safeParse(typed).error?.issues[0]?.message).toBe(
        PROFILE_MESSAGES.invalidPhone,
      );
    },
  );

  it('masks all but the last 4 digits', () => {
    expect(maskPhoneNumber('+14155550134')).toBe('+*******0134');
  });
});

describe('profileFormSchema', () => {
  it('takes a blank phone as none, a blank second line as none, and upper-cases the state', () => {
    expect(
      profileFormSchema.parse({
        name: ' Dana ',
        phoneNumber: ' ',
        physicalAddress: { ...address, streetLine2: '' },
      }),
    ).toEqual({
      name: 'Dana',
      phoneNumber: null,
      physicalAddress: { ...address, streetLine2: null, state: 'TX' },
    });
  });

  it.each([
    [{ name: '' }, ['name'], PROFILE_MESSAGES.required],
    [
      { physicalAddress: { ...address, streetLine1: ' ' } },
      ['physicalAddress', 'streetLine1'],
      PROFILE_MESSAGES.required,
    ],
    [
      { physicalAddress: { ...address, city: undefined } },
      ['physicalAddress', 'city'],
      PROFILE_MESSAGES.required,
    ],
    [
      { physicalAddress: { ...address, state: 'Texas' } },
      ['physicalAddress', 'state'],
      PROFILE_MESSAGES.invalidState,
    ],
    [
      { physicalAddress: { ...address, state: 'ZZ' } },
      ['physicalAddress', 'state'],
      PROFILE_MESSAGES.invalidState,
    ],
    [
      { physicalAddress: { ...address, postalCode: '787010' } },
      ['physicalAddress', 'postalCode'],
      PROFILE_MESSAGES.invalidZip,
    ],
    [{ physicalAddress: undefined }, ['physicalAddress'], PROFILE_MESSAGES.required],
    [{ mailingAddress: address }, ['mailingAddress'], PROFILE_MESSAGES.mailingAddressNull],
  ])('refuses %o on its field', (change, path, message) => {
    const parsed = profileFormSchema.safeParse({ name: 'Dana', physicalAddress: address, ...change });
    expect(parsed.error?.issues[0]).toMatchObject({ path, message });
  });
});

describe('splitPersonName', () => {
  it('splits a full name into first, middle and last', () => {
    expect(splitPersonName('  Mary  Ann Lee ')).toEqual({
      firstName: 'Mary',
      middleName: 'Ann',
      lastName: 'Lee',
    });
    expect(splitPersonName('Cher')).toEqual({ firstName: 'Cher', middleName: null, lastName: null });
    expect(splitPersonName('Dana Demo')).toEqual({ firstName: 'Dana', middleName: null, lastName: 'Demo' });
  });
});
