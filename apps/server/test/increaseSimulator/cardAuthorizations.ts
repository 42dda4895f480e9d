import type { Increase } from 'increase';
import type { CardAuthorizationCreateResponse } from 'increase/resources/simulations/card-authorizations';
import { z } from 'zod';
import { found, invalidParameter, parseInput, type RouteRequest } from './http';
import { newId } from './identifiers';
import { nonEmpty, notSimulated, optionalText } from './schemas';
import type { SimulatorState } from './state';

// Card authorizations decided in real time (Increase's Real-Time Decisions, card_authorization_requested)

/**
 * Where the simulator 'delivers' a real-time decision: Increase sends it to the one event subscription
 * of the category as a webhook; here the test gives a function (startIncreaseSimulator's
 * `onRealTimeDecision`) that plays the receiving application.
 */
export type RealTimeDecisionHook = (decision: Increase.RealTimeDecision) => void;

type Desk = { decisions: Map<string, Increase.RealTimeDecision>; hook: RealTimeDecisionHook | null };
const desks = new WeakMap<SimulatorState, Desk>();

function deskOf(state: SimulatorState): Desk {
  let desk = desks.get(state);
  if (!desk) {
    desk = { decisions: new Map(), hook: null };
    desks.set(state, desk);
  }
  return desk;
}

/** Sets who receives the simulator's real-time decisions (none: they time out, never answered). */
export function deliverRealTimeDecisionsTo(state: SimulatorState, hook: RealTimeDecisionHook | null) {
  deskOf(state).hook = hook;
}

const cardAuthorizationSimulation = z.strictObject({
  amount: z.number().int().positive(),
  card_id: nonEmpty,
  merchant_descriptor: optionalText,
  merchant_category_code: optionalText,
  merchant_city: optionalText,
  merchant_country: optionalText,
  merchant_state: optionalText,
  merchant_acceptor_id: optionalText,
  event_subscription_id: optionalText,
  authenticated_card_payment_id: notSimulated,
  decline_reason: notSimulated,
  digital_wallet_token_id: notSimulated,
  physical_card_id: notSimulated,
  processing_category: notSimulated,
  network_details: notSimulated,
  network_risk_score: notSimulated,
  terminal_id: notSimulated,
});

/**
 * POST /simulations/card_authorizations: a merchant asks to charge the card. An active card's request
 * becomes a pending Real-Time Decision, delivered to the hook. Simplified against Increase: the
 * simulation answers at once (no pending or declined transaction: holds and declines are not
 * simulated); the decision is what the receiving application answers through
 * POST /real_time_decisions/{id}/action. A card that is not active is refused with a 400.
 */
export function simulateCardAuthorization(
  state: SimulatorState,
  request: RouteRequest,
): CardAuthorizationCreateResponse {
  const input = parseInput(cardAuthorizationSimulation, request.body);
  const card = state.cards.get(input.card_id);
  if (!card) throw invalidParameter('card_id', `names no Card (${input.card_id})`);
  if (card.status !== 'active') throw invalidParameter('card_id', `names a ${card.status} Card`);
  const createdAt = state.stamp();
  const decision: Increase.RealTimeDecision = {
    id: newId('real_time_decision'),
    card_authentication: null,
    card_authentication_challenge: null,
    card_authorization: cardAuthorizationOf(card, input, createdAt),
    card_balance_inquiry: null,
    category: 'card_authorization_requested',
    created_at: createdAt,
    digital_wallet_authentication: null,
    digital_wallet_token: null,
    status: 'pending',
    timeout_at: new Date(Date.parse(createdAt) + 4_000).toISOString(),
    type: 'real_time_decision',
  };
  const desk = deskOf(state);
  desk.decisions.set(decision.id, decision);
  desk.hook?.(structuredClone(decision));
  return {
    declined_transaction: null,
    pending_transaction: null,
    type: 'inbound_card_authorization_simulation_result',
  };
}

