import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, users } from './auth';
import { entities } from './entities';

/** Stripe's subscription statuses (the sandbox uses the same). */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Statuses after which a subscription is over: a new one may be started. */
export const ENDED_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['canceled', 'incomplete_expired'];

/**
 * A company's Pro Plan subscriptions (spec §3 Subscription), as the payments provider keeps them: the
 * newest is the one the billing page shows. At most one is open (not canceled or expired) per company.
 * `provider` says which payments provider holds it ('sandbox' or 'stripe'), and the provider's ids. The
 * price working at the start (`basis_month`, `basis_expense`) is kept with the price it gave. Card
 * numbers are never stored: only the brand and last 4 digits of the card that paid.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'stripe'] }).notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    productName: text('product_name').notNull(),
    productDescription: text('product_description'),
    /** The monthly price, in cents, per unit. */
    unitAmount: bigint('unit_amount', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull().default(1),
    currency: text('currency').notNull().default('usd'),
    recurringInterval: text('recurring_interval').notNull().default('month'),
    /** The month whose expense total set the price, and that total (cents). */
    basisMonth: char('basis_month', { length: 7 }).notNull(),
    basisExpense: bigint('basis_expense', { mode: 'number' }).notNull(),
    /** The first payment's client secret while it waits for a card (incomplete); null after. */
    clientSecret: text('client_secret'),
    cardBrand: text('card_brand'),
    cardLast4: char('card_last4', { length: 4 }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true, mode: 'date' }),
    canceledAt: timestamp('canceled_at', { withTimezone: true, mode: 'date' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('subscriptions_entity_idx').on(t.entityId, t.createdAt),
    uniqueIndex('subscriptions_provider_id_key').on(t.provider, t.providerSubscriptionId),
    // One open subscription per company: starting twice reuses it, and racing starts cannot make two.
    uniqueIndex('subscriptions_one_open_key')
      .on(t.entityId)
      .where(sql`${t.status} NOT IN ('canceled', 'incomplete_expired')`),
  ],
);

/*
 * The payments sandbox (providers/payments/sandbox.ts): a simulation of the vendor's side, kept in our
 * database so it survives restarts and works offline. These tables are the vendor's records, not the
 * company's: only the sandbox reads them, by the ids it handed out. No card number is kept.
 */

export const sandboxPaymentCustomers = pgTable('sandbox_payment_customers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  /** metadata.entity_id, as Keel sends it to Stripe. */
  metadataEntityId: text('metadata_entity_id'),
  idempotencyKey: text('idempotency_key').unique(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const sandboxPaymentPrices = pgTable('sandbox_payment_prices', {
  id: text('id').primaryKey(),
  productName: text('product_name').notNull(),
  productDescription: text('product_description'),
  unitAmount: bigint('unit_amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  recurringInterval: text('recurring_interval').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const sandboxPaymentSubscriptions = pgTable('sandbox_payment_subscriptions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id')
    .notNull()
    .references(() => sandboxPaymentCustomers.id),
  priceId: text('price_id')
    .notNull()
    .references(() => sandboxPaymentPrices.id),
  quantity: integer('quantity').notNull(),
  status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true, mode: 'date' }).notNull(),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true, mode: 'date' }).notNull(),
  cardBrand: text('card_brand'),
  cardLast4: char('card_last4', { length: 4 }),
  canceledAt: timestamp('canceled_at', { withTimezone: true, mode: 'date' }),
  idempotencyKey: text('idempotency_key').unique(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The first invoice's payment of a sandbox subscription (Stripe's PaymentIntent). */
export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => sandboxPaymentSubscriptions.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    clientSecret: text('client_secret').notNull(),
    status: text('status', { enum: ['requires_payment_method', 'succeeded', 'canceled'] }).notNull(),
    lastErrorCode: text('last_error_code'),
    lastErrorMessage: text('last_error_message'),
    cardBrand: text('card_brand'),
    cardLast4: char('card_last4', { length: 4 }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_payment_intents_client_secret_key').on(t.clientSecret),
    index('sandbox_payment_intents_subscription_idx').on(t.subscriptionId),
  ],
);
