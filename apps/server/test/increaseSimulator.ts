import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { abaCheckDigit, isAbaRoutingNumber, luhnCheckDigit } from '@keel/domain';
import type { Increase } from 'increase';
import { z } from 'zod';

/**
 * A local stand-in for Increase's banking API, for testing Keel's Increase adapter through the
 * official `increase` SDK (0.583.0) with no network. It keeps state in memory (one bank per
 * simulator), checks its inputs and answers the JSON shapes the SDK declares (its types are imported
 * below, so a missing field fails the typecheck).
 *
 * Simulated (every route is listed in `simulatedRoutes`):
 * - Bearer API key (401 `invalid_api_key_error`); request bodies up to 1 MB (413); Idempotency-Key on
 *   POST: the same key and body replay the first successful answer (header `Idempotent-Replayed`), a
 *   different body is a 409 `idempotency_key_already_used_error` (refusals are not kept, so a fixed
 *   request may reuse its key). Errors use Increase's body (`status`, `type`, `title`, `detail`, and
 *   `errors: [{ field, message }]` for 400s); a parameter the SDK does not declare is a 400 naming it.
 * - Entities (natural person, corporation): active, except a natural person identified by
 *   DECLINED_IDENTIFICATION_NUMBER, who is created disabled (failed verification).
 * - Accounts (interest rate "0.02"), account numbers (12 digits, routing SIMULATED_ROUTING_NUMBER),
 *   balances: current = the sum of the account's transactions; available = current plus the held
 *   amounts (negative) of its pending transactions.
 * - ACH and wire credits out: created with a hold; the simulations submit them (the hold is released
 *   and the transfer booked, −amount), return an ACH (+amount) and cancel a pending wire.
 * - Inbound ACH credits and interest payments (+amount), transactions and pending transactions.
 * - Cards (test BIN 400000, Luhn-valid numbers) and physical cards.
 *
 * Not simulated: ACH debits (negative amounts), approvals, external accounts, declines, settlement,
 * card authorizations, loans, joint/trust/government entities. Those parameters answer 400 "is not
 * simulated". An operation in the wrong state (closing a funded account, returning an unsubmitted
 * ACH, changing a canceled card) answers 400 `invalid_parameters_error`.
 *
 * Lists are newest first (created_at, then id, descending). Every object gets a distinct created_at
 * from the simulator's clock (a millisecond later than the last if need be), and the cursor names the
 * last object returned, so pages stay stable while new objects arrive.
 */

export type IncreaseSimulator = {
  baseURL: string;
  apiKey: string;
  /** Every request received, in order: method, path (no query), idempotency key or null. */
  readonly requests: ReadonlyArray<RecordedRequest>;
  close(): Promise<void>;
};

type RecordedRequest = { method: string; path: string; idempotencyKey: string | null };

export const SIMULATED_ROUTING_NUMBER = `10105000${abaCheckDigit('10105000')}`;
export const DECLINED_IDENTIFICATION_NUMBER = '000000000';
const MAX_BODY_BYTES = 1024 * 1024;
const INTEREST_RATE = '0.02';
const CARD_BIN = '400000';
const COMPANY_ID = '1234987601';
const ORIGINATOR_ROUTING_NUMBER = '021000021';
const CREATED_BY_API_KEY = { category: 'api_key', api_key: { description: 'Simulator API key' } } as const;

