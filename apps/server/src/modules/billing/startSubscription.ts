import { PRO_PLAN } from '@keel/domain';
import { eq } from 'drizzle-orm';
import { entities, subscriptions } from '../../db/schema';
import { apiError } from '../../errors';
import { CHANGED_BY_SOMEONE_ELSE } from '../../graphql/databaseErrors';
import type { BillingDeps } from './billingDeps';
import { BILLING_MESSAGES, billingRefusal } from './billingErrors';
import { quoteProPlan } from './quoteProPlan';
import { refreshSubscription } from './refreshSubscription';
import {
  countSubscriptions,
  findCustomerId,
  findOpenSubscription,
  hasEnded,
  type SubscriptionRow,
} from './subscriptionRows';

/**
 * Subscribe Now (spec §4): the company's Pro Plan subscription, waiting for its first payment
 * ('incomplete', with the payment's client secret for the card form).
 *
 * - Idempotent: an incomplete subscription already there is returned (after asking the provider how
 *   it stands), not a second one made. A paid one refuses ('This company already has the Pro Plan').
 * - The price is quoted now from the ledger (quoteProPlan): max($100, 0.1% of the last complete
 *   month's expense), and kept with its working.
 * - The provider's customer is the company's earlier one with that provider, else a new one named
 *   after the company, with the starting user's email.
 * - No database transaction spans the provider's calls (they may take seconds, and the sandbox writes
 *   through the same database). Starts racing each other are kept to one by the provider's
 *   idempotency keys (the same key for the same attempt and price) and by the one-open-subscription
 *   unique index: the loser answers the winner's subscription and cancels its own, if it made another.
 */
export async function startSubscription(
  deps: BillingDeps,
  input: { entityId: string; userId: string; email: string },
): Promise<SubscriptionRow> {
  const open = await findOpenSubscription(deps.db, input.entityId);
  if (open) {
    const current = await refreshSubscription(deps, open);
    if (current.status === 'incomplete') return current;
    if (!hasEnded(current)) throw billingRefusal(BILLING_MESSAGES.alreadySubscribed, 'entityId');
  }
  const now = deps.clock.now();
  const quote = await quoteProPlan(deps.db, input.entityId, now);
  const customerId = await customerFor(deps, input);
  const attempt = await countSubscriptions(deps.db, input.entityId);
  const created = await deps.payments.createSubscription(
    {
      customerId,
      entityId: input.entityId,
      productName: PRO_PLAN.productName,
      productDescription: PRO_PLAN.productDescription,
      unitAmount: quote.priceCents,
      currency: PRO_PLAN.currency,
      recurringInterval: PRO_PLAN.recurringInterval,
      quantity: 1,
    },
    { now, idempotencyKey: `keel-subscription-${input.entityId}-${attempt}-${quote.priceCents}` },
  );
  // The provider answered a subscription of an earlier call with this key that is over already (a
  // start that lost a race cancelled it): another start has won.
  if (hasEnded(created)) return answerRaceLoser(deps, input.entityId, created.id);
  const [row] = await deps.db
    .insert(subscriptions)
    .values({
      entityId: input.entityId,
      provider: deps.payments.kind,
      providerCustomerId: customerId,
      providerSubscriptionId: created.id,
      status: created.status,
      productName: created.productName,
      productDescription: created.productDescription,
      unitAmount: created.unitAmount,
      quantity: created.quantity,
      currency: created.currency,
      recurringInterval: created.recurringInterval,
      basisMonth: quote.basisMonth,
      basisExpense: quote.expenseCents,
      clientSecret: created.clientSecret,
      currentPeriodEnd: created.currentPeriodEnd,
      createdBy: input.userId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  return answerRaceLoser(deps, input.entityId, created.id);
}

/**
 * Another start stored its subscription first: answer that one. Ours, if it is another, will never be
 * paid: it is cancelled, best effort (a start that lost the same race may have cancelled it already,
 * and left alone it would expire unpaid after 23 hours, never charged).
 */
async function answerRaceLoser(deps: BillingDeps, entityId: string, ours: string): Promise<SubscriptionRow> {
  const winner = await findOpenSubscription(deps.db, entityId);
  if (winner?.providerSubscriptionId !== ours) {
    await deps.payments
      .cancelSubscription(ours, { now: deps.clock.now(), idempotencyKey: `keel-cancel-unused-${ours}` })
      .catch(() => undefined);
  }
  if (!winner) throw apiError('CONFLICT', CHANGED_BY_SOMEONE_ELSE);
  if (winner.status !== 'incomplete') throw billingRefusal(BILLING_MESSAGES.alreadySubscribed, 'entityId');
  return winner;
}

async function customerFor(deps: BillingDeps, input: { entityId: string; email: string }): Promise<string> {
  const known = await findCustomerId(deps.db, input.entityId, deps.payments.kind);
  if (known) return known;
  const [entity] = await deps.db
    .select({ name: entities.name })
    .from(entities)
    .where(eq(entities.id, input.entityId));
  const customer = await deps.payments.createCustomer(
    { name: entity?.name ?? '', email: input.email, entityId: input.entityId },
    { now: deps.clock.now(), idempotencyKey: `keel-customer-${input.entityId}` },
  );
  return customer.id;
}
