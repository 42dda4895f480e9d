import { FORECAST_CALCULATION_TYPES, FORECAST_RECURRENCES } from '@keel/domain';
import { builder } from '../../graphql/builder';
import { apiError } from '../../graphql/errors';
import type { EntryChangeView } from './entryHistory';
import { type EntryView, hydrateEntries } from './entryViews';
import { findTransactionEntries, type RuleRow, type TransactionRow } from './ledgerRows';
import { loadAccount } from './loadAccount';
import type { ObjectChanges } from './recordEntryChanges';
import type { ForecastRecord } from './saveForecast';
import { AccountRef } from './types';

export const TransactionTypeRef = builder.enumType('TransactionType', {
  description:
    'UserTransaction: booked in Keel. Budget: a forecast. Imported: from a bank link or the accounting connection.',
  values: ['UserTransaction', 'Budget', 'Imported'] as const,
});

export const ForecastRecurrenceRef = builder.enumType('ForecastRecurrence', {
  description: 'How often a forecast occurs (spec §9; default monthly).',
  values: FORECAST_RECURRENCES,
});

export const ForecastCalculationTypeRef = builder.enumType('ForecastCalculationType', {
  description:
    "fixed: the amount given, per occurrence. average: the average of the account's actual monthly totals over the averageMonths full months before the start month, rounded half away from zero to the cent, computed when the forecast is saved.",
  values: FORECAST_CALCULATION_TYPES,
});

/** A row another write deleted after this answer's main read: NOT_FOUND, as any missing row. */
const mustExist = <T>(row: T | null, what: string): T => {
  if (!row) throw apiError('NOT_FOUND', `${what} not found`);
  return row;
};

/** A forecast (spec §3 'Forecast (budget) refTransaction'): the parameters of a Budget transaction. */
export const ForecastRef = builder.objectRef<ForecastRecord>('Forecast').implement({
  description: 'A forecast: a Budget transaction whose forecast entries are its occurrences.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The forecast id: UpdateForecast takes it as budgetId.' }),
    budgetId: t.exposeID('id', { description: 'The same as id.' }),
    entityId: t.exposeID('entityId'),
    transactionId: t.exposeID('transactionId', { description: 'Its Budget transaction.' }),
    name: t.exposeString('name'),
    memo: t.exposeString('memo'),
    accountId: t.exposeID('accountId', { description: 'The account that gets +amount each occurrence.' }),
    againstId: t.exposeID('againstAccountId', {
      description: 'The account that gets -amount each occurrence.',
    }),
    accounts: t.field({
      type: [AccountRef],
      description: 'The account, then the against account.',
      resolve: async (forecast, _args, ctx) => [
        mustExist(await loadAccount(ctx, forecast.accountId), 'Account'),
        mustExist(await loadAccount(ctx, forecast.againstAccountId), 'Account'),
      ],
    }),
    amount: t.field({
      type: 'Units',
      description:
        'Per occurrence, in whole units (as CreateForecast takes it); for average, the computed figure.',
      resolve: (forecast) => forecast.amount / 100,
    }),
    amountCents: t.field({
      type: 'Cents',
      description: 'Per occurrence, in cents.',
      resolve: (f) => f.amount,
    }),
    calculationType: t.field({ type: ForecastCalculationTypeRef, resolve: (f) => f.calculationType }),
    averageMonths: t.exposeInt('averageMonths', {
      nullable: true,
      description: 'For average: months averaged.',
    }),
    recurring: t.field({ type: ForecastRecurrenceRef, resolve: (f) => f.recurring }),
    startDate: t.field({ type: 'MonthKey', description: 'The start month.', resolve: (f) => f.startMonth }),
    endDate: t.field({
      type: 'MonthKey',
      nullable: true,
      description: 'The last month an occurrence may fall in; null: 60 months from the start month.',
      resolve: (f) => f.endMonth,
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (f) => f.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (f) => f.updatedAt }),
  }),
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

type Pair = [unknown, unknown];

