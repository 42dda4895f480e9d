import { describe, expect, it } from 'vitest';
import {
  applicationFormSchema,
  checkApplicantAge,
  einSchema,
  formatEin,
  APPLICATION_MESSAGES as M,
  ssnSchema,
} from './applicationRules';

const form = {
  acknowledgedAgreements: true,
  firstName: ' Dana ',
  lastName: 'Whitfield',
  email: 'dana@example.com',
  phoneNumber: '(415) 555-0134',
  dateOfBirth: '1988-06-15',
  citizen: true,
  tin: '123456789',
  ein: '987654321',
  address: { streetLine1: '1 Main St', city: 'Austin', state: 'tx', postalCode: '78701' },
};

const messageAt = (change: Record<string, unknown>, path: string) =>
  applicationFormSchema
    .safeParse({ ...form, ...change })
    .error?.issues.find((issue) => issue.path.join('.') === path)?.message;

describe('applicationFormSchema', () => {
  it('takes a complete application, trimmed, phone in E.164, state upper-cased', () => {
    expect(applicationFormSchema.parse(form)).toEqual({
      ...form,
      firstName: 'Dana',
      phoneNumber: '+14155550134',
      address: { ...form.address, state: 'TX', streetLine2: null },
    });
  });

  it.each([
    [
      { acknowledgedAgreements: false },
      'acknowledgedAgreements',
      'You must aknowledge the agreements and disclosures',
    ],
    [{ acknowledgedAgreements: undefined }, 'acknowledgedAgreements', M.agreements],
    [{ firstName: ' ' }, 'firstName', 'First name is required'],
    [{ firstName: 'x'.repeat(37) }, 'firstName', 'First name must be at most 36 characters'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
    [{ lastName: 'x'.repeat(41) }, 'lastName', 'Last name must be at most 40 characters'],
    [{ email: 'not-an-email' }, 'email', 'Invalid email'],
    [{ email: `${'a'.repeat(39)}@example.com` }, 'email', 'Email must be at most 50 characters'],
    [{ phoneNumber: 'call me' }, 'phoneNumber', 'Invalid phone number'],
    [{ phoneNumber: '123' }, 'phoneNumber', 'Invalid phone number'],
    [{ dateOfBirth: 'yesterday' }, 'dateOfBirth', 'Invalid date of birth'],
    [{ dateOfBirth: '1988-02-30' }, 'dateOfBirth', 'Invalid date of birth'],
    [{ dateOfBirth: undefined }, 'dateOfBirth', 'Invalid date of birth'],
    [{ citizen: false }, 'citizen', 'You must be a US citizen or resident'],
    [{ tin: '12345678' }, 'tin', 'SSN must be 9 digits'],
    [{ tin: '123-45-6789' }, 'tin', 'SSN must be 9 digits'],
    [{ tin: '12345678a' }, 'tin', 'Invalid SSN'],
    [{ ein: undefined }, 'ein', 'EIN is required'],
    [{ ein: '  ' }, 'ein', 'EIN is required'],
    [{ ein: '12345678' }, 'ein', 'EIN must be 9 digits'],
    [{ ein: '98-7654' }, 'ein', 'EIN must be 9 digits'],
    [{ ein: '1234567890' }, 'ein', 'EIN must be 9 digits'],
    [{ ein: '12-345678a' }, 'ein', 'EIN must contain digits only'],
    [{ ein: '123-45-6789' }, 'ein', 'EIN must contain digits only'],
    [{ ein: '001234567' }, 'ein', 'Invalid EIN: no EIN starts with 00'],
    [{ address: { ...form.address, postalCode: '787' } }, 'address.postalCode', 'Invalid Zip code'],
    [{ address: { ...form.address, streetLine1: '' } }, 'address.streetLine1', 'Required'],
  ])('refuses %j with its message', (change, path, message) => {
    expect(messageAt(change, path)).toBe(message);
  });

  it('keeps a 36-character first name, a 40-character last name and a 50-character email', () => {
    const parsed = applicationFormSchema.parse({
      ...form,
      firstName: 'x'.repeat(36),
      lastName: 'y'.repeat(40),
      email: `${'a'.repeat(38)}@example.com`,
    });
    expect(parsed.email).toHaveLength(50);
  });

  it('says only one thing about an SSN of the wrong length', () => {
    expect(ssnSchema.safeParse('abc').error?.issues.map((issue) => issue.message)).toEqual([M.ssnLength]);
  });
});

describe('checkApplicantAge', () => {
  it('lets an applicant apply from the 18th birthday on', () => {
    expect(checkApplicantAge('2008-11-23', '2026-11-22')).toBe(M.tooYoung);
    expect(checkApplicantAge('2008-11-23', '2026-11-23')).toBeNull();
    expect(checkApplicantAge('1950-01-01', '2026-11-23')).toBeNull();
    expect(checkApplicantAge('2030-01-01', '2026-11-23')).toBe(M.tooYoung);
  });

  it('counts a 29 February birthday from 1 March in a common year', () => {
    expect(checkApplicantAge('2008-02-29', '2026-02-28')).toBe(M.tooYoung);
    expect(checkApplicantAge('2008-02-29', '2026-03-01')).toBeNull();
  });

  it('refuses dates that are not calendar days', () => {
    expect(() => checkApplicantAge('2008-02-30', '2026-11-23')).toThrow(RangeError);
  });
});

describe('einSchema', () => {
  it('answers the 9 digits, typed plain or in the XX-XXXXXXX layout', () => {
    expect(einSchema.parse('987654321')).toBe('987654321');
    expect(einSchema.parse(' 98-7654321 ')).toBe('987654321');
  });
});

describe('formatEin', () => {
  it('lays the digits out as XX-XXXXXXX, as far as they go', () => {
    expect(formatEin('987654321')).toBe('98-7654321');
    expect(formatEin('98-7654321')).toBe('98-7654321');
    expect(formatEin('9876')).toBe('98-76');
    expect(formatEin('98')).toBe('98');
    expect(formatEin('98765432100')).toBe('98-7654321');
  });
});
