import type { PaymentCard } from '@keel/domain';
import type { SubscriptionStatus } from '../../db/schema';

/**
 * Payments (the Pro Plan's subscriptions) behind one interface, shaped after Stripe's API: customers,
 * subscriptions whose first invoice waits for a card (`payment_behavior: default_incomplete`, so a
 * subscription starts 'incomplete' with a PaymentIntent client secret), confirmed by a card payment
 * ('active'), cancelled ('canceled'). Two implementations: the sandbox (default; a working simulation
 * in our database, test cards included) and Stripe's official SDK (STRIPE_SECRET_KEY set).
 */

export type PaymentsProviderKind = 'sandbox' | 'stripe';

/** A subscription as the provider has it. */
export type ProviderSubscription = {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  productName: string;
  productDescription: string | null;
  /** Cents per unit per interval. */
  unitAmount: number;
  quantity: number;
  currency: string;
  recurringInterval: string;
  /** The first invoice's payment client secret while it waits for a card; null once paid or over. */
  clientSecret: string | null;
  currentPeriodEnd: Date | null;
  canceledAt: Date | null;
  /** The card that pays it: brand and last 4 digits only. */
  card: { brand: string; last4: string } | null;
};

/** What Keel asks a provider to bill: one monthly price for one company. */
export type NewSubscription = {
  customerId: string;
  entityId: string;
  productName: string;
  productDescription: string;
  unitAmount: number;
  currency: string;
  recurringInterval: 'month';
  quantity: number;
};

/**
 * Every call says when it happens (the sandbox keeps the app's clock; Stripe its own) and, for writes,
 * an idempotency key: the same key again returns the first call's object instead of making another.
 */
export type CallOptions = { now: Date; idempotencyKey?: string };

/** A card payment refused by the card network or the provider: Stripe's code and its message. */
export type CardDecline = { code: string; message: string };

export type CardPaymentResult =
  | { ok: true; subscription: ProviderSubscription }
  | { ok: false; decline: CardDecline };

export type PaymentsProvider = {
  kind: PaymentsProviderKind;
  /** The key the browser loads Stripe.js with; null for the sandbox (the page collects the card). */
  publishableKey: string | null;
  createCustomer(
    customer: { name: string; email: string; entityId: string },
    options: CallOptions,
  ): Promise<{ id: string }>;
  createSubscription(subscription: NewSubscription, options: CallOptions): Promise<ProviderSubscription>;
  retrieveSubscription(id: string, options: CallOptions): Promise<ProviderSubscription>;
  cancelSubscription(id: string, options: CallOptions): Promise<ProviderSubscription>;
  /**
   * Pays the first invoice of an incomplete subscription with a card, by its payment's client secret.
   * The sandbox only: with Stripe the browser confirms the payment with Stripe.js and card details
   * never reach Keel, so this is null.
   */
  confirmCardPayment:
    | ((
        payment: { clientSecret: string; card: PaymentCard },
        options: CallOptions,
      ) => Promise<CardPaymentResult>)
    | null;
};
