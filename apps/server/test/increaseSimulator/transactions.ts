import type { Increase } from 'increase';
import { balancesOf } from './accounts';
import { invalidParameter } from './http';
import { newId } from './identifiers';
import type { SimulatorState } from './state';

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

export function bookTransaction(state: SimulatorState, entry: NewTransaction): Increase.Transaction {
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
export function holdFunds(
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
export function completeHold(state: SimulatorState, pendingId: string | null, at: string) {
  const pending = pendingId ? state.pendingTransactions.get(pendingId) : undefined;
  if (!pending) return;
  pending.status = 'complete';
  pending.completed_at = at;
}

export function requireAvailable(state: SimulatorState, accountId: string, amount: number) {
  const { available } = balancesOf(state, accountId);
  if (amount > available) {
    throw invalidParameter('amount', `exceeds the available balance (${amount} > ${available} cents)`);
  }
}
