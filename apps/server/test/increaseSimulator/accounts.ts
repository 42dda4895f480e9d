import type { Increase } from 'increase';
import { z } from 'zod';
import { entityNamed } from './entities';
import { found, invalidParameter, parseInput, type RouteRequest } from './http';
import { newId, SIMULATED_ROUTING_NUMBER, uniqueDigits } from './identifiers';
import { rejectUnknownQuery } from './lists';
import { isoDateTime, noBody, nonEmpty, notSimulated } from './schemas';
import type { SimulatorState } from './state';

// Accounts and account numbers

const INTEREST_RATE = '0.02';

const accountCreate = z.strictObject({
  name: nonEmpty,
  entity_id: nonEmpty.optional(),
  funding: z.literal('deposits', { error: 'must be deposits (loan accounts are not simulated)' }).optional(),
  informational_entity_id: nonEmpty.optional(),
  loan: notSimulated,
  program_id: nonEmpty.optional(),
});

export function createAccount(state: SimulatorState, request: RouteRequest): Increase.Account {
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
export function openAccountNamed(state: SimulatorState, id: string, field: string): Increase.Account {
  const account = state.accounts.get(id);
  if (!account) throw invalidParameter(field, `names no Account (${id})`);
  if (account.status !== 'open') throw invalidParameter(field, 'names a closed Account');
  return account;
}

type Balances = { current: number; available: number };

/** The account's balances at `atMs`: transactions posted by then, plus holds still pending then. */
export function balancesOf(
  state: SimulatorState,
  accountId: string,
  atMs = Number.POSITIVE_INFINITY,
): Balances {
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

export function lookUpBalance(state: SimulatorState, request: RouteRequest): Increase.BalanceLookup {
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

export function closeAccount(state: SimulatorState, request: RouteRequest): Increase.Account {
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

export function createAccountNumber(state: SimulatorState, request: RouteRequest): Increase.AccountNumber {
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
