import type { Increase } from 'increase';
import { z } from 'zod';
import { openAccountNamed } from './accounts';
import { invalidParameter, parseInput, type RouteRequest } from './http';
import { newId, nextSequence } from './identifiers';
import { cents, isoDateTime, nonEmpty, notSimulated, optionalText, paymentEntries } from './schemas';
import type { SimulatorState } from './state';
import { bookTransaction } from './transactions';

// Money in: inbound ACH credits and interest

const ORIGINATOR_ROUTING_NUMBER = '021000021';

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
export function receiveInboundAchTransfer(
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
export function payInterest(state: SimulatorState, request: RouteRequest): Increase.Transaction {
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
