import { eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import type { BillingDeps } from './billingDeps';
import { BILLING_MESSAGES, billingRefusal } from './billingErrors';
import { refreshSubscription } from './refreshSubscription';
import { hasEnded, type SubscriptionRow, storeProviderState } from './subscriptionRows';

/**
 * Cancel Subscription (spec §4): the provider cancels the subscription at
 * once (Stripe's `subscriptions.cancel`, no proration: the month under way is not refunded and no
 * further month is billed); its row becomes 'canceled'. An incomplete one can be cancelled too (its
 * payment is then void). One started with a provider no longer configured is cancelled here only.
 * If the provider says it was over already (cancelled in Stripe's dashboard), that is stored.
 */
export async function cancelSubscription(deps: BillingDeps, row: SubscriptionRow): Promise<SubscriptionRow> {
  if (hasEnded(row)) throw billingRefusal(BILLING_MESSAGES.alreadyCanceled, 'id');
  const now = deps.clock.now();
  if (row.provider !== deps.payments.kind) {
    const [canceled] = await deps.db
      .update(subscriptions)
      .set({ status: 'canceled', canceledAt: now, clientSecret: null, updatedAt: now })
      .where(eq(subscriptions.id, row.id))
      .returning();
    return canceled ?? row;
  }
  try {
    const state = await deps.payments.cancelSubscription(row.providerSubscriptionId, {
      now,
      idempotencyKey: `keel-cancel-${row.id}`,
    });
    return await storeProviderState(deps.db, row, state, now);
  } catch (error) {
    const current = await refreshSubscription(deps, row).catch(() => null);
    if (current && hasEnded(current)) return current;
    throw error;
  }
}
