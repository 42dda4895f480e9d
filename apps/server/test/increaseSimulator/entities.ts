import type { Increase } from 'increase';
import { z } from 'zod';
import { invalidParameter, parseInput, type RouteRequest } from './http';
import { newId } from './identifiers';
import { isoDate, isoDateTime, looseObject, nonEmpty, notSimulated, optionalText } from './schemas';
import type { SimulatorState } from './state';

// Entities

const DECLINED_IDENTIFICATION_NUMBER = '000000000';

/** The group's own entity: it owns the accounts created without an `entity_id`. */
export function addGroupEntity(state: SimulatorState): Increase.Entity {
  const entity: Increase.Entity = {
    ...blankEntity(state, null, 'corporation'),
    corporation: {
      address: {
        city: 'San Francisco',
        country: 'US',
        line1: '1 Market St',
        line2: null,
        state: 'CA',
        zip: '94105',
      },
      beneficial_owners: [],
      beneficial_ownership_exemption_reason: 'other',
      email: null,
      incorporation_state: 'DE',
      industry_code: null,
      legal_identifier: { category: 'us_employer_identification_number', value: '987654321' },
      name: 'Simulated Group, Inc.',
      website: null,
    },
  };
  state.entities.set(entity.id, entity);
  return entity;
}

const entityAddress = z.strictObject({
  city: nonEmpty,
  country: z.string().regex(/^[A-Z]{2}$/, 'must be a 2-letter country code'),
  line1: nonEmpty,
  line2: optionalText,
  state: optionalText,
  zip: optionalText,
});

const TAX_ID_METHODS = ['social_security_number', 'individual_taxpayer_identification_number'];

const identification = z
  .strictObject({
    method: z.enum([
      'social_security_number',
      'individual_taxpayer_identification_number',
      'passport',
      'drivers_license',
      'other',
    ]),
    number: nonEmpty,
    drivers_license: looseObject.optional(),
    other: looseObject.optional(),
    passport: looseObject.optional(),
  })
  .refine((id) => !TAX_ID_METHODS.includes(id.method) || /^\d{9}$/.test(id.number), {
    path: ['number'],
    message: 'must be 9 digits',
  });

const individual = z.strictObject({
  address: entityAddress,
  date_of_birth: isoDate,
  identification,
  name: nonEmpty,
  confirmed_no_us_tax_id: z.boolean().optional(),
});

const corporation = z.strictObject({
  address: entityAddress,
  beneficial_owners: z.array(
    z.strictObject({
      individual,
      prongs: z.array(z.enum(['ownership', 'control'])).min(1),
      company_title: optionalText,
    }),
  ),
  legal_identifier: z
    .strictObject({
      value: nonEmpty,
      category: z.enum(['us_employer_identification_number', 'other']).optional(),
    })
    .refine((id) => id.category === 'other' || /^\d{9}$/.test(id.value), {
      path: ['value'],
      message: 'must be 9 digits (an EIN)',
    }),
  name: nonEmpty,
  beneficial_ownership_exemption_reason: z
    .enum(['regulated_financial_institution', 'publicly_traded_company', 'public_entity', 'other'])
    .optional(),
  email: optionalText,
  incorporation_state: optionalText,
  industry_code: optionalText,
  website: optionalText,
});

const entityCreate = z
  .strictObject({
    structure: z.enum(['natural_person', 'corporation'], {
      error: 'must be natural_person or corporation (other structures are not simulated)',
    }),
    natural_person: individual.optional(),
    corporation: corporation.optional(),
    description: optionalText,
    risk_rating: z
      .strictObject({ rated_at: isoDateTime, rating: z.enum(['low', 'medium', 'high']) })
      .optional(),
    terms_agreements: z
      .array(z.strictObject({ agreed_at: isoDateTime, ip_address: nonEmpty, terms_url: nonEmpty }))
      .optional(),
    third_party_verification: z
      .strictObject({
        reference: nonEmpty,
        vendor: z.enum(['alloy', 'middesk', 'oscilar', 'persona', 'taktile']),
      })
      .optional(),
    government_authority: notSimulated,
    joint: notSimulated,
    supplemental_documents: notSimulated,
    trust: notSimulated,
  })
  .refine((input) => input[input.structure] !== undefined, {
    path: ['structure'],
    message: 'needs the object its structure names',
  });

