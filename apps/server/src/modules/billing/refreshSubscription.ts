import { eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema';
import type { BillingDeps } from './billingDeps';
import { sendProPlanReceipt, storePaymentState } from './billingEmails';
import type { SubscriptionRow } from './subscriptionRows';

/**
 * A subscription as its provider has it now, stored. One started with a provider that is no longer
 * configured (the sandbox's, once Stripe keys are set) cannot be paid here: unpaid, it is expired
 * locally so a new one can start; otherwise it is left as it is. When this read is the one that finds the
 * first payment made, the receipt goes to `payerId` (billingEmails.ts) after the write.
 */
export async function refreshSubscription(
  deps: BillingDeps,
  row: SubscriptionRow,
  payerId: string | null = null,
): Promise<SubscriptionRow> {
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
  const { subscription, paidNow } = await storePaymentState(deps, row, state, now);
  if (paidNow) await sendProPlanReceipt(deps, subscription, payerId, now);
  return subscription;
}
