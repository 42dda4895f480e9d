import { luhnCheckDigit } from '@keel/domain';
import type { Increase } from 'increase';
import { z } from 'zod';
import { openAccountNamed } from './accounts';
import { entityNamed } from './entities';
import { found, invalidParameter, parseInput, type RouteRequest } from './http';
import { newId, randomDigits } from './identifiers';
import { nonEmpty, notSimulated, optionalText } from './schemas';
import type { SimulatorState } from './state';

// Cards

const CARD_BIN = '400000';

const billingAddress = z.strictObject({
  city: nonEmpty,
  line1: nonEmpty,
  postal_code: nonEmpty,
  state: nonEmpty,
  line2: optionalText,
});

const digitalWallet = z.strictObject({
  digital_card_profile_id: optionalText,
  email: optionalText,
  phone: optionalText,
});

const cardCreate = z.strictObject({
  account_id: nonEmpty,
  authorization_controls: notSimulated,
  billing_address: billingAddress.optional(),
  description: optionalText,
  digital_wallet: digitalWallet.optional(),
  entity_id: nonEmpty.optional(),
});

const cardUpdate = cardCreate
  .omit({ account_id: true })
  .extend({ status: z.enum(['active', 'disabled', 'canceled']).optional() });

type CardChanges = z.infer<typeof cardUpdate>;

export function createCard(state: SimulatorState, request: RouteRequest): Increase.Card {
  const input = parseInput(cardCreate, request.body);
  const account = openAccountNamed(state, input.account_id, 'account_id');
  const createdAt = state.stamp();
  const expiration = { month: Number(createdAt.slice(5, 7)), year: Number(createdAt.slice(0, 4)) + 3 };
  const usedNumbers = new Set(
    [...state.cardDetails.values()].map((details) => details.primary_account_number),
  );
  const pan = issueCardNumber(usedNumbers);
  const card: Increase.Card = {
    id: newId('card'),
    account_id: account.id,
    authorization_controls: null,
    billing_address: { city: null, line1: null, line2: null, postal_code: null, state: null },
    bin: CARD_BIN,
    created_at: createdAt,
    description: null,
    digital_wallet: null,
    entity_id: null,
    expiration_month: expiration.month,
    expiration_year: expiration.year,
    idempotency_key: request.idempotencyKey,
    last4: pan.slice(-4),
    status: 'active',
    type: 'card',
  };
  applyCardChanges(state, card, input);
  state.cards.set(card.id, card);
  state.cardDetails.set(card.id, {
    card_id: card.id,
    expiration_month: card.expiration_month,
    expiration_year: card.expiration_year,
    pin: randomDigits(4),
    primary_account_number: pan,
    type: 'card_details',
    verification_code: randomDigits(3),
  });
  return card;
}

/** Changes a card; a canceled card is final. */
export function updateCard(state: SimulatorState, request: RouteRequest): Increase.Card {
  const input = parseInput(cardUpdate, request.body);
  const card = found(state.cards, request.params[0], 'Card');
  if (card.status === 'canceled') {
    throw invalidParameter('status', 'the card is canceled; a canceled card cannot change');
  }
  applyCardChanges(state, card, input);
  return card;
}

function applyCardChanges(state: SimulatorState, card: Increase.Card, changes: CardChanges) {
  if (changes.entity_id !== undefined) card.entity_id = entityNamed(state, changes.entity_id, 'entity_id').id;
  if (changes.description !== undefined) card.description = changes.description;
  if (changes.status !== undefined) card.status = changes.status;
  if (changes.billing_address) {
    card.billing_address = { ...changes.billing_address, line2: changes.billing_address.line2 ?? null };
  }
  if (changes.digital_wallet) {
    card.digital_wallet = {
      digital_card_profile_id: changes.digital_wallet.digital_card_profile_id ?? null,
      email: changes.digital_wallet.email ?? null,
      phone: changes.digital_wallet.phone ?? null,
    };
  }
}

/** A 16-digit Visa test number (BIN 400000) with a Luhn check digit, not yet issued. */
function issueCardNumber(used: Set<string>): string {
  for (;;) {
    const payload = `${CARD_BIN}${randomDigits(9)}`;
    const pan = `${payload}${luhnCheckDigit(payload)}`;
    if (!used.has(pan)) return pan;
  }
}

const physicalCardCreate = z.strictObject({
  card_id: nonEmpty,
  cardholder: z.strictObject({ first_name: nonEmpty, last_name: nonEmpty }),
  shipment: z.strictObject({
    address: z.strictObject({
      city: nonEmpty,
      line1: nonEmpty,
      name: nonEmpty,
      postal_code: nonEmpty,
      state: nonEmpty,
      country: z
        .string()
        .regex(/^[A-Z]{2}$/, 'must be a 2-letter country code')
        .optional(),
      line2: optionalText,
      line3: optionalText,
      phone_number: optionalText,
    }),
    method: z.enum(['usps', 'fedex_priority_overnight', 'fedex_2_day', 'dhl_worldwide_express']),
    schedule: z.enum(['next_day', 'same_day']).optional(),
  }),
  physical_card_profile_id: nonEmpty.optional(),
});

export function createPhysicalCard(state: SimulatorState, request: RouteRequest): Increase.PhysicalCard {
  const input = parseInput(physicalCardCreate, request.body);
  const card = state.cards.get(input.card_id);
  if (!card) throw invalidParameter('card_id', `names no Card (${input.card_id})`);
  if (card.status === 'canceled') throw invalidParameter('card_id', 'names a canceled Card');
  const { address } = input.shipment;
  const physicalCard: Increase.PhysicalCard = {
    id: newId('physical_card'),
    card_id: card.id,
    cardholder: input.cardholder,
    created_at: state.stamp(),
    idempotency_key: request.idempotencyKey,
    physical_card_profile_id: input.physical_card_profile_id ?? null,
    shipment: {
      address: {
        city: address.city,
        country: address.country ?? 'US',
        line1: address.line1,
        line2: address.line2 ?? null,
        line3: address.line3 ?? null,
        name: address.name,
        postal_code: address.postal_code,
        state: address.state,
      },
      method: input.shipment.method,
      schedule: input.shipment.schedule ?? 'next_day',
      status: 'pending',
      tracking: null,
    },
    status: 'active',
    type: 'physical_card',
  };
  state.physicalCards.set(physicalCard.id, physicalCard);
  return physicalCard;
}
