import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, users } from './auth';
import { entities } from './entities';

/**
 * The chart of accounts: a tree per entity. `ancestry` is the slash-separated ids of the ancestors
 * ('/' for a root, '/<rootId>/' for its children, ...), so a subtree is a prefix match.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    /** No orphans: a parent is deleted only after its children moved to its own parent. */
    parentId: uuid('parent_id').references((): AnyPgColumn => accounts.id),
    ancestry: text('ancestry').notNull().default('/'),
    name: text('name').notNull(),
    /** Income, Expense, Bank, CreditCard, Investment, Loan, Asset, Liability, Equity. */
    accountType: text('account_type').notNull(),
    /** Banks, Credit Cards, Investments, Loans, Other (spec §9); null for income and expense accounts. */
    accountGroup: text('account_group'),
    complianceCategory: text('compliance_category'),
    /** +1 when a debit increases the shown balance, -1 for credit accounts (shown negated). */
    sign: smallint('sign').notNull().default(1),
    isMutable: boolean('is_mutable').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Where the account came from: a bank link, the accounting connection, or Keel itself. */
    refType: text('ref_type'),
    refId: text('ref_id'),
    /**
     * Shown in the report even while it has no figures: set when a person adds the
     * account (Add Sub-Account), cleared when they hide it from the row menu. The report hides other
     * empty accounts unless its 'Empty Accounts' option is on.
     */
    shownWhenEmpty: boolean('shown_when_empty').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('accounts_entity_idx').on(t.entityId, t.ancestry),
    index('accounts_parent_idx').on(t.parentId),
  ],
);

/** A bookkeeping transaction: the document whose entries post to the ledger. */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    /** UserTransaction (booked in Keel), Budget (forecast), or Imported (bank link or accounting sync). */
    transactionType: text('transaction_type', { enum: ['UserTransaction', 'Budget', 'Imported'] }).notNull(),
    name: text('name').notNull().default(''),
    memo: text('memo').notNull().default(''),
    date: date('date', { mode: 'string' }).notNull(),
    source: text('source'),
    externalId: text('external_id'),
    ...timestamps,
  },
  (t) => [
    index('transactions_entity_date_idx').on(t.entityId, t.date, t.id),
    // Case-insensitive substring search on names (ILIKE '%word%'), needs pg_trgm (migration 0001).
    index('transactions_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/** Ledger entries. The entries of one transaction sum to zero. Amounts in cents. */
export const entries = pgTable(
  'entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull().default(''),
    memo: text('memo').notNull().default(''),
    /** 'actual' for booked and imported entries; 'forecast' for the occurrences a forecast expands to. */
    scenario: text('scenario', { enum: ['actual', 'forecast'] })
      .notNull()
      .default('actual'),
    ...timestamps,
  },
  (t) => [
    index('entries_account_date_idx').on(t.entityId, t.accountId, t.date),
    index('entries_transaction_idx').on(t.transactionId),
    // The drawer's 'Search entries', rules and filtered moves match name or memo (ILIKE '%...%').
    index('entries_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('entries_memo_trgm_idx').using('gin', sql`${t.memo} gin_trgm_ops`),
  ],
);

/**
 * Per (entity, account, scenario, month) totals of entries, in cents, maintained in the same
 * transaction as every entry write so a report reads O(accounts x months) rows.
 */
export const monthlyRollups = pgTable(
  'monthly_rollups',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    scenario: text('scenario', { enum: ['actual', 'forecast', 'budget'] }).notNull(),
    month: char('month', { length: 7 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.accountId, t.scenario, t.month] })],
);

/**
 * Plan vs actual: each month's plan as it stood when the month began, per (entity, account,
 * month), the 'forecast' rollup's amount at that moment (raw cents, as in monthly_rollups). Captured by
 * a trigger on monthly_rollups (migration 0018) just before the first change to a company's forecasts
 * in a month: it copies the forecasts of the months that began since the last capture (their plans
 * cannot have changed in between, nothing was written). A month after `forecast_plan_marks.through_month`
 * has had no forecast change since it began, so its plan is still its forecast rollup (readForecastPlans).
 */
export const forecastPlans = pgTable(
  'forecast_plans',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    month: char('month', { length: 7 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.accountId, t.month] })],
);

/** The last month whose plans forecast_plans holds, per company (see forecastPlans). */
export const forecastPlanMarks = pgTable('forecast_plan_marks', {
  entityId: uuid('entity_id')
    .primaryKey()
    .references(() => entities.id, { onDelete: 'cascade' }),
  throughMonth: char('through_month', { length: 7 }).notNull(),
});

/**
 * Every company's gross ledger volume: the sum of the absolute amounts of all its entries, actual and
 * forecast. Any figure Keel shows (a cell, a total, a balance, a search's sum) adds up some of those
 * entries with signs, so it can never be larger than this; the check keeps it within 2^53 - 1 cents,
 * where JavaScript numbers are exact. Kept by statement triggers on `entries` (migration 0006), so every
 * writer, present or future, counts; a write that would pass the bound fails whole.
 */
export const entityLedgerVolumes = pgTable(
  'entity_ledger_volumes',
  {
    entityId: uuid('entity_id')
      .primaryKey()
      .references(() => entities.id, { onDelete: 'cascade' }),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('entity_ledger_volume_exact', sql`${t.grossCents} <= 9007199254740991`)],
);

