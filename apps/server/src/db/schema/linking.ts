import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, users } from './auth';
import { entities } from './entities';
import { accounts, transactions } from './ledger';

/**
 * Bank accounts linked through an aggregator: provider A (Plaid: an item) and provider B
 * (MoneyKit: a link). A link holds the provider's credential for reading (sealed with the secret box),
 * its institution, its health (spec §3: A's error{error_type, error_code, error_message,
 * display_message}, B's state and errorCode; §4: reconnect when A's code is ITEM_LOGIN_REQUIRED or B's
 * state is error with auth_expired) and the cursor the next sync continues from.
 */

export const LINK_PROVIDERS = ['plaid', 'moneykit'] as const;
export type LinkProvider = (typeof LINK_PROVIDERS)[number];

export const bankLinks = pgTable(
  'bank_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: LINK_PROVIDERS }).notNull(),
    /** The provider's id of the link: Plaid's item_id, MoneyKit's link id. */
    providerLinkId: text('provider_link_id').notNull(),
    /** The provider's credential for reading the link (Plaid's access_token), sealed; null when none. */
    accessTokenSealed: text('access_token_sealed'),
    institutionId: text('institution_id').notNull(),
    institutionName: text('institution_name').notNull(),
    /** B's state ('connected', 'error', …); A's items are 'connected' or 'error' too. */
    state: text('state').notNull().default('connected'),
    errorType: text('error_type'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    displayMessage: text('display_message'),
    /** Where the next transactions sync continues (the provider's cursor). */
    syncCursor: text('sync_cursor'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true, mode: 'date' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('bank_links_entity_idx').on(t.entityId, t.createdAt),
    uniqueIndex('bank_links_provider_link_key').on(t.provider, t.providerLinkId),
  ],
);

/**
 * An account of a link (spec §3 accounts: accountId, name, mask, officialName, accountType, subtype,
 * balances). Its mirror in the books is `ledger_account_id` (under Banks, Credit Cards or Loans). A link
 * deleted keeps its accounts (`link_id` set null) with their books; linking the same institution again
 * maps its accounts back to these rows (same institution, type, subtype and mask), so nothing is
 * imported twice.
 */
export const linkedAccounts = pgTable(
  'linked_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    linkId: uuid('link_id').references(() => bankLinks.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: LINK_PROVIDERS }).notNull(),
    institutionId: text('institution_id').notNull(),
    /** The provider's id of the account within its current link. */
    providerAccountId: text('provider_account_id').notNull(),
    name: text('name').notNull(),
    officialName: text('official_name'),
    mask: text('mask'),
    /** depository, credit, loan, investment or other. */
    accountType: text('account_type').notNull(),
    subtype: text('subtype'),
    currentBalance: bigint('current_balance', { mode: 'number' }),
    availableBalance: bigint('available_balance', { mode: 'number' }),
    balancesUpdatedAt: timestamp('balances_updated_at', { withTimezone: true, mode: 'date' }),
    ledgerAccountId: uuid('ledger_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('linked_accounts_provider_account_key')
      .on(t.linkId, t.providerAccountId)
      .where(sql`${t.linkId} IS NOT NULL`),
    index('linked_accounts_entity_idx').on(t.entityId, t.provider, t.institutionId),
  ],
);

/**
 * A transaction imported from a linked account, and the bookkeeping transaction it became. A pending
 * one is replaced in place by its posted version (`replaces_provider_transaction_id` names the pending
 * one), so the books never hold both. Unique per account and provider transaction id; a re-link's new
 * ids are matched to the old rows by `fingerprint` (date, amount, name) before anything is booked.
 */
export const importedTransactions = pgTable(
  'imported_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    linkedAccountId: uuid('linked_account_id')
      .notNull()
      .references(() => linkedAccounts.id, { onDelete: 'cascade' }),
    providerTransactionId: text('provider_transaction_id').notNull(),
    replacesProviderTransactionId: text('replaces_provider_transaction_id'),
    pending: boolean('pending').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    /** Money into the account positive, in cents. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** The provider's record as received (category, merchant…), bounded by the importer. */
    details: jsonb('details'),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('imported_transactions_provider_key').on(t.linkedAccountId, t.providerTransactionId),
    index('imported_transactions_fingerprint_idx').on(t.linkedAccountId, t.fingerprint),
  ],
);

/**
 * The aggregator sandboxes' own state (providers/aggregators, the default when no vendor key is set):
 * the items and links they issued, as the vendor would keep them, so every server process of one
 * database simulates the same institution. `error_code` is a forced error (the sandbox's 'reset login':
 * ITEM_LOGIN_REQUIRED for A, auth_expired for B) until the link is reconnected.
 */
export const sandboxAggregatorLinks = pgTable('sandbox_aggregator_links', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: LINK_PROVIDERS }).notNull(),
  institutionId: text('institution_id').notNull(),
  /** SHA-256 of the credential the sandbox gave (Plaid's access_token); never the token itself. */
  accessTokenHash: text('access_token_hash'),
  errorCode: text('error_code'),
  /** The day the simulated history is generated up to when the link was made (its first sync's end). */
  createdOn: date('created_on', { mode: 'string' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