type IndividualInput = z.infer<typeof individual>;

export function createEntity(state: SimulatorState, request: RouteRequest): Increase.Entity {
  const input = parseInput(entityCreate, request.body);
  const person = input.natural_person;
  const entity: Increase.Entity = {
    ...blankEntity(state, request.idempotencyKey, input.structure),
    description: input.description ?? null,
    risk_rating: input.risk_rating ?? null,
    terms_agreements: input.terms_agreements ?? [],
    third_party_verification: input.third_party_verification ?? null,
  };
  if (input.structure === 'natural_person' && person) {
    entity.natural_person = describeIndividual(person);
    if (person.identification.number === DECLINED_IDENTIFICATION_NUMBER) entity.status = 'disabled';
  }
  if (input.structure === 'corporation' && input.corporation) {
    entity.corporation = describeCorporation(input.corporation);
  }
  state.entities.set(entity.id, entity);
  return entity;
}

function blankEntity(
  state: SimulatorState,
  idempotencyKey: string | null,
  structure: Increase.Entity['structure'],
): Increase.Entity {
  return {
    id: newId('entity'),
    corporation: null,
    created_at: state.stamp(),
    creating_entity_onboarding_session_id: null,
    description: null,
    details_confirmed_at: null,
    government_authority: null,
    idempotency_key: idempotencyKey,
    joint: null,
    natural_person: null,
    risk_rating: null,
    status: 'active',
    structure,
    supplemental_documents: [],
    terms_agreements: [],
    third_party_verification: null,
    trust: null,
    type: 'entity',
    validation: structure === 'corporation' ? { issues: [], status: 'valid' } : null,
  };
}

type EntityAddressInput = z.infer<typeof entityAddress>;

function describeAddress(address: EntityAddressInput): Increase.Entity.NaturalPerson.Address {
  return {
    city: address.city,
    country: address.country,
    line1: address.line1,
    line2: address.line2 ?? null,
    state: address.state ?? null,
    zip: address.zip ?? null,
  };
}

function describeIndividual(input: IndividualInput): Increase.Entity.NaturalPerson {
  return {
    address: describeAddress(input.address),
    date_of_birth: input.date_of_birth,
    identification: {
      method: input.identification.method,
      number_last4: input.identification.number.slice(-4),
    },
    name: input.name,
  };
}

function describeCorporation(input: z.infer<typeof corporation>): Increase.Entity.Corporation {
  return {
    address: describeAddress(input.address),
    beneficial_owners: input.beneficial_owners.map((owner) => ({
      id: newId('entity_beneficial_owner'),
      company_title: owner.company_title ?? null,
      individual: describeIndividual(owner.individual),
      prongs: owner.prongs,
    })),
    beneficial_ownership_exemption_reason: input.beneficial_ownership_exemption_reason ?? null,
    email: input.email ?? null,
    incorporation_state: input.incorporation_state ?? null,
    industry_code: input.industry_code ?? null,
    legal_identifier: {
      category: input.legal_identifier.category ?? 'us_employer_identification_number',
      value: input.legal_identifier.value,
    },
    name: input.name,
    website: input.website ?? null,
  };
}

/** The entity a request names in `field`: 400 when there is none. */
export function entityNamed(state: SimulatorState, id: string, field: string): Increase.Entity {
  const entity = state.entities.get(id);
  if (!entity) throw invalidParameter(field, `names no Entity (${id})`);
  return entity;
}
