import { describe, expect, it } from 'vitest';
import { applicationFieldOf, emptyApplicationForm } from './applicationFormValues';

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
    ['person.dateOfBirth', 'dateOfBirth'],
    ['address.city', 'address.city'],
    ['address', 'address.streetLine1'],
    ['acknowledgedAgreements', 'acknowledgedAgreements'],
    ['entityId', null],
  ])('puts a refusal of %s under %s', (serverField, formField) => {
    expect(applicationFieldOf(serverField)).toBe(formField);
  });
});
