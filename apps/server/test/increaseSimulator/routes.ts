import { closeAccount, createAccount, createAccountNumber, lookUpBalance } from './accounts';
import { createAchTransfer, returnAchTransfer, submitAchTransfer } from './achTransfers';
import {
  actionRealTimeDecision,
  retrieveRealTimeDecision,
  simulateCardAuthorization,
} from './cardAuthorizations';
import { createCard, createPhysicalCard, updateCard } from './cards';
import { createEntity } from './entities';
import { found, type Route, route } from './http';
import {
  ACCOUNT_FILTERS,
  ACCOUNT_NUMBER_FILTERS,
  CARD_FILTERS,
  listPage,
  PENDING_TRANSACTION_FILTERS,
  TRANSACTION_FILTERS,
  TRANSFER_FILTERS,
} from './lists';
import { payInterest, receiveInboundAchTransfer } from './moneyIn';
import { cancelWireTransfer, createWireTransfer, submitWireTransfer } from './wireTransfers';

/** Every endpoint the simulator answers; anything else is a 404 `api_method_not_found_error`. */
export function simulatedRoutes(): Route[] {
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
    route('POST', '/simulations/card_authorizations', simulateCardAuthorization),
    route('GET', '/real_time_decisions/:id', retrieveRealTimeDecision),
    route('POST', '/real_time_decisions/:id/action', actionRealTimeDecision),
    route('POST', '/physical_cards', createPhysicalCard),
    route('GET', '/physical_cards/:id', (state, r) =>
      found(state.physicalCards, r.params[0], 'Physical Card'),
    ),
  ];
}
