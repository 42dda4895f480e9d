import { eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import type { BillingDeps } from './billingDeps';
import { type SubscriptionRow, storeProviderState } from './subscriptionRows';

/**
 * A subscription as its provider has it now, stored. One started with a provider that is no longer
 * configured (the sandbox's, once Stripe keys are set) cannot be paid here: unpaid, it is expired
 * locally so a new one can start; otherwise it is left as it is.
 */
export async function refreshSubscription(deps: BillingDeps, row: SubscriptionRow): Promise<SubscriptionRow> {
  const now = deps.clock.now();
  if (row.provider !== deps.payments.kind) {
    if (row.status !== 'incomplete') return row;
    const [expired] = await deps.db
      .update(subscriptions)
      .set({ status: 'incomplete_expired', clientSecret: null, updatedAt: now })
      .where(eq(subscriptions.id, row.id))
      .returning();
    return expired ?? row;
  }
  const state = await deps.payments.retrieveSubscription(row.providerSubscriptionId, { now });
  return storeProviderState(deps.db, row, state, now);
}
