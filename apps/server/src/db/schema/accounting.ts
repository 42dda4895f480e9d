import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
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
 * The accounting connection (spec §7 CreateQuickbooksConnection, §3 Accounting-software account, §6
 * apiFlags.qbo): a company's QuickBooks Online company file (its realm), the tokens Keel reads it with
 * (sealed with the secret box), and where the next sync continues. One per company. 'disconnected' is
 * what deleteQuickbooksConnection leaves: the tokens are gone, the books imported stay, and connecting
 * the same realm again carries on from `sync_cursor` without importing anything twice.
 */

export const QUICKBOOKS_CONNECTION_STATUSES = ['connected', 'login_required', 'disconnected'] as const;
export type QuickbooksConnectionStatus = (typeof QUICKBOOKS_CONNECTION_STATUSES)[number];

export const quickbooksConnections = pgTable(
  'quickbooks_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    /** QuickBooks' id of the company file (realmId). */
    realmId: text('realm_id').notNull(),
    companyName: text('company_name').notNull(),
    /** The OAuth tokens, sealed (context: the connection's id); null once disconnected. */
    accessTokenSealed: text('access_token_sealed'),
    refreshTokenSealed: text('refresh_token_sealed'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true, mode: 'date' }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true, mode: 'date' }),
    status: text('status', { enum: QUICKBOOKS_CONNECTION_STATUSES }).notNull().default('connected'),
    /** Whether the company file is the built-in sandbox's (providers/accounting). */
    sandbox: boolean('sandbox').notNull().default(true),
    connectedAt: timestamp('connected_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true, mode: 'date' }),
    /** Where the next transactions listing continues (the provider's cursor); null: from the start. */
    syncCursor: text('sync_cursor'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('quickbooks_connections_entity_key').on(t.entityId)],
);

/**
 * The one-time `state` of a QuickBooks authorization (createQuickbooksConnection): a random nonce, kept
 * only as its SHA-256, bound to the user who asked and the company, valid 10 minutes and used once by
 * the callback (GET /api/quickbooks/callback), which carries no bearer token.
 */
export const quickbooksOauthStates = pgTable(
  'quickbooks_oauth_states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nonceHash: text('nonce_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quickbooks_oauth_states_nonce_key').on(t.nonceHash),
    index('quickbooks_oauth_states_entity_idx').on(t.entityId, t.expiresAt),
  ],
);

/**
 * A QuickBooks account of a company file as last imported (spec §3 Accounting-software account: Name,
 * CurrentBalance in cents, as QuickBooks states it: what is held for assets, what is owed for
 * liabilities, 0 for income and expense accounts), and the account of the books it became. Keyed by
 * (company, realm, QuickBooks Id): a re-sync renames and updates the same row and ledger account.
 */
export const quickbooksAccounts = pgTable(
  'quickbooks_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    realmId: text('realm_id').notNull(),
    qboAccountId: text('qbo_account_id').notNull(),
    name: text('name').notNull(),
    /** QuickBooks' AccountType ('Bank', 'Credit Card', 'Expense'…), AccountSubType and Classification. */
    accountType: text('account_type').notNull(),
    accountSubType: text('account_sub_type'),
    classification: text('classification').notNull(),
    currentBalance: bigint('current_balance', { mode: 'number' }).notNull().default(0),
    active: boolean('active').notNull().default(true),
    parentQboAccountId: text('parent_qbo_account_id'),
    syncToken: text('sync_token').notNull(),
    ledgerAccountId: uuid('ledger_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('quickbooks_accounts_qbo_key').on(t.entityId, t.realmId, t.qboAccountId)],
);

/**
 * A QuickBooks transaction (Purchase, Deposit, JournalEntry, Invoice, Bill…) as last imported, and the
 * transaction of the books it became. QuickBooks' Ids are unique per entity type, so the key is
 * (company, realm, type, Id). A newer `sync_token` replaces the books' transaction in place; a deleted
 * one takes it, and this row, away.
 */
export const quickbooksTransactions = pgTable(
  'quickbooks_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    realmId: text('realm_id').notNull(),
    qboType: text('qbo_type').notNull(),
    qboId: text('qbo_id').notNull(),
    syncToken: text('sync_token').notNull(),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('quickbooks_transactions_qbo_key').on(t.entityId, t.realmId, t.qboType, t.qboId),
    index('quickbooks_transactions_transaction_idx')
      .on(t.transactionId)
      .where(sql`${t.transactionId} IS NOT NULL`),
  ],
);

/**
 * The QuickBooks sandbox's own state (providers/accounting/sandbox.ts, the only implementation): the
 * company files it has been asked for (each one's simulated history starts a year before the day it
 * was first authorized), and the grants it issued, as Intuit would keep them: the authorization code
 * and the tokens, only as their SHA-256, with their expiries. In the database, so every server of one
 * database simulates the same company files.
 */
export const sandboxQuickbooksCompanies = pgTable('sandbox_quickbooks_companies', {
  realmId: text('realm_id').primaryKey(),
  historyStart: date('history_start', { mode: 'string' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const sandboxQuickbooksGrants = pgTable(
  'sandbox_quickbooks_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: text('realm_id')
      .notNull()
      .references(() => sandboxQuickbooksCompanies.realmId, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    codeUsedAt: timestamp('code_used_at', { withTimezone: true, mode: 'date' }),
    accessTokenHash: text('access_token_hash'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true, mode: 'date' }),
    refreshTokenHash: text('refresh_token_hash'),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_quickbooks_grants_code_key').on(t.codeHash),
    uniqueIndex('sandbox_quickbooks_grants_access_key').on(t.accessTokenHash),
    uniqueIndex('sandbox_quickbooks_grants_refresh_key').on(t.refreshTokenHash),
    index('sandbox_quickbooks_grants_realm_idx').on(t.realmId),
  ],
);
