import { CombinedGraphQLErrors } from '@apollo/client';
import type { profileFormSchema } from '@keel/domain';
import type { z } from 'zod';
import type { ProfilePerson } from './profileQueries';

/** What the profile form holds: text as typed (the schema turns it into what is saved). */
export type ProfileFormValues = {
  name: string;
  phoneNumber: string;
  physicalAddress: {
    streetLine1: string;
    streetLine2: string;
    city: string;
    state: string;
    postalCode: string;
  };
};

/** What the schema makes of the form: the mutation's arguments. */
export type ProfileFormOutput = z.output<typeof profileFormSchema>;

/** The form's fields by the path react-hook-form and the server's `extensions.field` both use. */
const PROFILE_FIELD_PATHS = [
  'name',
  'phoneNumber',
  'physicalAddress.streetLine1',
  'physicalAddress.streetLine2',
  'physicalAddress.city',
  'physicalAddress.state',
  'physicalAddress.postalCode',
] as const;
type ProfileFieldPath = (typeof PROFILE_FIELD_PATHS)[number];

/** A US number in E.164 as people read it: '+14155550134' -> '(415) 555-0134'; others as they are. */
export function formatUsPhoneNumber(phone: string | null | undefined): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone ?? '');
  if (!match) return phone ?? '';
  return `(${match[1]}) ${match[2]}-${match[3]}`;
}

/** The form's values for a person as saved (blank fields before the first save). */
export function profileFormValuesOf(person: ProfilePerson): ProfileFormValues {
  const address = person.physicalAddress;
  return {
    name: person.name,
    phoneNumber: formatUsPhoneNumber(person.phoneNumber),
    physicalAddress: {
      streetLine1: address?.streetLine1 ?? '',
      streetLine2: address?.streetLine2 ?? '',
      city: address?.city ?? '',
      state: address?.state ?? '',
      postalCode: address?.postalCode ?? '',
    },
  };
}

/** updateTprimePerson's variables: the mailing address is always null (spec §5). */
export function profileMutationVariables(form: ProfileFormOutput) {
  return {
    name: form.name,
    phoneNumber: form.phoneNumber,
    physicalAddress: form.physicalAddress,
    mailingAddress: null,
  };
}

/**
 * Where the server's refusal belongs: the field its BAD_USER_INPUT names (`extensions.field`, e.g.
 * 'physicalAddress.postalCode') when the form has it, else the form as a whole (field null).
 */
export function placeProfileError(error: unknown): { field: ProfileFieldPath | null; message: string } {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const field = first?.extensions?.field;
    const known = (PROFILE_FIELD_PATHS as readonly unknown[]).includes(field);
    return {
      field: first?.extensions?.code === 'BAD_USER_INPUT' && known ? (field as ProfileFieldPath) : null,
      message: first?.message || 'Something went wrong',
    };
  }
  return {
    field: null,
    message: error instanceof Error && error.message ? error.message : 'Something went wrong',
  };
}
