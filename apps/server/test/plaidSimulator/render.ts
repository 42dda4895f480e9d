import {
  type AccountBase,
  AccountType,
  type Item,
  ItemUpdateTypeEnum,
  Products,
  type Transaction,
  TransactionPaymentChannelEnum,
} from 'plaid';
import type { SimAccount, SimItem, SimTransaction } from './state';

// Plaid's answer shapes (the SDK's types, so a missing field fails the typecheck) from the state.

/** Cents as Plaid's decimal dollars (a JSON number, as Plaid sends it). */
const dollars = (cents: number) => cents / 100;

const owes = (account: SimAccount) =>
  account.type === AccountType.Credit || account.type === AccountType.Loan;

/** Money the account's pending transactions take out (Plaid's sign: positive out), in cents. */
function pendingOut(item: SimItem, account: SimAccount): number {
  let total = 0;
  for (const transaction of item.transactions.values()) {
    if (transaction.pending && transaction.accountId === account.accountId) total += transaction.amountCents;
  }
  return total;
}

/**
 * Plaid's balances: `current` is the posted balance (what is in the account, or owed on a card), pending
 * transactions left out; `available` is current less pending money out (a card: its limit less what is
 * owed and pending).
 */
export function renderAccount(item: SimItem, account: SimAccount): AccountBase {
  const current = owes(account) ? -account.postedCents : account.postedCents;
  const pending = pendingOut(item, account);
  const available =
    account.limitCents !== null
      ? account.limitCents - current - Math.max(pending, 0)
      : current - Math.max(pending, 0);
  return {
    account_id: account.accountId,
    balances: {
      available: dollars(available),
      current: dollars(current),
      limit: account.limitCents === null ? null : dollars(account.limitCents),
      iso_currency_code: 'USD',
      unofficial_currency_code: null,
    },
    mask: account.mask,
    name: account.name,
    official_name: account.officialName,
    type: account.type,
    subtype: account.subtype,
  };
}

export function renderTransaction(transaction: SimTransaction): Transaction {
  return {
    account_id: transaction.accountId,
    amount: dollars(transaction.amountCents),
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
    category: null,
    category_id: null,
    check_number: null,
    date: transaction.date,
    location: {
      address: null,
      city: null,
      region: null,
      postal_code: null,
      country: null,
      lat: null,
      lon: null,
      store_number: null,
    },
    name: transaction.name,
    merchant_name: transaction.merchantName,
    original_description: null,
    payment_meta: {
      reference_number: null,
      ppd_id: null,
      payee: null,
      by_order_of: null,
      payer: null,
      payment_method: null,
      payment_processor: null,
      reason: null,
    },
    pending: transaction.pending,
    pending_transaction_id: transaction.pendingTransactionId,
    account_owner: null,
    transaction_id: transaction.transactionId,
    authorized_date: transaction.authorizedDate,
    authorized_datetime: null,
    datetime: null,
    payment_channel: transaction.merchantName
      ? TransactionPaymentChannelEnum.InStore
      : TransactionPaymentChannelEnum.Other,
    personal_finance_category: {
      primary: transaction.category,
      detailed: transaction.category,
      confidence_level: 'VERY_HIGH',
    },
    transaction_code: null,
  };
}

export function renderItem(item: SimItem): Item {
  return {
    item_id: item.itemId,
    // No institution_name, as older API versions answer: clients look it up (/institutions/get_by_id).
    institution_id: item.institutionId,
    webhook: null,
    error: item.error,
    available_products: [Products.Balance, Products.Identity],
    billed_products: [Products.Transactions],
    products: [Products.Transactions],
    consented_products: [Products.Transactions],
    consent_expiration_time: null,
    update_type: ItemUpdateTypeEnum.Background,
  };
}
