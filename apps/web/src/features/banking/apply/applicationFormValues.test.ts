import { describe, expect, it } from 'vitest';
import { applicationFieldOf, einInput, emptyApplicationForm, zipCodeInput } from './applicationFormValues';

describe('the application form values', () => {
  it("starts from the applicant's name, email and phone, the boxes unticked", () => {
    expect(
      emptyApplicationForm({ name: 'Ada King Lovelace', email: 'ada@acme.test', phoneNumber: null }),
    ).toMatchObject({
      firstName: 'Ada',
      lastName: 'King Lovelace',
      email: 'ada@acme.test',
      phoneNumber: '',
      citizen: false,
      acknowledgedAgreements: false,
    });
  });

  it.each([
    ['person.tin', 'tin'],
    ['person.ein', 'ein'],
    ['person.dateOfBirth', 'dateOfBirth'],
    ['address.city', 'address.city'],
    ['address', 'address.streetLine1'],
    ['acknowledgedAgreements', 'acknowledgedAgreements'],
    ['entityId', null],
  ])('puts a refusal of %s under %s', (serverField, formField) => {
    expect(applicationFieldOf(serverField)).toBe(formField);
  });
});

describe('the digits-only boxes', () => {
  it.each([
    ['94105', '94105'],
    ['9410a5', '94105'],
    ['94105-1234', '94105'],
    [' 9 4 1 ', '941'],
    ['abcde', ''],
  ])('keeps the ZIP code %j as %j', (typed, kept) => {
    expect(zipCodeInput(typed)).toBe(kept);
  });

  it.each([
    ['1', '1'],
    ['12', '12'],
    ['123', '12-3'],
    ['123456789', '12-3456789'],
    ['12-3456789', '12-3456789'],
    ['12-34x56789', '12-3456789'],
    ['1234567890', '12-3456789'],
    ['ein', ''],
  ])('shows the EIN %j as %j', (typed, shown) => {
    expect(einInput(typed)).toBe(shown);
  });
});