const StringChangeRef = builder.objectRef<Pair>('StringChange').implement({
  description: 'A field before and after a change (null: it did not exist).',
  fields: (t) => ({
    before: t.string({ nullable: true, resolve: ([before]) => (before == null ? null : String(before)) }),
    after: t.string({ nullable: true, resolve: ([, after]) => (after == null ? null : String(after)) }),
  }),
});

const CentsChangeRef = builder.objectRef<Pair>('CentsChange').implement({
  fields: (t) => ({
    before: t.field({
      type: 'Cents',
      nullable: true,
      resolve: ([before]) => (before == null ? null : Number(before)),
    }),
    after: t.field({
      type: 'Cents',
      nullable: true,
      resolve: ([, after]) => (after == null ? null : Number(after)),
    }),
  }),
});

/** ISO timestamps whatever wrote them (JavaScript or SQL). */
const isoPair = (pair: Pair | undefined): Pair | null =>
  pair ? (pair.map((value) => (value == null ? null : new Date(String(value)).toISOString())) as Pair) : null;

const ObjectChangesRef = builder.objectRef<ObjectChanges>('EntryObjectChanges').implement({
  description:
    'What one change did: each field that changed, before and after. Absent fields did not change.',
  fields: (t) => ({
    updatedAt: t.field({
      type: StringChangeRef,
      nullable: true,
      description: 'When: the entry’s updatedAt before and after (ISO timestamps).',
      resolve: (changes) => isoPair(changes.updated_at),
    }),
    account: t.field({
      type: StringChangeRef,
      nullable: true,
      description: 'Which account: names before and after, when the account changed.',
      resolve: (changes) => changes.account ?? null,
    }),
    accountId: t.field({ type: StringChangeRef, nullable: true, resolve: (c) => c.account_id ?? null }),
    amount: t.field({ type: CentsChangeRef, nullable: true, resolve: (c) => c.amount ?? null }),
    date: t.field({ type: StringChangeRef, nullable: true, resolve: (c) => c.date ?? null }),
    name: t.field({ type: StringChangeRef, nullable: true, resolve: (c) => c.name ?? null }),
    memo: t.field({ type: StringChangeRef, nullable: true, resolve: (c) => c.memo ?? null }),
  }),
});

/** One row of Entry History (spec §3). */
export const EntryChangeRef = builder.objectRef<EntryChangeView>('EntryChange').implement({
  fields: (t) => ({
    id: t.id({ resolve: (change) => String(change.id) }),
    entryId: t.exposeID('entryId'),
    event: t.exposeString('event', {
      description: 'create, update, move (only the account changed) or destroy.',
    }),
    userId: t.exposeID('userId', {
      nullable: true,
      description: 'Who; null for imports and rules applied to them.',
    }),
    userName: t.exposeString('userName', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (change) => change.createdAt }),
    objectChanges: t.field({
      type: ObjectChangesRef,
      resolve: (change) => change.objectChanges as ObjectChanges,
    }),
  }),
});

/** A rule (spec §3 Rule): moves entries whose name or memo contains searchFilter from one account to another. */
export const RuleRef = builder.objectRef<RuleRow>('Rule').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    entityId: t.exposeID('entityId'),
    searchFilter: t.exposeString('searchFilter'),
    fromAccountId: t.exposeID('fromAccountId', { nullable: true }),
    toAccountId: t.exposeID('toAccountId'),
    fromAccount: t.field({
      type: AccountRef,
      nullable: true,
      resolve: (rule, _args, ctx) => (rule.fromAccountId ? loadAccount(ctx, rule.fromAccountId) : null),
    }),
    toAccount: t.field({
      type: AccountRef,
      resolve: async (rule, _args, ctx) => mustExist(await loadAccount(ctx, rule.toAccountId), 'Account'),
    }),
    refId: t.exposeString('refId', { nullable: true }),
    refType: t.exposeString('refType', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (rule) => rule.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (rule) => rule.updatedAt }),
  }),
});
