import { APPLICANT_PERSON_FIELDS, type ApplicationForm, EIN_LENGTH, formatEin } from '@keel/domain';
import type { CreateApplicationVariables } from '../bankingQueries';

/**
 * The /apply form as typed (spec §5 'Application form'). The checkboxes start unticked: the domain's
 * applicationFormSchema wants both true and says why when they are not.
 */
export type ApplicationFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  dateOfBirth: string;
  citizen: boolean;
  tin: string;
  /** The business's EIN as shown while typed: 'XX-XXXXXXX'. */
  ein: string;
  address: { streetLine1: string; streetLine2: string; city: string; state: string; postalCode: string };
  acknowledgedAgreements: boolean;
};

/** A fresh form with what Keel already knows about the applicant: their name, email and phone. */
export function emptyApplicationForm(me: {
  name: string;
  email: string;
  phoneNumber: string | null;
}): ApplicationFormValues {
  const [firstName = '', ...rest] = me.name.trim().split(/\s+/);
  return {
    firstName,
    lastName: rest.join(' '),
    email: me.email,
    phoneNumber: me.phoneNumber ?? '',
    dateOfBirth: '',
    citizen: false,
    tin: '',
    ein: '',
    address: { streetLine1: '', streetLine2: '', city: '', state: '', postalCode: '' },
    acknowledgedAgreements: false,
  };
}

/** createTprimeApplication's arguments from a valid form. */
export function applicationVariables(entityId: string, form: ApplicationForm): CreateApplicationVariables {
  return {
    entityId,
    person: {
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      phoneNumber: form.phoneNumber,
      dateOfBirth: form.dateOfBirth,
      citizen: form.citizen,
      tin: form.tin,
      ein: form.ein,
    },
    address: {
      streetLine1: form.address.streetLine1,
      streetLine2: form.address.streetLine2,
      city: form.address.city,
      state: form.address.state,
      postalCode: form.address.postalCode,
    },
    acknowledgedAgreements: form.acknowledgedAgreements,
  };
}

const FORM_FIELDS = new Set<string>([
  ...APPLICANT_PERSON_FIELDS,
  'address.streetLine1',
  'address.streetLine2',
  'address.city',
  'address.state',
  'address.postalCode',
  'acknowledgedAgreements',
]);

/**
 * The form field of a server refusal's `extensions.field` ('person.tin' -> 'tin', 'address.city'
 * stays); null when the form has no such field (the company already has an account: an alert).
 */
export function applicationFieldOf(serverField: string): string | null {
  const field = serverField.startsWith('person.') ? serverField.slice('person.'.length) : serverField;
  if (field === 'address') return 'address.streetLine1';
  return FORM_FIELDS.has(field) ? field : null;
}

/** Spec §9: a postal code is 5 digits. */
export const POSTAL_CODE_LENGTH = 5;

/** What a digits-only box keeps of what was typed or pasted: its digits, at most `max` of them. */
function digitsOnly(typed: string, max: number): string {
  return typed.replace(/\D/g, '').slice(0, max);
}

/** The ZIP code box: digits only, at most 5 (a pasted '94105-1234' keeps '94105'). */
export const zipCodeInput = (typed: string): string => digitsOnly(typed, POSTAL_CODE_LENGTH);

/** The EIN box: digits only, at most 9, shown as XX-XXXXXXX while typed ('12-3' after '123'). */
export const einInput = (typed: string): string => formatEin(digitsOnly(typed, EIN_LENGTH));