/**
 * Every company's ledger version: a counter that every statement changing what a report reads (monthly
 * rollups, accounts, reports and their lines) raises in its own transaction, through statement triggers
 * (migration 0010). A report computed in a snapshot that read version V is still exact while the
 * version is V, which is what the report cache (modules/reports/reportCache.ts) checks. No foreign key:
 * deleting a company cascades into the tables whose triggers write here.
 */
export const entityLedgerVersions = pgTable('entity_ledger_versions', {
  entityId: uuid('entity_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [index('reports_entity_idx').on(t.entityId)],
);

export const recurrences = ['none', 'monthly', 'quarterly', 'annually'] as const;
export const forecastCalculationTypes = ['fixed', 'average', 'percentage'] as const;
/**
 * 'forecast': one a person made in the Forecast form. 'adjustment': the one-month forecast an inline
 * cell edit keeps for its (account, month), named 'Adjustment' (see adjustForecastCell). 'model': the
 * months a model's output writes (modules/models), each month its own amount; changed only through
 * the model. 'hiring': the same for the hiring plan's costs (modules/hiring), changed only through the
 * plan. 'model' and 'hiring' are derived forecasts (ledger/forecasts/writeDerivedForecast.ts).
 */
export const forecastKinds = ['forecast', 'adjustment', 'model', 'hiring'] as const;
export type ForecastKind = (typeof forecastKinds)[number];

/**
 * A forecast (budget): the parameters of a 'Budget' transaction whose entries (scenario 'forecast')
 * are its occurrences, on `account_id` and, opposite, on `against_account_id`.
 */
export const forecasts = pgTable(
  'forecasts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    againstAccountId: uuid('against_account_id')
      .notNull()
      .references(() => accounts.id),
    /** Per occurrence, in cents (the API takes whole units). For 'average', the computed figure. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    calculationType: text('calculation_type', { enum: forecastCalculationTypes }).notNull().default('fixed'),
    averageMonths: integer('average_months'),
    /**
     * For 'percentage': the report line it is a share of (the account with its sub-accounts), and the
     * share in millionths (2.9% is 29,000), exact for percents of up to 4 decimals. Each month's amount
     * is on its entries; `amount` holds the first month's.
     */
    sourceAccountId: uuid('source_account_id').references(() => accounts.id),
    sharePpm: integer('share_ppm'),
    recurring: text('recurring', { enum: recurrences }).notNull().default('monthly'),
    startMonth: char('start_month', { length: 7 }).notNull(),
    /** Last month an occurrence may fall in; null: the default horizon. */
    endMonth: char('end_month', { length: 7 }),
    kind: text('kind', { enum: forecastKinds }).notNull().default('forecast'),
    ...timestamps,
  },
  (t) => [
    index('forecasts_entity_account_idx').on(t.entityId, t.accountId),
    // An inline edit finds its account-month's adjustment.
    index('forecasts_adjustment_idx')
      .on(t.entityId, t.accountId, t.startMonth)
      .where(sql`${t.kind} = 'adjustment'`),
    // One forecast per 'Budget' transaction: an entry finds its forecast through its transaction.
    uniqueIndex('forecasts_transaction_idx').on(t.transactionId),
  ],
);

/** Moves entries whose name or memo matches `search_filter` from one account to another, now and on import. */
export const rules = pgTable(
  'rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    searchFilter: text('search_filter').notNull(),
    fromAccountId: uuid('from_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    toAccountId: uuid('to_account_id')
      .notNull()
      .references(() => accounts.id),
    refType: text('ref_type'),
    refId: text('ref_id'),
    ...timestamps,
  },
  (t) => [index('rules_entity_idx').on(t.entityId, t.fromAccountId)],
);

/**
 * Entry History: one row per change to an entry (create, update, move, destroy). Kept after the entry
 * is deleted, so no foreign key to it. `object_changes` maps a field to [before, after].
 */
export const entryChanges = pgTable(
  'entry_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id').notNull(),
    event: text('event', { enum: ['create', 'update', 'move', 'destroy'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    objectChanges: jsonb('object_changes').$type<Record<string, [unknown, unknown]>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('entry_changes_entry_idx').on(t.entryId, t.id)],
);

export const lineItemTypes = ['Account', 'Section', 'Expression', 'AccountTree'] as const;

/**
 * The lines of a report: sections, account trees (an account and its subtree), single accounts and
 * expressions over other lines (e.g. Net Income = Income - Expense). A tree by `parent_id`/`ancestry`.
 */
export const reportLineItems = pgTable(
  'report_line_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    ancestry: text('ancestry').notNull().default('/'),
    itemType: text('item_type', { enum: lineItemTypes }).notNull(),
    name: text('name').notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** For Expression lines: an arithmetic expression over other lines' names or ids. */
    expr: text('expr'),
    sign: smallint('sign').notNull().default(1),
    defaultSign: smallint('default_sign').notNull().default(1),
    /** Financial lines (balance-sheet groups, expressions) are computed and not editable. */
    isFinancial: boolean('is_financial').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('report_line_items_report_idx').on(t.reportId, t.sortOrder)],
);