/** Starts a simulator on 127.0.0.1 (a free port); `now` replaces the real clock. */
export async function startIncreaseSimulator(
  options: { apiKey?: string; now?: () => Date } = {},
): Promise<IncreaseSimulator> {
  const simulation: Simulation = {
    apiKey: options.apiKey ?? 'simulated_increase_api_key',
    state: createState(options.now ?? (() => new Date())),
    routes: simulatedRoutes(),
    answered: new Map(),
    requests: [],
  };
  const server = createServer((req, res) => {
    serveRequest(simulation, req, res).catch(() => {
      if (!res.headersSent) send(res, errorAnswer(500, 'internal_server_error', 'Internal error', null));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    apiKey: simulation.apiKey,
    requests: simulation.requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** One simulator's bank, its endpoints, the answers kept per idempotency key, and its request log. */
type Simulation = {
  apiKey: string;
  state: SimulatorState;
  routes: Route[];
  answered: Map<string, StoredAnswer>;
  requests: RecordedRequest[];
};

async function serveRequest(simulation: Simulation, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://simulator.invalid');
  const method = req.method ?? 'GET';
  const idempotencyKey = headerOf(req, 'idempotency-key');
  simulation.requests.push({ method, path: url.pathname, idempotencyKey });
  const text = await readBody(req);
  if (req.headers.authorization !== `Bearer ${simulation.apiKey}`) {
    send(res, unauthorized(req.headers.authorization !== undefined));
    return;
  }
  send(
    res,
    answerRequest(simulation, { method, path: url.pathname, query: url.searchParams, text, idempotencyKey }),
  );
}

/** Answers an authenticated request; a POST with an Idempotency-Key is answered once per key. */
function answerRequest(simulation: Simulation, incoming: IncomingRequest): Answer {
  if (incoming.text === null) {
    return errorAnswer(413, 'malformed_request_error', 'Request body too large', 'The limit is 1 MB.');
  }
  try {
    const body = parseJsonBody(incoming.text);
    const run = () => dispatch(simulation.routes, simulation.state, { ...incoming, body });
    if (incoming.method !== 'POST' || incoming.idempotencyKey === null) return run();
    // Keys belong to an API key, as at Increase.
    const key = `${simulation.apiKey} ${incoming.idempotencyKey}`;
    const fingerprint = `${incoming.method} ${incoming.path} ${canonicalJson(body)}`;
    return answerOnce(simulation.answered, key, fingerprint, run);
  } catch (error) {
    if (error instanceof SimulatorError) return error.answer;
    throw error;
  }
}

/** Every endpoint the simulator answers; anything else is a 404 `api_method_not_found_error`. */
function simulatedRoutes(): Route[] {
  return [
    route('POST', '/entities', createEntity),
    route('GET', '/entities/:id', (state, r) => found(state.entities, r.params[0], 'Entity')),
    route('POST', '/accounts', createAccount),
    route('GET', '/accounts', (state, r) => listPage(state.accounts.values(), r.query, ACCOUNT_FILTERS)),
    route('GET', '/accounts/:id', (state, r) => found(state.accounts, r.params[0], 'Account')),
    route('GET', '/accounts/:id/balance', lookUpBalance),
    route('POST', '/accounts/:id/close', closeAccount),
    route('POST', '/account_numbers', createAccountNumber),
    route('GET', '/account_numbers', (state, r) =>
      listPage(state.accountNumbers.values(), r.query, ACCOUNT_NUMBER_FILTERS),
    ),
    route('GET', '/account_numbers/:id', (state, r) =>
      found(state.accountNumbers, r.params[0], 'Account Number'),
    ),
    route('POST', '/ach_transfers', createAchTransfer),
    route('GET', '/ach_transfers', (state, r) =>
      listPage(state.achTransfers.values(), r.query, TRANSFER_FILTERS),
    ),
    route('GET', '/ach_transfers/:id', (state, r) => found(state.achTransfers, r.params[0], 'ACH Transfer')),
    route('POST', '/simulations/ach_transfers/:id/submit', submitAchTransfer),
    route('POST', '/simulations/ach_transfers/:id/return', returnAchTransfer),
    route('POST', '/wire_transfers', createWireTransfer),
    route('GET', '/wire_transfers', (state, r) =>
      listPage(state.wireTransfers.values(), r.query, TRANSFER_FILTERS),
    ),
    route('GET', '/wire_transfers/:id', (state, r) =>
      found(state.wireTransfers, r.params[0], 'Wire Transfer'),
    ),
    route('POST', '/wire_transfers/:id/cancel', cancelWireTransfer),
    route('POST', '/simulations/wire_transfers/:id/submit', submitWireTransfer),
    route('POST', '/simulations/inbound_ach_transfers', receiveInboundAchTransfer),
    route('GET', '/inbound_ach_transfers/:id', (state, r) =>
      found(state.inboundAchTransfers, r.params[0], 'Inbound ACH Transfer'),
    ),
    route('POST', '/simulations/interest_payments', payInterest),
    route('GET', '/transactions', (state, r) =>
      listPage(state.transactions.values(), r.query, TRANSACTION_FILTERS),
    ),
    route('GET', '/transactions/:id', (state, r) => found(state.transactions, r.params[0], 'Transaction')),
    route('GET', '/pending_transactions', (state, r) =>
      listPage(state.pendingTransactions.values(), r.query, PENDING_TRANSACTION_FILTERS),
    ),
    route('GET', '/pending_transactions/:id', (state, r) =>
      found(state.pendingTransactions, r.params[0], 'Pending Transaction'),
    ),
    route('POST', '/cards', createCard),
    route('GET', '/cards', (state, r) => listPage(state.cards.values(), r.query, CARD_FILTERS)),
    route('GET', '/cards/:id', (state, r) => found(state.cards, r.params[0], 'Card')),
    route('PATCH', '/cards/:id', updateCard),
    route('GET', '/cards/:id/details', (state, r) => found(state.cardDetails, r.params[0], 'Card')),
    route('POST', '/physical_cards', createPhysicalCard),
    route('GET', '/physical_cards/:id', (state, r) =>
      found(state.physicalCards, r.params[0], 'Physical Card'),
    ),
  ];
}

// ---------------------------------------------------------------------------------------------------
// State

type SimulatorState = {
  /** A distinct, increasing ISO time for each new object: the clock's, or 1 ms after the last. */
  stamp(): string;
  programId: string;
  groupEntityId: string;
  traceSequence: number;
  entities: Map<string, Increase.Entity>;
  accounts: Map<string, Increase.Account>;
  accountNumbers: Map<string, Increase.AccountNumber>;
  achTransfers: Map<string, Increase.ACHTransfer>;
  wireTransfers: Map<string, Increase.WireTransfer>;
  inboundAchTransfers: Map<string, Increase.InboundACHTransfer>;
  transactions: Map<string, Increase.Transaction>;
  pendingTransactions: Map<string, Increase.PendingTransaction>;
  cards: Map<string, Increase.Card>;
  cardDetails: Map<string, Increase.CardDetails>;
  physicalCards: Map<string, Increase.PhysicalCard>;
};

function createState(now: () => Date): SimulatorState {
  let last = 0;
  const state: SimulatorState = {
    stamp() {
      last = Math.max(now().getTime(), last + 1);
      return new Date(last).toISOString();
    },
    programId: newId('program'),
    groupEntityId: '',
    traceSequence: 0,
    entities: new Map(),
    accounts: new Map(),
    accountNumbers: new Map(),
    achTransfers: new Map(),
    wireTransfers: new Map(),
    inboundAchTransfers: new Map(),
    transactions: new Map(),
    pendingTransactions: new Map(),
    cards: new Map(),
    cardDetails: new Map(),
    physicalCards: new Map(),
  };
  state.groupEntityId = addGroupEntity(state).id;
  return state;
}

/** The group's own entity: it owns the accounts created without an `entity_id`. */
function addGroupEntity(state: SimulatorState): Increase.Entity {
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

// ---------------------------------------------------------------------------------------------------
// Entities

const nonEmpty = z.string().min(1);
const optionalText = z.string().optional();
const cents = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true });
const notSimulated = z.never({ error: 'is not simulated' }).optional();
const noBody = z.strictObject({});
const looseObject = z.record(z.string(), z.unknown());

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

function createEntity(state: SimulatorState, request: RouteRequest): Increase.Entity {
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
function entityNamed(state: SimulatorState, id: string, field: string): Increase.Entity {
  const entity = state.entities.get(id);
  if (!entity) throw invalidParameter(field, `names no Entity (${id})`);
  return entity;
}

// ---------------------------------------------------------------------------------------------------
// Accounts and account numbers

const accountCreate = z.strictObject({
  name: nonEmpty,
  entity_id: nonEmpty.optional(),
  funding: z.literal('deposits', { error: 'must be deposits (loan accounts are not simulated)' }).optional(),
  informational_entity_id: nonEmpty.optional(),
  loan: notSimulated,
  program_id: nonEmpty.optional(),
});

function createAccount(state: SimulatorState, request: RouteRequest): Increase.Account {
  const input = parseInput(accountCreate, request.body);
  const owner = entityNamed(state, input.entity_id ?? state.groupEntityId, 'entity_id');
  if (owner.status !== 'active') throw invalidParameter('entity_id', `is ${owner.status}, not active`);
  if (input.informational_entity_id) {
    entityNamed(state, input.informational_entity_id, 'informational_entity_id');
  }
  const account: Increase.Account = {
    id: newId('account'),
    account_revenue_rate: null,
    bank: 'first_internet_bank',
    closed_at: null,
    created_at: state.stamp(),
    currency: 'USD',
    entity_id: owner.id,
    funding: 'deposits',
    idempotency_key: request.idempotencyKey,
    informational_entity_id: input.informational_entity_id ?? null,
    interest_rate: INTEREST_RATE,
    loan: null,
    name: input.name,
    program_id: input.program_id ?? state.programId,
    status: 'open',
    type: 'account',
  };
  state.accounts.set(account.id, account);
  return account;
}

/** The open account a request names in `field`: 400 when there is none or it is closed. */
function openAccountNamed(state: SimulatorState, id: string, field: string): Increase.Account {
  const account = state.accounts.get(id);
  if (!account) throw invalidParameter(field, `names no Account (${id})`);
  if (account.status !== 'open') throw invalidParameter(field, 'names a closed Account');
  return account;
}

type Balances = { current: number; available: number };

/** The account's balances at `atMs`: transactions posted by then, plus holds still pending then. */
function balancesOf(state: SimulatorState, accountId: string, atMs = Number.POSITIVE_INFINITY): Balances {
  let current = 0;
  for (const transaction of state.transactions.values()) {
    if (transaction.account_id === accountId && Date.parse(transaction.created_at) <= atMs) {
      current += transaction.amount;
    }
  }
  let held = 0;
  for (const pending of state.pendingTransactions.values()) {
    const pendingThen = pending.completed_at === null || Date.parse(pending.completed_at) > atMs;
    if (pending.account_id === accountId && Date.parse(pending.created_at) <= atMs && pendingThen) {
      held += pending.held_amount;
    }
  }
  return { current, available: current + held };
}

function lookUpBalance(state: SimulatorState, request: RouteRequest): Increase.BalanceLookup {
  const account = found(state.accounts, request.params[0], 'Account');
  rejectUnknownQuery(request.query, ['at_time']);
  const atTime = request.query.get('at_time');
  if (atTime !== null && !isoDateTime.safeParse(atTime).success) {
    throw invalidParameter('at_time', 'must be an ISO 8601 time');
  }
  const { current, available } = balancesOf(state, account.id, atTime ? Date.parse(atTime) : undefined);
  return {
    account_id: account.id,
    available_balance: available,
    current_balance: current,
    loan: null,
    type: 'balance_lookup',
  };
}

function closeAccount(state: SimulatorState, request: RouteRequest): Increase.Account {
  parseInput(noBody, request.body);
  const account = found(state.accounts, request.params[0], 'Account');
  if (account.status === 'closed') throw invalidParameter('account_id', 'is already closed');
  const { current, available } = balancesOf(state, account.id);
  if (current !== 0 || available !== 0) {
    throw invalidParameter(
      'account_id',
      `has a balance (current ${current}, available ${available}); only an empty account can be closed`,
    );
  }
  account.status = 'closed';
  account.closed_at = state.stamp();
  return account;
}

const accountNumberCreate = z.strictObject({
  account_id: nonEmpty,
  name: nonEmpty,
  inbound_ach: z.strictObject({ debit_status: z.enum(['allowed', 'blocked']) }).optional(),
  inbound_checks: z.strictObject({ status: z.enum(['allowed', 'check_transfers_only']) }).optional(),
});

function createAccountNumber(state: SimulatorState, request: RouteRequest): Increase.AccountNumber {
  const input = parseInput(accountNumberCreate, request.body);
  const account = openAccountNamed(state, input.account_id, 'account_id');
  const accountNumber: Increase.AccountNumber = {
    id: newId('account_number'),
    account_id: account.id,
    account_number: uniqueDigits(
      12,
      new Set([...state.accountNumbers.values()].map((n) => n.account_number)),
    ),
    created_at: state.stamp(),
    idempotency_key: request.idempotencyKey,
    inbound_ach: input.inbound_ach ?? { debit_status: 'allowed' },
    inbound_checks: input.inbound_checks ?? { status: 'check_transfers_only' },
    name: input.name,
    routing_number: SIMULATED_ROUTING_NUMBER,
    status: 'active',
    type: 'account_number',
  };
  state.accountNumbers.set(accountNumber.id, accountNumber);
  return accountNumber;
}

// ---------------------------------------------------------------------------------------------------
// Transactions and holds

type NewTransaction = {
  accountId: string;
  amount: number;
  description: string;
  source: Increase.Transaction.Source;
  routeId?: string | null;
  /** Set when the source must name the transaction itself. */
  id?: string;
  createdAt?: string;
};

function bookTransaction(state: SimulatorState, entry: NewTransaction): Increase.Transaction {
  const transaction: Increase.Transaction = {
    id: entry.id ?? newId('transaction'),
    account_id: entry.accountId,
    amount: entry.amount,
    created_at: entry.createdAt ?? state.stamp(),
    currency: 'USD',
    description: entry.description,
    route_id: entry.routeId ?? null,
    route_type: entry.routeId ? 'account_number' : null,
    source: entry.source,
    type: 'transaction',
  };
  state.transactions.set(transaction.id, transaction);
  return transaction;
}

/** Holds `amount` cents of the account's available balance until the hold is completed. */
function holdFunds(
  state: SimulatorState,
  accountId: string,
  amount: number,
  description: string,
  source: Increase.PendingTransaction.Source,
): Increase.PendingTransaction {
  const pending: Increase.PendingTransaction = {
    id: newId('pending_transaction'),
    account_id: accountId,
    amount: -amount,
    completed_at: null,
    created_at: state.stamp(),
    currency: 'USD',
    description,
    held_amount: -amount,
    route_id: null,
    route_type: null,
    source,
    status: 'pending',
    type: 'pending_transaction',
  };
  state.pendingTransactions.set(pending.id, pending);
  return pending;
}

/** Ends a hold (its transfer posted or was canceled): it no longer lowers the available balance. */
function completeHold(state: SimulatorState, pendingId: string | null, at: string) {
  const pending = pendingId ? state.pendingTransactions.get(pendingId) : undefined;
  if (!pending) return;
  pending.status = 'complete';
  pending.completed_at = at;
}

function requireAvailable(state: SimulatorState, accountId: string, amount: number) {
  const { available } = balancesOf(state, accountId);
  if (amount > available) {
    throw invalidParameter('amount', `exceeds the available balance (${amount} > ${available} cents)`);
  }
}

// ---------------------------------------------------------------------------------------------------
// ACH transfers

const routingNumber = z
  .string()
  .refine(isAbaRoutingNumber, { message: 'must be a valid ABA routing number' });
const achAccountNumber = z.string().regex(/^\d{1,17}$/, 'must be 1 to 17 digits');
const noApproval = z.literal(false, { error: 'must be false (approvals are not simulated)' }).optional();
const paymentEntries = z.array(z.strictObject({ payment_related_information: nonEmpty })).min(1);

const achAddenda = z
  .strictObject({
    category: z.enum(['freeform', 'payment_order_remittance_advice']),
    freeform: z.strictObject({ entries: paymentEntries }).optional(),
    payment_order_remittance_advice: z
      .strictObject({
        invoices: z.array(z.strictObject({ invoice_number: nonEmpty, paid_amount: cents })).min(1),
      })
      .optional(),
  })
  .refine((addenda) => addenda[addenda.category] !== undefined, {
    path: ['category'],
    message: 'needs the object its category names',
  });

const achTransferCreate = z.strictObject({
  account_id: nonEmpty,
  amount: z.number().int().positive({ error: 'must be positive (ACH debits are not simulated)' }),
  statement_descriptor: nonEmpty,
  account_number: achAccountNumber,
  routing_number: routingNumber,
  addenda: achAddenda.optional(),
  company_descriptive_date: optionalText,
  company_discretionary_data: optionalText,
  company_entry_description: optionalText,
  company_name: optionalText,
  destination_account_holder: z.enum(['business', 'individual', 'unknown']).optional(),
  external_account_id: notSimulated,
  funding: z.enum(['checking', 'savings', 'loan', 'general_ledger']).optional(),
  individual_id: optionalText,
  individual_name: optionalText,
  preferred_effective_date: z
    .strictObject({
      date: isoDate.optional(),
      settlement_schedule: z.enum(['same_day', 'future_dated']).optional(),
    })
    .optional(),
  require_approval: noApproval,
  standard_entry_class_code: z
    .enum([
      'corporate_credit_or_debit',
      'corporate_trade_exchange',
      'prearranged_payments_and_deposit',
      'internet_initiated',
    ])
    .optional(),
  transaction_timing: z.enum(['synchronous', 'asynchronous']).optional(),
});

function createAchTransfer(state: SimulatorState, request: RouteRequest): Increase.ACHTransfer {
  const input = parseInput(achTransferCreate, request.body);
  const account = openAccountNamed(state, input.account_id, 'account_id');
  requireAvailable(state, account.id, input.amount);
  const id = newId('ach_transfer');
  const hold = holdFunds(state, account.id, input.amount, input.statement_descriptor, {
    category: 'ach_transfer_instruction',
    ach_transfer_instruction: { amount: input.amount, transfer_id: id },
  });
  const transfer: Increase.ACHTransfer = {
    id,
    account_id: account.id,
    account_number: input.account_number,
    acknowledgement: null,
    addenda: input.addenda ? describeAchAddenda(input.addenda) : null,
    amount: input.amount,
    approval: null,
    cancellation: null,
    company_descriptive_date: input.company_descriptive_date ?? null,
    company_discretionary_data: input.company_discretionary_data ?? null,
    company_entry_description: input.company_entry_description ?? null,
    company_id: COMPANY_ID,
    company_name: input.company_name ?? null,
    created_at: state.stamp(),
    created_by: CREATED_BY_API_KEY,
    currency: 'USD',
    destination_account_holder: input.destination_account_holder ?? 'business',
    external_account_id: null,
    funding: input.funding ?? 'checking',
    idempotency_key: request.idempotencyKey,
    inbound_funds_hold: null,
    individual_id: input.individual_id ?? null,
    individual_name: input.individual_name ?? null,
    network: 'ach',
    notifications_of_change: [],
    pending_transaction_id: hold.id,
    preferred_effective_date: {
      date: input.preferred_effective_date?.date ?? null,
      settlement_schedule: input.preferred_effective_date?.settlement_schedule ?? 'same_day',
    },
    return: null,
    routing_number: input.routing_number,
    settlement: null,
    standard_entry_class_code: input.standard_entry_class_code ?? 'corporate_credit_or_debit',
    statement_descriptor: input.statement_descriptor,
    status: 'pending_submission',
    submission: null,
    transaction_id: null,
    type: 'ach_transfer',
  };
  state.achTransfers.set(transfer.id, transfer);
  return transfer;
}

function describeAchAddenda(addenda: z.infer<typeof achAddenda>): Increase.ACHTransfer.Addenda {
  return {
    category: addenda.category,
    freeform: addenda.freeform ?? null,
    payment_order_remittance_advice: addenda.payment_order_remittance_advice ?? null,
  };
}

/** Sends the transfer to the Federal Reserve: the hold ends and the amount leaves the account. */
function submitAchTransfer(state: SimulatorState, request: RouteRequest): Increase.ACHTransfer {
  parseInput(noBody, request.body);
  const transfer = found(state.achTransfers, request.params[0], 'ACH Transfer');
  if (transfer.status !== 'pending_submission') {
    throw invalidParameter(
      'ach_transfer_id',
      `is ${transfer.status}; only a pending_submission transfer is submitted`,
    );
  }
  const transaction = bookTransaction(state, {
    accountId: transfer.account_id,
    amount: -transfer.amount,
    description: transfer.statement_descriptor,
    source: {
      category: 'ach_transfer_intention',
      ach_transfer_intention: {
        account_number: transfer.account_number,
        amount: transfer.amount,
        routing_number: transfer.routing_number,
        statement_descriptor: transfer.statement_descriptor,
        transfer_id: transfer.id,
      },
    },
  });
  completeHold(state, transfer.pending_transaction_id, transaction.created_at);
  transfer.status = 'submitted';
  transfer.transaction_id = transaction.id;
  transfer.submission = {
    administrative_returns_expected_by: addDays(transaction.created_at, 2),
    effective_date: transaction.created_at.slice(0, 10),
    expected_funds_settlement_at: addDays(transaction.created_at, 1),
    expected_settlement_schedule: transfer.preferred_effective_date.settlement_schedule ?? 'same_day',
    submitted_at: transaction.created_at,
    trace_number: nextTraceNumber(state),
  };
  return transfer;
}

type AchReturnReason = Increase.ACHTransfer.Return['return_reason_code'];

/** NACHA's code for each return reason, as the SDK documents them. */
const ACH_RETURN_CODES: Record<AchReturnReason, string> = {
  insufficient_fund: 'R01',
  account_closed: 'R02',
  no_account: 'R03',
  invalid_account_number_structure: 'R04',
  unauthorized_debit_to_consumer_account_using_corporate_sec_code: 'R05',
  returned_per_odfi_request: 'R06',
  authorization_revoked_by_customer: 'R07',
  payment_stopped: 'R08',
  uncollected_funds: 'R09',
  customer_advised_unauthorized_improper_ineligible_or_incomplete: 'R10',
  customer_advised_not_within_authorization_terms: 'R11',
  account_sold_to_another_dfi: 'R12',
  invalid_ach_routing_number: 'R13',
  representative_payee_deceased_or_unable_to_continue_in_that_capacity: 'R14',
  beneficiary_or_account_holder_deceased: 'R15',
  account_frozen_entry_returned_per_ofac_instruction: 'R16',
  file_record_edit_criteria: 'R17',
  improper_effective_entry_date: 'R18',
  amount_field_error: 'R19',
  non_transaction_account: 'R20',
  invalid_company_id: 'R21',
  invalid_individual_id_number: 'R22',
  credit_entry_refused_by_receiver: 'R23',
  duplicate_entry: 'R24',
  addenda_error: 'R25',
  mandatory_field_error: 'R26',
  trace_number_error: 'R27',
  routing_number_check_digit_error: 'R28',
  corporate_customer_advised_not_authorized: 'R29',
  rdfi_participant_in_check_truncation_program: 'R30',
  permissible_return_entry: 'R31',
  rdfi_non_settlement: 'R32',
  return_of_xck_entry: 'R33',
  limited_participation_dfi: 'R34',
  return_of_improper_debit_entry: 'R35',
  return_of_improper_credit_entry: 'R36',
  source_document_presented_for_payment: 'R37',
  stop_payment_on_source_document: 'R38',
  improper_source_document_source_document_presented: 'R39',
  enr_return_of_enr_entry: 'R40',
  enr_invalid_transaction_code: 'R41',
  enr_routing_number_check_digit_error: 'R42',
  enr_invalid_dfi_account_number: 'R43',
  enr_invalid_individual_id_number: 'R44',
  enr_invalid_individual_name: 'R45',
  enr_invalid_representative_payee_indicator: 'R46',
  enr_duplicate_enrollment: 'R47',
  state_law_affecting_rck_acceptance: 'R50',
  item_related_to_rck_entry_is_ineligible: 'R51',
  stop_payment_on_item_related_to_rck_entry: 'R52',
  item_and_rck_entry_presented_for_payment: 'R53',
  misrouted_return: 'R61',
  return_of_erroneous_or_reversing_debit: 'R62',
  duplicate_return: 'R67',
  untimely_return: 'R68',
  field_error: 'R69',
  permissible_return_entry_not_accepted: 'R70',
  misrouted_dishonored_return: 'R71',
  untimely_dishonored_return: 'R72',
  timely_original_return: 'R73',
  corrected_return: 'R74',
  return_not_a_duplicate: 'R75',
  no_errors_found: 'R76',
  non_acceptance_of_r62_dishonored_return: 'R77',
  iat_entry_coding_error: 'R80',
  non_participant_in_iat_program: 'R81',
  invalid_foreign_receiving_dfi_identification: 'R82',
  foreign_receiving_dfi_unable_to_settle: 'R83',
  entry_not_processed_by_gateway: 'R84',
  incorrectly_coded_outbound_international_payment: 'R85',
};

const achTransferReturn = z.strictObject({
  reason: z.enum(Object.keys(ACH_RETURN_CODES) as [AchReturnReason, ...AchReturnReason[]]).optional(),
  addenda_information: optionalText,
});

/** The receiving bank sends a submitted transfer back: the amount returns to the account. */
function returnAchTransfer(state: SimulatorState, request: RouteRequest): Increase.ACHTransfer {
  const input = parseInput(achTransferReturn, request.body);
  const transfer = found(state.achTransfers, request.params[0], 'ACH Transfer');
  if (transfer.status !== 'submitted') {
    throw invalidParameter(
      'ach_transfer_id',
      `is ${transfer.status}; only a submitted transfer can be returned`,
    );
  }
  const reason = input.reason ?? 'no_account';
  const returned: Increase.ACHTransfer.Return = {
    addenda_information: input.addenda_information ?? null,
    created_at: state.stamp(),
    raw_return_reason_code: ACH_RETURN_CODES[reason],
    return_reason_code: reason,
    trace_number: nextTraceNumber(state),
    transaction_id: newId('transaction'),
    transfer_id: transfer.id,
  };
  bookTransaction(state, {
    id: returned.transaction_id,
    createdAt: returned.created_at,
    accountId: transfer.account_id,
    amount: transfer.amount,
    description: `Return of ${transfer.statement_descriptor}`,
    source: { category: 'ach_transfer_return', ach_transfer_return: returned },
  });
  transfer.status = 'returned';
  transfer.return = returned;
  return transfer;
}

// ---------------------------------------------------------------------------------------------------
// Wire transfers

const wireParty = z.strictObject({
  name: nonEmpty,
  address: z
    .strictObject({
      unstructured: z.strictObject({ line1: nonEmpty, line2: optionalText, line3: optionalText }).optional(),
    })
    .optional(),
});

const remittance = z
  .strictObject({
    category: z.enum(['unstructured', 'tax']),
    tax: z.strictObject({ date: isoDate, identification_number: nonEmpty, type_code: nonEmpty }).optional(),
    unstructured: z.strictObject({ message: nonEmpty }).optional(),
  })
  .refine((value) => value[value.category] !== undefined, {
    path: ['category'],
    message: 'needs the object its category names',
  });

const wireTransferCreate = z.strictObject({
  account_id: nonEmpty,
  amount: cents,
  creditor: wireParty,
  remittance,
  account_number: z.string().regex(/^[0-9A-Za-z]{1,34}$/, 'must be 1 to 34 letters or digits'),
  routing_number: routingNumber,
  debtor: wireParty.optional(),
  external_account_id: notSimulated,
  inbound_wire_drawdown_request_id: notSimulated,
  require_approval: noApproval,
  source_account_number_id: nonEmpty.optional(),
});

type WirePartyInput = z.infer<typeof wireParty>;

function createWireTransfer(state: SimulatorState, request: RouteRequest): Increase.WireTransfer {
  const input = parseInput(wireTransferCreate, request.body);
  const account = openAccountNamed(state, input.account_id, 'account_id');
  if (input.source_account_number_id) requireOwnAccountNumber(state, account, input.source_account_number_id);
  requireAvailable(state, account.id, input.amount);
  const id = newId('wire_transfer');
  const message = input.remittance.unstructured?.message ?? '';
  const hold = holdFunds(state, account.id, input.amount, `Wire to ${input.creditor.name}`, {
    category: 'wire_transfer_instruction',
    wire_transfer_instruction: {
      account_number: input.account_number,
      amount: input.amount,
      message_to_recipient: message,
      routing_number: input.routing_number,
      transfer_id: id,
    },
  });
  const transfer: Increase.WireTransfer = {
    id,
    account_id: account.id,
    account_number: input.account_number,
    amount: input.amount,
    approval: null,
    cancellation: null,
    created_at: state.stamp(),
    created_by: CREATED_BY_API_KEY,
    creditor: describeWireParty(input.creditor),
    currency: 'USD',
    debtor: input.debtor ? describeWireParty(input.debtor) : null,
    external_account_id: null,
    idempotency_key: request.idempotencyKey,
    inbound_wire_drawdown_request_id: null,
    network: 'wire',
    pending_transaction_id: hold.id,
    remittance: {
      category: input.remittance.category,
      tax: input.remittance.tax ?? null,
      unstructured: input.remittance.unstructured ?? null,
    },
    reversal: null,
    routing_number: input.routing_number,
    source_account_number_id: input.source_account_number_id ?? null,
    status: 'pending_creating',
    submission: null,
    transaction_id: null,
    type: 'wire_transfer',
    unique_end_to_end_transaction_reference: null,
  };
  state.wireTransfers.set(transfer.id, transfer);
  return transfer;
}

/** The debtor account number a wire names must be one of the sending account's. */
function requireOwnAccountNumber(state: SimulatorState, account: Increase.Account, accountNumberId: string) {
  if (state.accountNumbers.get(accountNumberId)?.account_id !== account.id) {
    throw invalidParameter('source_account_number_id', "names no Account Number of the transfer's account");
  }
}

function describeWireParty(party: WirePartyInput): Increase.WireTransfer.Creditor {
  const lines = party.address?.unstructured;
  return {
    name: party.name,
    address: lines
      ? { unstructured: { line1: lines.line1, line2: lines.line2 ?? null, line3: lines.line3 ?? null } }
      : null,
  };
}

function pendingWire(state: SimulatorState, id: string | undefined, action: string): Increase.WireTransfer {
  const transfer = found(state.wireTransfers, id, 'Wire Transfer');
  if (transfer.status !== 'pending_creating') {
    throw invalidParameter(
      'wire_transfer_id',
      `is ${transfer.status}; only a pending_creating wire can be ${action}`,
    );
  }
  return transfer;
}

/** Sends the wire: the hold ends and the amount leaves the account. */
function submitWireTransfer(state: SimulatorState, request: RouteRequest): Increase.WireTransfer {
  parseInput(noBody, request.body);
  const transfer = pendingWire(state, request.params[0], 'submitted');
  const transaction = bookTransaction(state, {
    accountId: transfer.account_id,
    amount: -transfer.amount,
    description: `Wire to ${transfer.creditor?.name ?? transfer.account_number}`,
    source: {
      category: 'wire_transfer_intention',
      wire_transfer_intention: {
        account_number: transfer.account_number,
        amount: transfer.amount,
        message_to_recipient: transfer.remittance?.unstructured?.message ?? '',
        routing_number: transfer.routing_number,
        transfer_id: transfer.id,
      },
    },
  });
  completeHold(state, transfer.pending_transaction_id, transaction.created_at);
  transfer.status = 'submitted';
  transfer.transaction_id = transaction.id;
  transfer.submission = {
    input_message_accountability_data: nextImad(state, transaction.created_at),
    submitted_at: transaction.created_at,
  };
  return transfer;
}

/** Cancels a wire not yet sent: the hold ends, nothing is booked. */
function cancelWireTransfer(state: SimulatorState, request: RouteRequest): Increase.WireTransfer {
  parseInput(noBody, request.body);
  const transfer = pendingWire(state, request.params[0], 'canceled');
  const at = state.stamp();
  completeHold(state, transfer.pending_transaction_id, at);
  transfer.status = 'canceled';
  transfer.cancellation = { canceled_at: at, canceled_by: null };
  return transfer;
}

// ---------------------------------------------------------------------------------------------------
// Money in: inbound ACH credits and interest

const inboundAchTransferCreate = z.strictObject({
  account_number_id: nonEmpty,
  amount: z.number().int().positive({ error: 'must be positive (inbound ACH debits are not simulated)' }),
  addenda: z
    .strictObject({
      category: z.literal('freeform'),
      freeform: z.strictObject({ entries: paymentEntries }).optional(),
    })
    .optional(),
  company_descriptive_date: optionalText,
  company_discretionary_data: optionalText,
  company_entry_description: optionalText,
  company_id: optionalText,
  company_name: optionalText,
  receiver_id_number: optionalText,
  receiver_name: optionalText,
  resolve_at: notSimulated,
  standard_entry_class_code: z
    .enum(
      [
        'corporate_credit_or_debit',
        'corporate_trade_exchange',
        'prearranged_payments_and_deposit',
        'internet_initiated',
        'customer_initiated',
      ],
      { error: 'must be a credit entry class (CCD, CTX, PPD, WEB or CIE); others are not simulated' },
    )
    .optional(),
});

/** Another bank pushes money to an account number: accepted at once, +amount. */
function receiveInboundAchTransfer(
  state: SimulatorState,
  request: RouteRequest,
): Increase.InboundACHTransfer {
  const input = parseInput(inboundAchTransferCreate, request.body);
  const accountNumber = receivingAccountNumber(state, input.account_number_id);
  const createdAt = state.stamp();
  const addenda = input.addenda
    ? { category: 'freeform' as const, freeform: input.addenda.freeform ?? null }
    : null;
  const originator = describeOriginator(state, input);
  const id = newId('inbound_ach_transfer');
  const transaction = bookTransaction(state, {
    accountId: accountNumber.account_id,
    amount: input.amount,
    description: originator.originator_company_name,
    routeId: accountNumber.id,
    source: {
      category: 'inbound_ach_transfer',
      inbound_ach_transfer: { ...originator, addenda, amount: input.amount, transfer_id: id },
    },
  });
  const transfer: Increase.InboundACHTransfer = {
    ...originator,
    id,
    acceptance: { accepted_at: transaction.created_at, transaction_id: transaction.id },
    account_id: accountNumber.account_id,
    account_number_id: accountNumber.id,
    addenda,
    amount: input.amount,
    automatically_resolves_at: createdAt,
    created_at: createdAt,
    decline: null,
    direction: 'credit',
    effective_date: createdAt.slice(0, 10),
    international_addenda: null,
    notification_of_change: null,
    originator_routing_number: ORIGINATOR_ROUTING_NUMBER,
    settlement: { settled_at: transaction.created_at, settlement_schedule: 'same_day' },
    standard_entry_class_code: input.standard_entry_class_code ?? 'corporate_credit_or_debit',
    status: 'accepted',
    transfer_return: null,
    type: 'inbound_ach_transfer',
  };
  state.inboundAchTransfers.set(transfer.id, transfer);
  return transfer;
}

/** The active account number, on an open account, that an inbound transfer is sent to. */
function receivingAccountNumber(state: SimulatorState, id: string): Increase.AccountNumber {
  const accountNumber = state.accountNumbers.get(id);
  if (!accountNumber) throw invalidParameter('account_number_id', `names no Account Number (${id})`);
  if (accountNumber.status !== 'active') {
    throw invalidParameter('account_number_id', `is ${accountNumber.status}`);
  }
  openAccountNamed(state, accountNumber.account_id, 'account_number_id');
  return accountNumber;
}

/** Who sent an inbound ACH, as the transfer and its transaction both tell it. */
function describeOriginator(state: SimulatorState, input: z.infer<typeof inboundAchTransferCreate>) {
  return {
    originator_company_descriptive_date: input.company_descriptive_date ?? null,
    originator_company_discretionary_data: input.company_discretionary_data ?? null,
    originator_company_entry_description: input.company_entry_description ?? 'PAYMENT',
    originator_company_id: input.company_id ?? '0987654321',
    originator_company_name: input.company_name ?? 'SIMULATED ORIGINATOR',
    receiver_id_number: input.receiver_id_number ?? null,
    receiver_name: input.receiver_name ?? null,
    trace_number: `${ORIGINATOR_ROUTING_NUMBER.slice(0, 8)}${String(nextSequence(state)).padStart(7, '0')}`,
  };
}

const interestPaymentCreate = z.strictObject({
  account_id: nonEmpty,
  amount: cents,
  accrued_on_account_id: nonEmpty.optional(),
  period_end: isoDateTime.optional(),
  period_start: isoDateTime.optional(),
});

/** Credits interest for a period (by default, now to now). */
function payInterest(state: SimulatorState, request: RouteRequest): Increase.Transaction {
  const input = parseInput(interestPaymentCreate, request.body);
  const account = openAccountNamed(state, input.account_id, 'account_id');
  const accruedOn = input.accrued_on_account_id ?? account.id;
  if (!state.accounts.has(accruedOn)) {
    throw invalidParameter('accrued_on_account_id', `names no Account (${accruedOn})`);
  }
  const createdAt = state.stamp();
  const periodStart = input.period_start ? new Date(input.period_start).toISOString() : createdAt;
  const periodEnd = input.period_end ? new Date(input.period_end).toISOString() : createdAt;
  if (periodStart > periodEnd) throw invalidParameter('period_start', 'must not be after period_end');
  return bookTransaction(state, {
    createdAt,
    accountId: account.id,
    amount: input.amount,
    description: `Interest payment for ${periodStart.slice(0, 10)} to ${periodEnd.slice(0, 10)}`,
    source: {
      category: 'interest_payment',
      interest_payment: {
        accrued_on_account_id: accruedOn,
        amount: input.amount,
        currency: 'USD',
        period_end: periodEnd,
        period_start: periodStart,
      },
    },
  });
}

// ---------------------------------------------------------------------------------------------------
// Cards

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

function createCard(state: SimulatorState, request: RouteRequest): Increase.Card {
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
function updateCard(state: SimulatorState, request: RouteRequest): Increase.Card {
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

function createPhysicalCard(state: SimulatorState, request: RouteRequest): Increase.PhysicalCard {
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

// ---------------------------------------------------------------------------------------------------
// Lists: filters, created_at bounds, newest first, cursors

type Listed = { id: string; created_at: string };
type ListFilters<T> = Record<string, (item: T, value: string) => boolean>;

const equals =
  <T>(read: (item: T) => string | null) =>
  (item: T, value: string) =>
    read(item) === value;
const oneOf =
  <T>(read: (item: T) => string) =>
  (item: T, value: string) =>
    value.split(',').includes(read(item));

const ACCOUNT_FILTERS: ListFilters<Increase.Account> = {
  entity_id: equals((a) => a.entity_id),
  informational_entity_id: equals((a) => a.informational_entity_id),
  program_id: equals((a) => a.program_id),
  idempotency_key: equals((a) => a.idempotency_key),
  'status.in': oneOf((a) => a.status),
};
const ACCOUNT_NUMBER_FILTERS: ListFilters<Increase.AccountNumber> = {
  account_id: equals((n) => n.account_id),
  idempotency_key: equals((n) => n.idempotency_key),
  'status.in': oneOf((n) => n.status),
  'ach_debit_status.in': oneOf((n) => n.inbound_ach.debit_status),
};
const TRANSFER_FILTERS: ListFilters<Increase.ACHTransfer | Increase.WireTransfer> = {
  account_id: equals((t) => t.account_id),
  external_account_id: equals((t) => t.external_account_id),
  idempotency_key: equals((t) => t.idempotency_key),
  'status.in': oneOf((t) => t.status),
};
const TRANSACTION_FILTERS: ListFilters<Increase.Transaction> = {
  account_id: equals((t) => t.account_id),
  route_id: equals((t) => t.route_id),
  'category.in': oneOf((t) => t.source.category),
};
const PENDING_TRANSACTION_FILTERS: ListFilters<Increase.PendingTransaction> = {
  account_id: equals((t) => t.account_id),
  route_id: equals((t) => t.route_id),
  'category.in': oneOf((t) => t.source.category),
  'status.in': oneOf((t) => t.status),
};
const CARD_FILTERS: ListFilters<Increase.Card> = {
  account_id: equals((c) => c.account_id),
  idempotency_key: equals((c) => c.idempotency_key),
  'status.in': oneOf((c) => c.status),
};

const CREATED_AT_BOUNDS: Record<string, (createdMs: number, boundMs: number) => boolean> = {
  'created_at.after': (created, bound) => created > bound,
  'created_at.before': (created, bound) => created < bound,
  'created_at.on_or_after': (created, bound) => created >= bound,
  'created_at.on_or_before': (created, bound) => created <= bound,
};

/**
 * One page of a list, newest first. The query is the SDK's: filters as `account_id=…`, nested ones
 * with dots (`created_at.on_or_after=…`, `category.in=a,b`), `limit` (1–100, default 100) and the
 * `cursor` of the previous page, which names that page's last object.
 */
function listPage<T extends Listed>(
  items: Iterable<T>,
  query: URLSearchParams,
  filters: ListFilters<T>,
): { data: T[]; next_cursor: string | null } {
  rejectUnknownQuery(query, ['limit', 'cursor', ...Object.keys(CREATED_AT_BOUNDS), ...Object.keys(filters)]);
  const limit = parseLimit(query.get('limit'));
  const checks = [...createdAtChecks<T>(query), ...filterChecks(query, filters)];
  const cursor = query.get('cursor');
  const after = cursor === null ? null : decodeCursor(cursor);
  const matching = [...items]
    .filter((item) => checks.every((check) => check(item)))
    .sort(compareNewestFirst)
    .filter((item) => after === null || compareNewestFirst(item, after) > 0);
  const data = matching.slice(0, limit);
  const last = data.at(-1);
  return { data, next_cursor: matching.length > limit && last ? encodeCursor(last) : null };
}

/** Negative when `a` comes first: the later created_at, then the greater id. */
function compareNewestFirst(a: Listed, b: Listed): number {
  if (a.created_at !== b.created_at) return a.created_at > b.created_at ? -1 : 1;
  if (a.id === b.id) return 0;
  return a.id > b.id ? -1 : 1;
}

function parseLimit(value: string | null): number {
  if (value === null) return 100;
  const limit = Number(value);
  if (!/^\d+$/.test(value) || limit < 1 || limit > 100) throw invalidParameter('limit', 'must be 1 to 100');
  return limit;
}

function createdAtChecks<T extends Listed>(query: URLSearchParams): Array<(item: T) => boolean> {
  return Object.entries(CREATED_AT_BOUNDS).flatMap(([key, holds]) => {
    const value = query.get(key);
    if (value === null) return [];
    if (!isoDateTime.safeParse(value).success) throw invalidParameter(key, 'must be an ISO 8601 time');
    const boundMs = Date.parse(value);
    return [(item: T) => holds(Date.parse(item.created_at), boundMs)];
  });
}

function filterChecks<T>(query: URLSearchParams, filters: ListFilters<T>): Array<(item: T) => boolean> {
  return Object.entries(filters).flatMap(([key, test]) => {
    const values = query.getAll(key);
    if (values.length === 0) return [];
    const value = values.join(',');
    return [(item: T) => test(item, value)];
  });
}

function encodeCursor(item: Listed): string {
  return Buffer.from(JSON.stringify([item.created_at, item.id])).toString('base64url');
}

function decodeCursor(cursor: string): Listed {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(decoded) && typeof decoded[0] === 'string' && typeof decoded[1] === 'string') {
      return { created_at: decoded[0], id: decoded[1] };
    }
  } catch {
    // Falls through to the error below.
  }
  throw invalidParameter('cursor', 'is not a cursor this API returned');
}

function rejectUnknownQuery(query: URLSearchParams, known: string[]) {
  const unknown = [...new Set(query.keys())].filter((key) => !known.includes(key));
  if (unknown.length > 0) {
    throw invalidParameters(
      unknown.map((field) => ({ field, message: 'is not a parameter of this endpoint' })),
    );
  }
}

// ---------------------------------------------------------------------------------------------------
// HTTP: routing, errors, idempotency

type JsonObject = Record<string, unknown>;
type IncomingRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The body's text, or null when it is over MAX_BODY_BYTES. */
  text: string | null;
  idempotencyKey: string | null;
};
type RouteRequest = {
  params: Array<string | undefined>;
  body: JsonObject;
  query: URLSearchParams;
  idempotencyKey: string | null;
};
type Route = {
  method: string;
  pattern: RegExp;
  handle: (state: SimulatorState, request: RouteRequest) => unknown;
};
/** A response, its body already serialized (a replay answers the same bytes). */
type Answer = { status: number; json: string; replayed?: boolean };
type StoredAnswer = { fingerprint: string; answer: Answer };
type FieldError = { field: string; message: string };

/** `'/accounts/:id/balance'` matches `/accounts/account_1/balance`, the id becoming params[0]. */
function route(method: string, template: string, handle: Route['handle']): Route {
  return { method, pattern: new RegExp(`^${template.replace(/:[a-z_]+/g, '([^/]+)')}$`), handle };
}

function dispatch(
  routes: Route[],
  state: SimulatorState,
  request: Omit<IncomingRequest, 'text'> & { body: JsonObject },
): Answer {
  for (const candidate of routes) {
    const match = candidate.method === request.method ? candidate.pattern.exec(request.path) : null;
    const params = match ? decodeSegments(match.slice(1)) : null;
    if (!params) continue;
    return { status: 200, json: JSON.stringify(candidate.handle(state, { ...request, params })) };
  }
  return errorAnswer(
    404,
    'api_method_not_found_error',
    'API method not found',
    `No ${request.method} ${request.path}.`,
  );
}

/** The path's ids, or null when one is not valid percent-encoding (no route matches it). */
function decodeSegments(segments: string[]): string[] | null {
  try {
    return segments.map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

/** Answers a POST once per idempotency key; a stored answer must come from the same request. */
function answerOnce(
  answered: Map<string, StoredAnswer>,
  key: string,
  fingerprint: string,
  run: () => Answer,
): Answer {
  const stored = answered.get(key);
  if (stored && stored.fingerprint !== fingerprint) {
    const resourceId = (JSON.parse(stored.answer.json) as { id?: unknown }).id;
    return withBody(409, {
      status: 409,
      type: 'idempotency_key_already_used_error',
      title: 'Idempotency key already used',
      detail: 'This Idempotency-Key was used with a different request.',
      resource_id: typeof resourceId === 'string' ? resourceId : null,
    });
  }
  if (stored) return { ...stored.answer, replayed: true };
  const answer = run();
  // Only successes are kept: a refused request may be retried under its key once fixed.
  if (answer.status < 300) answered.set(key, { fingerprint, answer });
  return answer;
}

class SimulatorError extends Error {
  constructor(readonly answer: Answer) {
    super(answer.json);
  }
}

function withBody(status: number, body: JsonObject): Answer {
  return { status, json: JSON.stringify(body) };
}

function errorAnswer(status: number, type: string, title: string, detail: string | null): Answer {
  return withBody(status, { status, type, title, detail });
}

function unauthorized(hadHeader: boolean): Answer {
  return withBody(401, {
    status: 401,
    type: 'invalid_api_key_error',
    title: 'Invalid API key',
    detail: hadHeader ? 'The API key is not valid.' : 'Send Authorization: Bearer <API key>.',
    reason: hadHeader ? 'no_credential' : 'no_header',
  });
}

function invalidParameters(errors: FieldError[]): SimulatorError {
  const detail = errors.map((error) => `${error.field} ${error.message}`).join('; ');
  return new SimulatorError(
    withBody(400, {
      status: 400,
      type: 'invalid_parameters_error',
      title: 'Invalid parameters',
      detail,
      errors,
    }),
  );
}

function invalidParameter(field: string, message: string): SimulatorError {
  return invalidParameters([{ field, message }]);
}

/** The object with this id, or a 404 `object_not_found_error`. */
function found<T>(objects: Map<string, T>, id: string | undefined, noun: string): T {
  const object = id === undefined ? undefined : objects.get(id);
  if (object === undefined) {
    throw new SimulatorError(
      errorAnswer(404, 'object_not_found_error', 'Object not found', `No ${noun} ${id}.`),
    );
  }
  return object;
}

/** The body as the schema reads it, or a 400 naming every wrong field. */
function parseInput<T>(schema: z.ZodType<T>, body: JsonObject): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw invalidParameters(
    result.error.issues.flatMap((issue) => {
      const path = issue.path.map(String);
      if (issue.code === 'unrecognized_keys') {
        return issue.keys.map((key) => ({ field: [...path, key].join('.'), message: 'is not a parameter' }));
      }
      return [{ field: path.join('.') || 'body', message: issue.message }];
    }),
  );
}

function parseJsonBody(text: string): JsonObject {
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new SimulatorError(
      errorAnswer(400, 'malformed_request_error', 'Malformed request', 'The body is not JSON.'),
    );
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new SimulatorError(
      errorAnswer(400, 'malformed_request_error', 'Malformed request', 'The body must be a JSON object.'),
    );
  }
  return body as JsonObject;
}

/** JSON with object keys sorted, so two bodies that differ only in key order are the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
}

/** The body's text, or null when it is over MAX_BODY_BYTES (the rest is read and dropped). */
async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size <= MAX_BODY_BYTES) chunks.push(buffer);
  }
  return size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, answer: Answer) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (answer.replayed) headers['idempotent-replayed'] = 'true';
  res.writeHead(answer.status, headers).end(answer.json);
}

function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}

