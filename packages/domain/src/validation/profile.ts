import { z } from 'zod';

/**
 * Form and API rules for the personal information of /settings (spec §2, §3 Person and Address, §5
 * 'Profile'). One definition, used by the profile form and the server. The country is fixed: the
 * United States.
 */

export const PROFILE_NAME_MAX = 100;
export const STREET_LINE_MAX = 100;
export const CITY_MAX = 60;
/** The one country an address can be in (spec §2 'country fixed United States'). */
export const PROFILE_COUNTRY = { code: 'US', name: 'United States' } as const;

/** Spec §5 'Profile': its messages ('Required', 'Invalid', 'Invalid Zip code'), ours where it has none. */
export const PROFILE_MESSAGES = {
  required: 'Required',
  invalidState: 'Invalid',
  invalidZip: 'Invalid Zip code',
  invalidPhone: 'Invalid phone number',
  mailingAddressNull: 'Mailing address must be null',
  tooLong: (max: number) => `Must be at most ${max} characters`,
} as const;

/** The two-letter USPS codes of the states, DC and the territories. */
export const US_STATE_CODES: readonly string[] = (
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ' +
  'ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY AS GU MP PR VI'
).split(' ');

/** Separators people type in a phone number. */
const PHONE_SEPARATORS = /[\s().-]/g;
/** A North American number: area code and exchange do not start with 0 or 1. */
const NANP_NUMBER = /^(?:\+?1)?([2-9]\d{2}[2-9]\d{6})$/;
const PHONE_INPUT_MAX = 32;

/**
 * A United States mobile number as people type it ('(415) 555-0134', '+1 415 555 0134'), stored in
 * E.164 ('+14155550134'): the form of the profile and of two-factor SMS.
 */
export const usPhoneNumberSchema = z
  .string({ error: PROFILE_MESSAGES.invalidPhone })
  .max(PHONE_INPUT_MAX, PROFILE_MESSAGES.invalidPhone)
  .transform((text, ctx) => {
    const match = NANP_NUMBER.exec(text.replace(PHONE_SEPARATORS, ''));
    if (!match?.[1]) {
      ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.invalidPhone });
      return z.NEVER;
    }
    return `+1${match[1]}`;
  });

/** The last 4 digits of a phone number, the rest masked (spec §9 'SMS shows last 4 phone digits'). */
export function maskPhoneNumber(phone: string): string {
  return phone.replace(/\d(?=(?:\D*\d){4})/g, '*');
}

const blankAsNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

const requiredText = (max: number) =>
  z
    .string({ error: PROFILE_MESSAGES.required })
    .trim()
    .min(1, PROFILE_MESSAGES.required)
    .max(max, PROFILE_MESSAGES.tooLong(max));

/** A physical address in the United States (spec §3 Address, §5 'Profile'). */
export const addressSchema = z.object(
  {
    streetLine1: requiredText(STREET_LINE_MAX),
    streetLine2: z.preprocess(
      blankAsNull,
      z.string().trim().max(STREET_LINE_MAX, PROFILE_MESSAGES.tooLong(STREET_LINE_MAX)).nullable(),
    ),
    city: requiredText(CITY_MAX),
    state: z
      .string({ error: PROFILE_MESSAGES.required })
      .trim()
      .min(1, PROFILE_MESSAGES.required)
      .max(2, PROFILE_MESSAGES.invalidState)
      .transform((state) => state.toUpperCase())
      .refine(
        (state) => (US_STATE_CODES as readonly string[]).includes(state),
        PROFILE_MESSAGES.invalidState,
      ),
    postalCode: z
      .string({ error: PROFILE_MESSAGES.invalidZip })
      .trim()
      .regex(/^\d{5}$/, PROFILE_MESSAGES.invalidZip),
  },
  { error: PROFILE_MESSAGES.required },
);
export type Address = z.infer<typeof addressSchema>;

/**
 * The personal information form: name required, phone a valid mobile number (blank: none), the
 * physical address, and a mailing address that must be null (spec §5: it is not collected).
 */
export const profileFormSchema = z.object({
  name: requiredText(PROFILE_NAME_MAX),
  phoneNumber: z.preprocess(blankAsNull, usPhoneNumberSchema.nullable()),
  physicalAddress: addressSchema,
  mailingAddress: z.null({ error: PROFILE_MESSAGES.mailingAddressNull }).optional(),
});
export type ProfileForm = z.infer<typeof profileFormSchema>;

/** A full name's parts as spec §3 Person lists them. */
export type PersonNameParts = { firstName: string; middleName: string | null; lastName: string | null };

/**
 * The parts of a full name, as the profile keeps one name (the form's 'full name'): the first word,
 * the last word, and the words between. A one-word name has no last name. No suffix is guessed.
 */
export function splitPersonName(name: string): PersonNameParts {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? '', middleName: null, lastName: null };
  return {
    firstName: words[0] ?? '',
    middleName: words.length > 2 ? words.slice(1, -1).join(' ') : null,
    lastName: words.at(-1) ?? null,
  };
}
