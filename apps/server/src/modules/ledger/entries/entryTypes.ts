import { builder } from '../../../graphql/builder';
import { AccountRef } from '../accounts';
import { ForecastRef } from '../forecasts';
import { findTransactionEntries, type TransactionRow } from '../shared/ledgerRows';
import { type EntryView, hydrateEntries } from './entryViews';

const TransactionTypeRef = builder.enumType('TransactionType', {
  description:
    'UserTransaction: booked in Keel. Budget: a forecast. Imported: from a bank link or the accounting connection.',
  values: ['UserTransaction', 'Budget', 'Imported'] as const,
});

/** An entry (spec §3 Entry). Amounts are raw, debit-positive cents; a transaction's entries sum to 0. */
export const EntryRef = builder.objectRef<EntryView>('Entry');
/** A bookkeeping transaction as the ledger sees it: the document whose entries post to accounts. */
export const LedgerTransactionRef = builder.objectRef<TransactionRow>('LedgerTransaction');

EntryRef.implement({
  description:
    "One leg of a transaction on one account. Raw debit-positive cents: the report shows it times the account's sign.",
  fields: (t) => ({
    id: t.exposeID('id'),
    accountId: t.exposeID('accountId'),
    accountType: t.string({ resolve: (entry) => entry.account.accountType }),
    amount: t.field({
      type: 'Cents',
      description: 'Debit-positive cents.',
      resolve: (entry) => entry.amount,
    }),
    date: t.field({ type: 'Date', resolve: (entry) => entry.date }),
    entityId: t.exposeID('entityId'),
    name: t.exposeString('name'),
    memo: t.exposeString('memo'),
    scenario: t.exposeString('scenario', {
      description: "'actual', or 'forecast' for a forecast's occurrences.",
    }),
    transactionId: t.exposeID('transactionId'),
    transactionType: t.field({ type: TransactionTypeRef, resolve: (entry) => entry.transactionType }),
    isEditable: t.boolean({
      description:
        'Whether it may be edited or deleted: user transactions and forecasts (spec §5). Others offer View History only.',
      resolve: (entry) => entry.transactionType !== 'Imported',
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (entry) => entry.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (entry) => entry.updatedAt }),
    account: t.field({ type: AccountRef, resolve: (entry) => entry.account }),
    refTransaction: t.field({
      type: ForecastRef,
      nullable: true,
      description: 'For a forecast occurrence (Budget), the forecast; null otherwise.',
      resolve: (entry) => entry.forecast,
    }),
    transaction: t.field({
      type: LedgerTransactionRef,
      description: 'The transaction the entry belongs to.',
      resolve: (entry) => entry.transaction,
    }),
  }),
});

LedgerTransactionRef.implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    entityId: t.exposeID('entityId'),
    transactionType: t.field({ type: TransactionTypeRef, resolve: (row) => row.transactionType }),
    name: t.exposeString('name'),
    memo: t.exposeString('memo'),
    date: t.field({ type: 'Date', resolve: (row) => row.date }),
    entries: t.field({
      type: [EntryRef],
      description: 'Every entry of the transaction; they sum to 0.',
      resolve: async (row, _args, ctx) =>
        hydrateEntries(ctx.db, await findTransactionEntries(ctx.db, row.id)),
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (row) => row.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (row) => row.updatedAt }),
  }),
});
