import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  date,
  index,
  integer,
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
 * Keel's own deposit accounts: applications, accounts, the bank's double-entry ledger
 * under every balance, transfers and vendors. The banking provider (providers/banking) decides what
 * the bank decides (numbers, approvals, settlement, returns, interest); these rows are the bank's
 * side as Keel holds it. Every posting to a deposit account is also a bookkeeping transaction of the
 * company (`bank_postings.transaction_id`), written in the same database transaction.
 */

export const BANK_APPLICATION_STATUSES = ['approved', 'declined'] as const;
export type BankApplicationStatus = (typeof BANK_APPLICATION_STATUSES)[number];

/** createTprimeApplication: the applicant as the form had them. The SSN is sealed (secretBox), never kept in clear. */
export const bankApplications = pgTable(
  'bank_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    status: text('status', { enum: BANK_APPLICATION_STATUSES }).notNull(),
    declineReason: text('decline_reason'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    /** The SSN sealed with the application's id as context; tinLast4 is what is shown. */
    tinSealed: text('tin_sealed').notNull(),
    tinLast4: char('tin_last4', { length: 4 }).notNull(),
    /** The business's EIN sealed with the application's id as context; einLast4 is what is shown. Null: none on file. */
    einSealed: text('ein_sealed'),
    einLast4: char('ein_last4', { length: 4 }),
    address: jsonb('address').notNull(),
    /** The bank's own id of the applicant, when the bank keeps one (Increase: its Entity). */
    providerEntityId: text('provider_entity_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('bank_applications_entity_idx').on(t.entityId, t.createdAt),
    // One approved application per company: the first account is opened by it.
    uniqueIndex('bank_applications_one_approved_key').on(t.entityId).where(sql`${t.status} = 'approved'`),
    check('bank_applications_ein_pair_check', sql`(${t.einSealed} IS NULL) = (${t.einLast4} IS NULL)`),
  ],
);

export const DEPOSIT_ACCOUNT_STATUSES = ['open', 'closed'] as const;

/**
 * A deposit account (spec §3 'Provider bank account'). The account number is kept as the bank shows it
 * to its owner and served masked. `ledger_account_id` is the company's bookkeeping account (under Banks,
 * ref_type 'TPrime::Account') that mirrors it. Interest: `interest_through` is the last month credited,
 * `interest_carry` the accrued fraction carried into the next (domain accrueMonthlyInterest).
 */
export const depositAccounts = pgTable(
  'deposit_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id').references(() => bankApplications.id),
    provider: text('provider').notNull(),
    name: text('name').notNull(),
    accountNumber: text('account_number').notNull(),
    routingNumber: char('routing_number', { length: 9 }).notNull(),
    status: text('status', { enum: DEPOSIT_ACCOUNT_STATUSES }).notNull().default('open'),
    apyBasisPoints: integer('apy_basis_points').notNull(),
    interestCarry: bigint('interest_carry', { mode: 'number' }).notNull().default(0),
    interestThrough: char('interest_through', { length: 7 }),
    ledgerAccountId: uuid('ledger_account_id')
      .notNull()
      .references(() => accounts.id),
    openedOn: date('opened_on', { mode: 'string' }).notNull(),
    /** A real bank's ids of the account and of its account number (Increase); null in the sandbox. */
    providerAccountId: text('provider_account_id'),
    providerAccountNumberId: text('provider_account_number_id'),
    /** When (Keel's clock) the bank's transactions were last mirrored into bank_postings (a real bank only). */
    providerSyncedAt: timestamp('provider_synced_at', { withTimezone: true, mode: 'date' }),
    /** The bank's created_at of the newest transaction mirrored: the next mirror lists from a little before it. */
    providerCursor: text('provider_cursor'),
    /** When the scheduled job last brought the account up to date (any bank), and its last failure. */
    mirroredAt: timestamp('mirrored_at', { withTimezone: true, mode: 'date' }),
    mirrorError: text('mirror_error'),
    ...timestamps,
  },
  (t) => [
    index('deposit_accounts_entity_idx').on(t.entityId, t.createdAt),
    uniqueIndex('deposit_accounts_number_key').on(t.routingNumber, t.accountNumber),
  ],
);

