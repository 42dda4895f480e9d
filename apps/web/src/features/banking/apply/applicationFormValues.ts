import { APPLICANT_PERSON_FIELDS, type ApplicationForm } from '@keel/domain';
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
