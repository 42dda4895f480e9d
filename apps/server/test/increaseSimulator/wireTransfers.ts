import type { Increase } from 'increase';
import { z } from 'zod';
import { openAccountNamed } from './accounts';
import { found, invalidParameter, parseInput, type RouteRequest } from './http';
import { CREATED_BY_API_KEY, newId, nextImad } from './identifiers';
import {
  cents,
  isoDate,
  noApproval,
  noBody,
  nonEmpty,
  notSimulated,
  optionalText,
  routingNumber,
} from './schemas';
import type { SimulatorState } from './state';
import { bookTransaction, completeHold, holdFunds, requireAvailable } from './transactions';

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

export function createWireTransfer(state: SimulatorState, request: RouteRequest): Increase.WireTransfer {
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
export function submitWireTransfer(state: SimulatorState, request: RouteRequest): Increase.WireTransfer {
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
export function cancelWireTransfer(state: SimulatorState, request: RouteRequest): Increase.WireTransfer {
  parseInput(noBody, request.body);
  const transfer = pendingWire(state, request.params[0], 'canceled');
  const at = state.stamp();
  completeHold(state, transfer.pending_transaction_id, at);
  transfer.status = 'canceled';
  transfer.cancellation = { canceled_at: at, canceled_by: null };
  return transfer;
}