/**
 * 'card' (a card's settlement or refund) and 'other' (fees and anything else) come only from a real
 * bank's transactions; the sandbox books the first four.
 */
export const BANK_POSTING_KINDS = [
  'deposit',
  'transfer',
  'transfer_return',
  'interest',
  'card',
  'other',
] as const;
export type BankPostingKind = (typeof BANK_POSTING_KINDS)[number];

/**
 * One movement of money the bank booked: its legs are bank_ledger_entries, which sum to zero. Its
 * bookkeeping transaction in the company's books is `transaction_id` (set null if someone deletes it
 * from the books: the bank's ledger does not change).
 */
export const bankPostings = pgTable(
  'bank_postings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    depositAccountId: uuid('deposit_account_id')
      .notNull()
      .references(() => depositAccounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: BANK_POSTING_KINDS }).notNull(),
    /** The UTC day it posted on. */
    date: date('date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    /** What the account's balance moved by: money in positive. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    transferId: uuid('transfer_id'),
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    /** The real bank's transaction this posting mirrors (Increase); each is mirrored once. */
    providerTransactionId: text('provider_transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('bank_postings_account_date_idx').on(t.depositAccountId, t.date),
    uniqueIndex('bank_postings_provider_transaction_key').on(t.depositAccountId, t.providerTransactionId),
  ],
);

/**
 * The bank's general ledger: the legs of each posting. A leg is on a customer's deposit account
 * (`deposit_account_id`) or on one of the bank's own accounts (`bank_account`: 'ach_clearing',
 * 'wire_clearing', 'incoming_clearing', 'interest_expense'); exactly one of the two. Amounts are
 * credits to the named account positive (money into a deposit account is positive on its leg).
 */
export const bankLedgerEntries = pgTable(
  'bank_ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    postingId: uuid('posting_id')
      .notNull()
      .references(() => bankPostings.id, { onDelete: 'cascade' }),
    depositAccountId: uuid('deposit_account_id').references(() => depositAccounts.id, {
      onDelete: 'cascade',
    }),
    bankAccount: text('bank_account'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('bank_ledger_entries_posting_idx').on(t.postingId),
    index('bank_ledger_entries_account_idx').on(t.depositAccountId),
    check('bank_ledger_entries_one_side', sql`(${t.depositAccountId} IS NULL) <> (${t.bankAccount} IS NULL)`),
  ],
);

/** Payees (spec §3 Vendor; CreateVendor). */
export const vendors = pgTable(
  'vendors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    companyName: text('company_name'),
    notes: text('notes'),
    vendorType: text('vendor_type', { enum: ['business', 'individual'] }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('vendors_entity_idx').on(t.entityId, t.name)],
);

/**
 * awaiting_approval: above the company's approval threshold, waiting for a second approver;
 * pending: approved (or needing none), in flight until it settles; canceled: stopped before the bank had it.
 */
export const BANK_TRANSFER_STATUSES = [
  'awaiting_approval',
  'pending',
  'posted',
  'returned',
  'canceled',
] as const;

/**
 * Money sent from a deposit account by ACH or wire (CreateAchTransfer, CreateWireTransfer). Pending
 * until `settle_at` (the provider's settlement), then posted (a posting debits the account) or
 * returned. A posted ACH may still come back at `return_at` (a reversal posting). The recipient's
 * account number is sealed; its last 4 digits are shown. `idempotency_key` is unique per company and
 * `request_hash` fingerprints the request, so a retry returns the first transfer and a different
 * request under the same key is refused.
 */
