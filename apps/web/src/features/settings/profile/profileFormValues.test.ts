import { CombinedGraphQLErrors } from '@apollo/client';
import { profileFormSchema } from '@keel/domain';
import { describe, expect, it } from 'vitest';
import {
  formatUsPhoneNumber,
  placeProfileError,
  profileFormValuesOf,
  profileMutationVariables,
} from './profileFormValues';
import { US_STATE_OPTIONS } from './usStateOptions';

const person = {
  userId: 'u1',
  name: 'Dana Demo',
  email: 'demo@keel.test',
  phoneNumber: null,
  physicalAddress: null,
};

describe('profileFormValues', () => {
  it('shows a saved US number as people read it and leaves others as they are', () => {
    expect(formatUsPhoneNumber('+14155550134')).toBe('(415) 555-0134');
    expect(formatUsPhoneNumber('+442071234567')).toBe('+442071234567');
    expect(formatUsPhoneNumber(null)).toBe('');
  });

  it('starts blank before the first save', () => {
    expect(profileFormValuesOf(person)).toEqual({
      name: 'Dana Demo',
      phoneNumber: '',
      physicalAddress: { streetLine1: '', streetLine2: '', city: '', state: '', postalCode: '' },
    });
  });

  it('sends what the schema makes of the form, with the mailing address null', () => {
    const parsed = profileFormSchema.parse({
      name: ' Dana Q. Demo ',
      phoneNumber: '(415) 555-0134',
      physicalAddress: {
        streetLine1: '500 Howard St',
        streetLine2: ' ',
        city: 'San Francisco',
        state: 'ca',
        postalCode: '94105',
      },
    });
    expect(profileMutationVariables(parsed)).toEqual({
      name: 'Dana Q. Demo',
      phoneNumber: '+14155550134',
      physicalAddress: {
        streetLine1: '500 Howard St',
        streetLine2: null,
        city: 'San Francisco',
        state: 'CA',
        postalCode: '94105',
      },
      mailingAddress: null,
    });
  });

  it('places a refusal under the field the server names, else on the form', () => {
    const refusal = (field: string | undefined, code = 'BAD_USER_INPUT') =>
      new CombinedGraphQLErrors({
        errors: [{ message: 'Invalid Zip code', extensions: { code, ...(field ? { field } : {}) } }],
      });
    expect(placeProfileError(refusal('physicalAddress.postalCode'))).toEqual({
      field: 'physicalAddress.postalCode',
      message: 'Invalid Zip code',
    });
    expect(placeProfileError(refusal('physicalAddress'))).toEqual({
      field: null,
      message: 'Invalid Zip code',
    });
    expect(placeProfileError(refusal('name', 'FORBIDDEN')).field).toBeNull();
    expect(placeProfileError(new Error('Failed to fetch'))).toEqual({
      field: null,
      message: 'Failed to fetch',
    });
  });

  it('offers every state the schema accepts, by name', () => {
    expect(US_STATE_OPTIONS).toHaveLength(56);
    expect(US_STATE_OPTIONS[0]).toEqual({ value: 'AL', label: 'AL · Alabama' });
    expect(US_STATE_OPTIONS.every((option) => !option.label.endsWith(option.value))).toBe(true);
  });
});
