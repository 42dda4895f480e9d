import { randomBytes } from 'node:crypto';
import { sandboxCardOutcome } from '@keel/domain';
import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  sandboxPaymentCustomers,
  sandboxPaymentIntents,
  sandboxPaymentPrices,
  sandboxPaymentSubscriptions,
} from '../../db/schema';
import type { CallOptions, CardDecline, PaymentsProvider, ProviderSubscription } from './index';

/** Stripe gives an incomplete subscription 23 hours to be paid; then it is incomplete_expired. */
export const INCOMPLETE_EXPIRY_MS = 23 * 60 * 60 * 1000;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An id in Stripe's style: 'cus_…', 'sub_…', 'pi_…'. */
function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let text = '';
  for (const byte of bytes) text += BASE62[byte % 62];
  return `${prefix}_${text}`;
}

/** The same day next month (the last day when that month is shorter), as Stripe's monthly periods run. */
export function addOneMonth(date: Date): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** A write whose idempotency key another call took meanwhile (rolled back, then answered as that call). */
class KeyTaken extends Error {}

/** A request the sandbox refuses as Stripe would (a missing object, a call in the wrong state). */
export class SandboxPaymentsError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'SandboxPaymentsError';
    this.code = code;
  }
}

/**
 * The payments sandbox (the default): a working simulation of Stripe's subscriptions in our database.
 * Customers, prices, subscriptions and their first payment (a PaymentIntent with a client secret) are
 * rows of the sandbox_payment_* tables. A subscription starts 'incomplete'; paying its first invoice
 * with a card makes it 'active' for a month; cancelling makes it 'canceled'; left unpaid for 23 hours
 * it becomes 'incomplete_expired'. Cards answer as Stripe's test cards do (4242 4242 4242 4242
 * succeeds, 4000 0000 0000 0002 is declined with 'Your card was declined.', …; any other number is
 * refused as a real card in test mode). A card's number is used to decide the outcome and then
 * dropped: only its brand and last 4 digits are kept. Writes with an idempotency key already used
 * return the first call's object.
 */