// ---------------------------------------------------------------------------------------------------
// Identifiers and numbers

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** An Increase-style id: the object's prefix and 20 random lowercase letters and digits. */
function newId(prefix: string): string {
  const suffix = [...randomBytes(20)].map((byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
  return `${prefix}_${suffix}`;
}

function randomDigits(count: number): string {
  return Array.from({ length: count }, () => String(randomInt(10))).join('');
}

function uniqueDigits(count: number, used: Set<string>): string {
  for (;;) {
    const digits = `${randomInt(1, 10)}${randomDigits(count - 1)}`;
    if (!used.has(digits)) return digits;
  }
}

function nextSequence(state: SimulatorState): number {
  state.traceSequence += 1;
  return state.traceSequence;
}

/** An ACH trace number: the originating bank's first 8 routing digits and a 7-digit sequence. */
function nextTraceNumber(state: SimulatorState): string {
  return `${SIMULATED_ROUTING_NUMBER.slice(0, 8)}${String(nextSequence(state)).padStart(7, '0')}`;
}

/** A Fedwire IMAD: the input date, the sender's source id, and a 6-digit sequence. */
function nextImad(state: SimulatorState, at: string): string {
  return `${at.slice(0, 10).replace(/-/g, '')}MMQFMP0P${String(nextSequence(state)).padStart(6, '0')}`;
}

function addDays(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * 86_400_000).toISOString();
}