function cardAuthorizationOf(
  card: Increase.Card,
  input: z.infer<typeof cardAuthorizationSimulation>,
  createdAt: string,
): Increase.RealTimeDecision.CardAuthorization {
  const none = null;
  return {
    account_id: card.account_id,
    additional_amounts: {
      clinic: none,
      dental: none,
      original: none,
      prescription: none,
      surcharge: none,
      total_cumulative: none,
      total_healthcare: none,
      transit: none,
      unknown: none,
      vision: none,
    },
    approval: null,
    card_id: card.id,
    decision: null,
    decline: null,
    digital_wallet_token_id: null,
    direction: 'settlement',
    healthcare: null,
    merchant_acceptor_id: input.merchant_acceptor_id ?? '5665270011000168',
    merchant_category_code: input.merchant_category_code ?? '5734',
    merchant_city: input.merchant_city ?? null,
    merchant_country: input.merchant_country ?? 'US',
    merchant_descriptor: input.merchant_descriptor ?? 'AMAZON.COM',
    merchant_postal_code: null,
    merchant_state: input.merchant_state ?? null,
    network_details: {
      category: 'visa',
      pulse: null,
      visa: {
        electronic_commerce_indicator: 'secure_electronic_commerce',
        point_of_service_entry_mode: 'manual',
        stand_in_processing_reason: null,
        terminal_entry_capability: null,
      },
    },
    network_identifiers: {
      authorization_identification_response: null,
      retrieval_reference_number: null,
      trace_number: null,
      transaction_id: createdAt.replace(/\D/g, '').slice(0, 15),
    },
    network_risk_score: null,
    partial_approval_capability: 'not_supported',
    physical_card_id: null,
    presentment_amount: input.amount,
    presentment_currency: 'USD',
    processing_category: 'purchase',
    request_details: {
      category: 'initial_authorization',
      incremental_authorization: null,
      initial_authorization: {},
    },
    settlement_amount: input.amount,
    settlement_currency: 'USD',
    terminal_id: null,
    upcoming_card_payment_id: newId('card_payment'),
    verification: {
      card_verification_code: { result: 'not_checked' },
      cardholder_address: {
        actual_line1: null,
        actual_postal_code: null,
        provided_line1: null,
        provided_postal_code: null,
        result: 'not_checked',
      },
      cardholder_name: null,
    },
  };
}

/** GET /real_time_decisions/{id}. */
export function retrieveRealTimeDecision(
  state: SimulatorState,
  request: RouteRequest,
): Increase.RealTimeDecision {
  return found(deskOf(state).decisions, request.params[0], 'Real-Time Decision');
}

const DECLINE_REASONS = [
  'insufficient_funds',
  'transaction_never_allowed',
  'exceeds_approval_limit',
  'card_temporarily_disabled',
  'suspected_fraud',
  'other',
] as const;

const decisionAction = z.strictObject({
  card_authorization: z
    .strictObject({
      decision: z.enum(['approve', 'decline']),
      approval: notSimulated,
      decline: z.strictObject({ reason: z.enum(DECLINE_REASONS) }).optional(),
    })
    .optional(),
  card_authentication: notSimulated,
  card_authentication_challenge: notSimulated,
  card_balance_inquiry: notSimulated,
  digital_wallet_authentication: notSimulated,
  digital_wallet_token: notSimulated,
});

/**
 * POST /real_time_decisions/{id}/action: the application's answer to a pending card authorization
 * (a decline may carry its reason). A decision already answered is refused with a 400, as is an answer
 * for another category.
 */
export function actionRealTimeDecision(
  state: SimulatorState,
  request: RouteRequest,
): Increase.RealTimeDecision {
  const decision = found(deskOf(state).decisions, request.params[0], 'Real-Time Decision');
  const input = parseInput(decisionAction, request.body);
  if (decision.status !== 'pending')
    throw invalidParameter('status', `the decision is already ${decision.status}`);
  const authorization = decision.card_authorization;
  if (!authorization || !input.card_authorization) {
    throw invalidParameter('card_authorization', 'is required for a card_authorization_requested decision');
  }
  authorization.decision = input.card_authorization.decision;
  if (input.card_authorization.decision === 'approve') authorization.approval = { partial_amount: null };
  else authorization.decline = { reason: input.card_authorization.decline?.reason ?? 'other' };
  decision.status = 'responded';
  return decision;
}