export function createSandboxPayments(db: Db | Tx): PaymentsProvider {
  async function loadSubscription(id: string, now: Date): Promise<ProviderSubscription> {
    const [row] = await db
      .select({ subscription: sandboxPaymentSubscriptions, price: sandboxPaymentPrices })
      .from(sandboxPaymentSubscriptions)
      .innerJoin(sandboxPaymentPrices, eq(sandboxPaymentPrices.id, sandboxPaymentSubscriptions.priceId))
      .where(eq(sandboxPaymentSubscriptions.id, id));
    if (!row) throw new SandboxPaymentsError('resource_missing', `No such subscription: '${id}'`);
    let { subscription } = row;
    if (
      subscription.status === 'incomplete' &&
      now.getTime() - subscription.createdAt.getTime() >= INCOMPLETE_EXPIRY_MS
    ) {
      subscription = await expireIncomplete(subscription.id, now);
    }
    const [intent] = await db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.subscriptionId, id))
      .orderBy(desc(sandboxPaymentIntents.createdAt))
      .limit(1);
    return {
      id: subscription.id,
      customerId: subscription.customerId,
      status: subscription.status,
      productName: row.price.productName,
      productDescription: row.price.productDescription,
      unitAmount: row.price.unitAmount,
      quantity: subscription.quantity,
      currency: row.price.currency,
      recurringInterval: row.price.recurringInterval,
      clientSecret:
        subscription.status === 'incomplete' && intent?.status === 'requires_payment_method'
          ? intent.clientSecret
          : null,
      currentPeriodEnd: subscription.currentPeriodEnd,
      canceledAt: subscription.canceledAt,
      card:
        subscription.cardBrand && subscription.cardLast4
          ? { brand: subscription.cardBrand, last4: subscription.cardLast4 }
          : null,
    };
  }

  async function expireIncomplete(id: string, now: Date) {
    return db.transaction(async (tx) => {
      await tx
        .update(sandboxPaymentIntents)
        .set({ status: 'canceled', updatedAt: now })
        .where(eq(sandboxPaymentIntents.subscriptionId, id));
      const [expired] = await tx
        .update(sandboxPaymentSubscriptions)
        .set({ status: 'incomplete_expired', updatedAt: now })
        .where(eq(sandboxPaymentSubscriptions.id, id))
        .returning();
      if (!expired) throw new SandboxPaymentsError('resource_missing', `No such subscription: '${id}'`);
      return expired;
    });
  }

  async function findByKey(key: string | undefined) {
    if (!key) return null;
    const [row] = await db
      .select({ id: sandboxPaymentSubscriptions.id })
      .from(sandboxPaymentSubscriptions)
      .where(eq(sandboxPaymentSubscriptions.idempotencyKey, key));
    return row ?? null;
  }

  return {
    kind: 'sandbox',
    publishableKey: null,

    async createCustomer(customer, options: CallOptions) {
      const id = newId('cus', 14);
      const [created] = await db
        .insert(sandboxPaymentCustomers)
        .values({
          id,
          name: customer.name,
          email: customer.email,
          metadataEntityId: customer.entityId,
          idempotencyKey: options.idempotencyKey ?? null,
          createdAt: options.now,
        })
        .onConflictDoNothing({ target: sandboxPaymentCustomers.idempotencyKey })
        .returning({ id: sandboxPaymentCustomers.id });
      if (created) return created;
      const [existing] = await db
        .select({ id: sandboxPaymentCustomers.id })
        .from(sandboxPaymentCustomers)
        .where(eq(sandboxPaymentCustomers.idempotencyKey, options.idempotencyKey ?? ''));
      if (!existing) throw new SandboxPaymentsError('idempotency_error', 'The customer could not be created');
      return existing;
    },

    async createSubscription(subscription, options) {
      const replay = await findByKey(options.idempotencyKey);
      if (replay) return loadSubscription(replay.id, options.now);
      const [customer] = await db
        .select({ id: sandboxPaymentCustomers.id })
        .from(sandboxPaymentCustomers)
        .where(eq(sandboxPaymentCustomers.id, subscription.customerId));
      if (!customer) {
        throw new SandboxPaymentsError('resource_missing', `No such customer: '${subscription.customerId}'`);
      }
      const id = newId('sub');
      const created = await db
        .transaction(async (tx) => {
          const priceId = newId('price');
          await tx.insert(sandboxPaymentPrices).values({
            id: priceId,
            productName: subscription.productName,
            productDescription: subscription.productDescription,
            unitAmount: subscription.unitAmount,
            currency: subscription.currency,
            recurringInterval: subscription.recurringInterval,
            createdAt: options.now,
          });
          const [row] = await tx
            .insert(sandboxPaymentSubscriptions)
            .values({
              id,
              customerId: subscription.customerId,
              priceId,
              quantity: subscription.quantity,
              status: 'incomplete',
              currentPeriodStart: options.now,
              currentPeriodEnd: addOneMonth(options.now),
              idempotencyKey: options.idempotencyKey ?? null,
              createdAt: options.now,
              updatedAt: options.now,
            })
            .onConflictDoNothing({ target: sandboxPaymentSubscriptions.idempotencyKey })
            .returning({ id: sandboxPaymentSubscriptions.id });
          // Its idempotency key is taken: undo the price too.
          if (!row) throw new KeyTaken();
          const intentId = newId('pi');
          await tx.insert(sandboxPaymentIntents).values({
            id: intentId,
            subscriptionId: id,
            amount: subscription.unitAmount * subscription.quantity,
            currency: subscription.currency,
            clientSecret: `${intentId}_secret_${newId('cs', 25).slice(3)}`,
            status: 'requires_payment_method',
            createdAt: options.now,
            updatedAt: options.now,
          });
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof KeyTaken) return false;
          throw error;
        });
      if (created) return loadSubscription(id, options.now);
      // Another call with the same key won the race: answer its subscription, as Stripe would.
      const winner = await findByKey(options.idempotencyKey);
      if (!winner)
        throw new SandboxPaymentsError('idempotency_error', 'The subscription could not be created');
      return loadSubscription(winner.id, options.now);
    },

    retrieveSubscription: (id, options) => loadSubscription(id, options.now),

    async cancelSubscription(id, options) {
      const current = await loadSubscription(id, options.now);
      if (current.status === 'canceled') {
        throw new SandboxPaymentsError(
          'subscription_canceled',
          'A canceled subscription can only update its cancellation_details and metadata.',
        );
      }
      await db.transaction(async (tx) => {
        await tx
          .update(sandboxPaymentIntents)
          .set({ status: 'canceled', updatedAt: options.now })
          .where(eq(sandboxPaymentIntents.subscriptionId, id));
        await tx
          .update(sandboxPaymentSubscriptions)
          .set({ status: 'canceled', canceledAt: options.now, updatedAt: options.now })
          .where(eq(sandboxPaymentSubscriptions.id, id));
      });
      return loadSubscription(id, options.now);
    },

    async confirmCardPayment({ clientSecret, card }, options) {
      const outcome = await db.transaction(
        async (tx): Promise<{ decline: CardDecline } | { subscriptionId: string }> => {
          const [intent] = await tx
            .select()
            .from(sandboxPaymentIntents)
            .where(eq(sandboxPaymentIntents.clientSecret, clientSecret))
            .for('update');
          if (!intent) throw new SandboxPaymentsError('resource_missing', 'No such payment_intent');
          const refusal = refuseIntent(intent.status) ?? refuseCard(card, options.now);
          if (refusal) {
            if (intent.status === 'requires_payment_method') {
              await tx
                .update(sandboxPaymentIntents)
                .set({
                  lastErrorCode: refusal.code,
                  lastErrorMessage: refusal.message,
                  updatedAt: options.now,
                })
                .where(eq(sandboxPaymentIntents.id, intent.id));
            }
            return { decline: refusal };
          }
          const paid = { cardBrand: card.brand, cardLast4: card.last4, updatedAt: options.now };
          await tx
            .update(sandboxPaymentIntents)
            .set({ ...paid, status: 'succeeded', lastErrorCode: null, lastErrorMessage: null })
            .where(eq(sandboxPaymentIntents.id, intent.id));
          // The first invoice is paid: the subscription starts its first month now.
          await tx
            .update(sandboxPaymentSubscriptions)
            .set({
              ...paid,
              status: 'active',
              currentPeriodStart: options.now,
              currentPeriodEnd: addOneMonth(options.now),
            })
            .where(eq(sandboxPaymentSubscriptions.id, intent.subscriptionId));
          return { subscriptionId: intent.subscriptionId };
        },
      );
      if ('decline' in outcome) return { ok: false, decline: outcome.decline };
      return { ok: true, subscription: await loadSubscription(outcome.subscriptionId, options.now) };
    },
  };
}

/** Stripe's refusal to confirm a payment that is not waiting for one. */
function refuseIntent(status: string): CardDecline | null {
  if (status === 'succeeded') {
    return {
      code: 'payment_intent_unexpected_state',
      message:
        'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
    };
  }
  if (status === 'canceled') {
    return {
      code: 'payment_intent_unexpected_state',
      message: 'This payment was canceled: start the subscription again.',
    };
  }
  return null;
}

/** What Stripe checks of any card before asking the network, then the test card's own answer. */
function refuseCard(card: { number: string; expMonth: number; expYear: number; cvc: string }, now: Date) {
  if (card.expYear * 12 + card.expMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    return { code: 'invalid_expiry_year', message: "Your card's expiration date is in the past." };
  }
  if (!/^\d{3,4}$/.test(card.cvc)) {
    return { code: 'invalid_cvc', message: "Your card's security code is invalid." };
  }
  const outcome = sandboxCardOutcome(card.number);
  return outcome.kind === 'declined' ? { code: outcome.declineCode, message: outcome.message } : null;
}
