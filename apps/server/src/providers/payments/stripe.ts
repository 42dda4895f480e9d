import { PRO_PLAN } from '@keel/domain';
import Stripe from 'stripe';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../db/schema';
import type { PaymentsProvider, ProviderSubscription } from './index';

/** The Pro Plan's product in Stripe, made on first use under this fixed id (one per Stripe account). */
export const STRIPE_PRODUCT_ID = 'keel_pro_plan';

/**
 * What every subscription answer carries expanded: the first invoice's payment client secret (the
 * browser's Stripe Elements confirms it), the card that pays, and the product's name.
 */
const EXPAND = ['latest_invoice.confirmation_secret', 'default_payment_method', 'items.data.price.product'];

/** Where the SDK sends requests: Stripe's API, or (tests) a local server that speaks the same endpoints. */
export type StripeEndpoint = { host: string; port: number; protocol: 'http' | 'https' };

/**
 * The Stripe adapter (STRIPE_SECRET_KEY set), on the official `stripe` SDK. Subscriptions are created
 * with `payment_behavior: 'default_incomplete'`: Stripe answers 'incomplete' with the first invoice's
 * confirmation secret, the browser confirms it with Stripe Elements (card details go from the browser
 * to Stripe, never through Keel), and Keel then reads the subscription back ('active'). The monthly
 * price is the company's own, sent as `price_data` on the product STRIPE_PRODUCT_ID. Writes carry
 * Stripe idempotency keys, so a retried start returns the same customer and subscription.
 */
export function createStripePayments(
  secretKey: string,
  publishableKey: string,
  endpoint?: StripeEndpoint,
): PaymentsProvider {
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Keel' },
    ...(endpoint ?? {}),
  });
  let product: Promise<string> | null = null;

  /** The product's id, made the first time (a lost race to make it is as good as making it). */
  function ensureProduct(): Promise<string> {
    product ??= stripe.products
      .retrieve(STRIPE_PRODUCT_ID)
      .then((found) => found.id)
      .catch(async (error: unknown) => {
        if (!isMissing(error)) throw error;
        const created = await stripe.products
          .create({
            id: STRIPE_PRODUCT_ID,
            name: PRO_PLAN.productName,
            description: PRO_PLAN.productDescription,
          })
          .catch((createError: unknown) => {
            if (isStripeError(createError) && createError.code === 'resource_already_exists') {
              return { id: STRIPE_PRODUCT_ID };
            }
            throw createError;
          });
        return created.id;
      })
      .catch((error: unknown) => {
        product = null;
        throw error;
      });
    return product;
  }

  return {
    kind: 'stripe',
    publishableKey,

    async createCustomer(customer, options) {
      const created = await stripe.customers.create(
        { name: customer.name, email: customer.email, metadata: { entity_id: customer.entityId } },
        options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {},
      );
      return { id: created.id };
    },

    async createSubscription(subscription, options) {
      const productId = await ensureProduct();
      const created = await stripe.subscriptions.create(
        {
          customer: subscription.customerId,
          items: [
            {
              price_data: {
                currency: subscription.currency,
                product: productId,
                unit_amount: subscription.unitAmount,
                recurring: { interval: subscription.recurringInterval },
              },
              quantity: subscription.quantity,
            },
          ],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          metadata: { entity_id: subscription.entityId },
          expand: EXPAND,
        },
        options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {},
      );
      return toProviderSubscription(created);
    },

    async retrieveSubscription(id) {
      return toProviderSubscription(await stripe.subscriptions.retrieve(id, { expand: EXPAND }));
    },

    async cancelSubscription(id, options) {
      const canceled = await stripe.subscriptions.cancel(
        id,
        { expand: EXPAND },
        options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {},
      );
      return toProviderSubscription(canceled);
    },

    confirmCardPayment: null,
  };
}

function isStripeError(error: unknown): error is InstanceType<typeof Stripe.errors.StripeError> {
  return error instanceof Stripe.errors.StripeError;
}

function isMissing(error: unknown): boolean {
  return isStripeError(error) && (error.code === 'resource_missing' || error.statusCode === 404);
}

/**
 * A status Keel knows; one Stripe adds later reads as 'past_due' (there is a subscription, and it is
 * not in good standing), so the page still offers to cancel it.
 */
function knownStatus(status: string): SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status)
    ? (status as SubscriptionStatus)
    : 'past_due';
}

/** Stripe's subscription, as the payments interface has it. */
export function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  const price = item?.price;
  const product = price && typeof price.product === 'object' && !price.product.deleted ? price.product : null;
  const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
  const paymentMethod =
    typeof subscription.default_payment_method === 'object' ? subscription.default_payment_method : null;
  return {
    id: subscription.id,
    customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    status: knownStatus(subscription.status),
    productName: product?.name ?? PRO_PLAN.productName,
    productDescription: product?.description ?? PRO_PLAN.productDescription,
    unitAmount: price?.unit_amount ?? 0,
    quantity: item?.quantity ?? 1,
    currency: price?.currency ?? PRO_PLAN.currency,
    recurringInterval: price?.recurring?.interval ?? PRO_PLAN.recurringInterval,
    clientSecret:
      subscription.status === 'incomplete' ? (invoice?.confirmation_secret?.client_secret ?? null) : null,
    currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
    canceledAt: subscription.canceled_at ? new Date(subscription.canceled_at * 1000) : null,
    card: paymentMethod?.card ? { brand: paymentMethod.card.brand, last4: paymentMethod.card.last4 } : null,
  };
}
