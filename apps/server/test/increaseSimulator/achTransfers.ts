import type { Increase } from 'increase';
import { z } from 'zod';
import { openAccountNamed } from './accounts';
import { found, invalidParameter, parseInput, type RouteRequest } from './http';
import { addDays, CREATED_BY_API_KEY, newId, nextTraceNumber } from './identifiers';
import {
  cents,
  isoDate,
  noApproval,
  noBody,
  nonEmpty,
  notSimulated,
  optionalText,
  paymentEntries,
  routingNumber,
} from './schemas';
import type { SimulatorState } from './state';
import { bookTransaction, completeHold, holdFunds, requireAvailable } from './transactions';

// ACH transfers

const COMPANY_ID = '1234987601';
const achAccountNumber = z.string().regex(/^\d{1,17}$/, 'must be 1 to 17 digits');

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

export function createAchTransfer(state: SimulatorState, request: RouteRequest): Increase.ACHTransfer {
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
export function submitAchTransfer(state: SimulatorState, request: RouteRequest): Increase.ACHTransfer {
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
export function returnAchTransfer(state: SimulatorState, request: RouteRequest): Increase.ACHTransfer {
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