export const bankTransfers = pgTable(
  'bank_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    depositAccountId: uuid('deposit_account_id')
      .notNull()
      .references(() => depositAccounts.id, { onDelete: 'cascade' }),
    rail: text('rail', { enum: ['ach', 'wire'] }).notNull(),
    status: text('status', { enum: BANK_TRANSFER_STATUSES }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The day the transfer is sent (its daily limit's day). */
    sendOn: date('send_on', { mode: 'string' }).notNull(),
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    recipientName: text('recipient_name').notNull(),
    recipientRoutingNumber: char('recipient_routing_number', { length: 9 }).notNull(),
    recipientAccountNumberSealed: text('recipient_account_number_sealed').notNull(),
    recipientAccountLast4: text('recipient_account_last4').notNull(),
    /** ACH: checking or savings. */
    recipientAccountType: text('recipient_account_type'),
    /** Wire: the recipient's address and bank. */
    recipientAddress: jsonb('recipient_address'),
    recipientBank: jsonb('recipient_bank'),
    memo: text('memo').notNull().default(''),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    settleAt: timestamp('settle_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The sandbox's decision: this transfer comes back (at settlement for a wire, after it for an ACH). */
    willReturn: boolean('will_return').notNull().default(false),
    returnAt: timestamp('return_at', { withTimezone: true, mode: 'date' }),
    returnReason: text('return_reason'),
    postedAt: timestamp('posted_at', { withTimezone: true, mode: 'date' }),
    returnedAt: timestamp('returned_at', { withTimezone: true, mode: 'date' }),
    /** The real bank's id of the transfer once submitted (Increase); null in the sandbox and until sent. */
    providerTransferId: text('provider_transfer_id'),
    /** The outbox: when Keel is due to hand the transfer to the bank, and when the bank took it. */
    handOverAt: timestamp('hand_over_at', { withTimezone: true, mode: 'date' }),
    handedOverAt: timestamp('handed_over_at', { withTimezone: true, mode: 'date' }),
    handOverAttempts: integer('hand_over_attempts').notNull().default(0),
    handOverError: text('hand_over_error'),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    canceledBy: uuid('canceled_by').references(() => users.id, { onDelete: 'set null' }),
    canceledAt: timestamp('canceled_at', { withTimezone: true, mode: 'date' }),
    cancelReason: text('cancel_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('bank_transfers_idempotency_key').on(t.entityId, t.idempotencyKey),
    index('bank_transfers_entity_idx').on(t.entityId, t.createdAt),
    index('bank_transfers_account_day_idx').on(t.depositAccountId, t.rail, t.sendOn),
    index('bank_transfers_due_idx').on(t.settleAt).where(sql`${t.status} = 'pending'`),
    index('bank_transfers_hand_over_idx')
      .on(t.handOverAt)
      .where(sql`${t.status} = 'pending' AND ${t.handedOverAt} IS NULL`),
    check('bank_transfers_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const CARD_ROW_STATUSES = ['inactive', 'active', 'suspended', 'canceled'] as const;

/**
 * Cards issued on a deposit account (spec §3 Card; createTprimeCard). The full number and CVV are
 * sealed (secretBox, the card's id as context) and opened only by a reveal through a short-lived
 * single-use token (card_reveal_tokens); the main database holds them in clear nowhere. A physical card
 * starts inactive until activated with a PIN, whose salted hash (never the PIN) is kept.
 */
export const cards = pgTable(
  'cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    depositAccountId: uuid('deposit_account_id')
      .notNull()
      .references(() => depositAccounts.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The issuer's own id of the card (spec §3 cardId). */
    providerCardId: text('provider_card_id').notNull(),
    cardType: text('card_type', { enum: ['Increase::Card', 'TPrime::Card'] }).notNull(),
    kind: text('kind', { enum: ['physical', 'virtual'] }).notNull(),
    status: text('status', { enum: CARD_ROW_STATUSES }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    last4: char('last4', { length: 4 }).notNull(),
    expirationMonth: integer('expiration_month').notNull(),
    expirationYear: integer('expiration_year').notNull(),
    panSealed: text('pan_sealed').notNull(),
    cvvSealed: text('cvv_sealed').notNull(),
    pinHash: text('pin_hash'),
    activatedAt: timestamp('activated_at', { withTimezone: true, mode: 'date' }),
    /** Spending limits in cents over the company's day and month (null: none), enforced at authorization. */
    dailyLimit: bigint('daily_limit', { mode: 'number' }),
    monthlyLimit: bigint('monthly_limit', { mode: 'number' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('cards_entity_idx').on(t.entityId, t.createdAt),
    uniqueIndex('cards_provider_card_key').on(t.provider, t.providerCardId),
    check('cards_expiration_month', sql`${t.expirationMonth} BETWEEN 1 AND 12`),
    check('cards_daily_limit_positive', sql`${t.dailyLimit} IS NULL OR ${t.dailyLimit} > 0`),
    check('cards_monthly_limit_positive', sql`${t.monthlyLimit} IS NULL OR ${t.monthlyLimit} > 0`),
  ],
);

export const CARD_TRANSACTION_STATUSES = ['approved', 'declined'] as const;

/**
 * A card's charges as the issuer asked Keel to authorize them (modules/banking/cardAuthorizations.ts):
 * approved or declined with the reason. `day` and `month` are the company's at the authorization, so
 * the card's limits count its own days; `provider_authorization_id` makes a retried authorization one row.
 */
export const cardTransactions = pgTable(
  'card_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    providerAuthorizationId: text('provider_authorization_id'),
    merchant: text('merchant').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    month: char('month', { length: 7 }).notNull(),
    status: text('status', { enum: CARD_TRANSACTION_STATUSES }).notNull(),
    declineReason: text('decline_reason'),
    authorizedAt: timestamp('authorized_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('card_transactions_card_idx').on(t.cardId, t.authorizedAt.desc(), t.id.desc()),
    index('card_transactions_spend_idx').on(t.cardId, t.month, t.day).where(sql`${t.status} = 'approved'`),
    uniqueIndex('card_transactions_provider_key').on(t.cardId, t.providerAuthorizationId),
    check('card_transactions_amount_positive', sql`${t.amount} > 0`),
    check('card_transactions_status', sql`${t.status} IN ('approved', 'declined')`),
    check(
      'card_transactions_decline_reason',
      sql`(${t.status} = 'declined') = (${t.declineReason} IS NOT NULL)`,
    ),
  ],
);

/**
 * A short-lived, single-use permission to reveal one card's number and CVV to one user: the reveal step
 * (GET /api/v1/cards/{id}?token=) spends it. Only the token's SHA-256 is kept.
 */
export const cardRevealTokens = pgTable(
  'card_reveal_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('card_reveal_tokens_hash_key').on(t.tokenHash)],
);

export const TAX_DOCUMENT_STATUSES = ['draft', 'filed', 'corrected', 'void'] as const;

/** Tax documents of a deposit account (spec §3 taxDocuments: type, year, name, status). Only 'filed' ones are shown. */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    depositAccountId: uuid('deposit_account_id')
      .notNull()
      .references(() => depositAccounts.id, { onDelete: 'cascade' }),
    /** e.g. '1099-INT'. */
    type: text('type').notNull(),
    year: integer('year').notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: TAX_DOCUMENT_STATUSES }).notNull(),
    /** What the form reports, in cents (1099-INT box 1: interest paid in the year). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    filedAt: timestamp('filed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('tax_documents_account_type_year_key').on(t.depositAccountId, t.type, t.year)],
);

/**
 * File download tokens (GET /api/v1/file_tokens): a statement or tax document link carries one. It
 * expires, and works only for the company and user it was made for. Only the token's SHA-256 is kept.
 */
export const fileTokens = pgTable(
  'file_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('file_tokens_hash_key').on(t.tokenHash),
    index('file_tokens_expiry_idx').on(t.expiresAt),
  ],
);
