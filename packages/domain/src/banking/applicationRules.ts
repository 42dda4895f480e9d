import { z } from 'zod';
import { isCalendarDate } from '../months';
import { emailSchema } from '../validation/auth';
import { addressSchema, usPhoneNumberSchema } from '../validation/profile';
import { requiredNameSchema } from '../validation/text';

/**
 * The account application of /apply (spec §5 'Application form', §9 lengths; createTprimeApplication's
 * person and address). One definition, used by the form and the server.
 */

export const APPLICANT_FIRST_NAME_MAX = 36;
export const APPLICANT_LAST_NAME_MAX = 40;
export const APPLICANT_EMAIL_MAX = 50;
export const SSN_LENGTH = 9;
/** The business's Employer Identification Number: 9 digits, written XX-XXXXXXX. */
export const EIN_LENGTH = 9;
export const EIN_LABEL = 'Employer Identification Number (EIN)';
/** A deposit account's owner must be an adult (ours: the spec is silent; US banks require 18). */
export const APPLICANT_MIN_AGE = 18;

/** Spec §5's messages word for word (its spelling 'aknowledge' kept), and ours (marked) where it has none. */
export const APPLICATION_MESSAGES = {
  agreements: 'You must aknowledge the agreements and disclosures',
  phone: 'Invalid phone number',
  dateOfBirth: 'Invalid date of birth',
  citizen: 'You must be a US citizen or resident',
  ssnLength: 'SSN must be 9 digits',
  ssnNumeric: 'Invalid SSN',
  // ours
  einRequired: 'EIN is required',
  einLength: 'EIN must be 9 digits',
  einNumeric: 'EIN must contain digits only',
  einInvalid: 'Invalid EIN: no EIN starts with 00',
  // ours
  emailTooLong: `Email must be at most ${APPLICANT_EMAIL_MAX} characters`,
  tooYoung: `You must be at least ${APPLICANT_MIN_AGE} years old to open an account`,
} as const;

const M = APPLICATION_MESSAGES;

/**
 * The applicant's date of birth: a real calendar day 'YYYY-MM-DD' from 1900 on. Whether the applicant
 * is old enough needs today's date: checkApplicantAge.
 */
export const dateOfBirthSchema = z
  .string({ error: M.dateOfBirth })
  .trim()
  .refine(isCalendarDate, M.dateOfBirth);

/** The social security number: exactly 9 characters, all digits (spec §5, in that order). */
export const ssnSchema = z
  .string({ error: M.ssnLength })
  .trim()
  .length(SSN_LENGTH, { error: M.ssnLength, abort: true })
  .regex(/^\d+$/, M.ssnNumeric);

/**
 * The business's EIN: 9 digits, as typed ('123456789') or in its printed layout ('12-3456789', the one
 * dash after the second digit); answered as the 9 digits. The IRS never issues prefix 00.
 */
export const einSchema = z
  .string({ error: M.einRequired })
  .trim()
  .min(1, { error: M.einRequired, abort: true })
  .transform((value) => (/^\d{2}-/.test(value) ? value.slice(0, 2) + value.slice(3) : value))
  .pipe(
    z
      .string()
      .regex(/^\d*$/, { error: M.einNumeric, abort: true })
      .length(EIN_LENGTH, { error: M.einLength, abort: true })
      .refine((digits) => !digits.startsWith('00'), M.einInvalid),
  );

/** An EIN's 9 digits in its printed layout: '123456789' → '12-3456789'; fewer digits as far as they go. */
export function formatEin(digits: string): string {
  const clean = digits.replace(/\D/g, '').slice(0, EIN_LENGTH);
  return clean.length > 2 ? `${clean.slice(0, 2)}-${clean.slice(2)}` : clean;
}

/**
 * The application form. The phone is the profile's US number rule, stored in E.164 (a bank needs a number
 * it can call, not only digits); the address is the profile's (state 2 letters, postal code 5 digits).
 */
/** The applicant's own fields of the form (createTprimeApplication's `person`; the address and the agreements stand apart). */
export const APPLICANT_PERSON_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'dateOfBirth',
  'citizen',
  'tin',
  'ein',
] as const;

export const applicationFormSchema = z.object({
  acknowledgedAgreements: z.literal(true, { error: M.agreements }),
  firstName: requiredNameSchema('First name', APPLICANT_FIRST_NAME_MAX),
  lastName: requiredNameSchema('Last name', APPLICANT_LAST_NAME_MAX),
  email: emailSchema.pipe(z.string().max(APPLICANT_EMAIL_MAX, M.emailTooLong)),
  phoneNumber: usPhoneNumberSchema,
  dateOfBirth: dateOfBirthSchema,
  citizen: z.literal(true, { error: M.citizen }),
  tin: ssnSchema,
  /** The business's EIN (ours: the spec's form asks only the owner's SSN; a company's 1099-INT needs it). */
  ein: einSchema,
  address: addressSchema,
});
export type ApplicationForm = z.infer<typeof applicationFormSchema>;

/**
 * Why an applicant born on `dateOfBirth` cannot apply on `today` (both 'YYYY-MM-DD'), or null. Someone
 * born on 29 February turns a year older on 1 March in common years.
 */
export function checkApplicantAge(dateOfBirth: string, today: string): string | null {
  if (!isCalendarDate(dateOfBirth) || !isCalendarDate(today)) throw new RangeError('Not a calendar date');
  const adultFrom = `${String(Number(dateOfBirth.slice(0, 4)) + APPLICANT_MIN_AGE).padStart(4, '0')}${dateOfBirth.slice(4)}`;
  return today >= adultFrom ? null : M.tooYoung;
}
