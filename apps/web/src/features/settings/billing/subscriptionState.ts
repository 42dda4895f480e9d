import type { BillingSubscription } from './billingQueries';

/**
 * Which face the subscription card shows (spec §4 Subscription): 'subscribe' ('Starting at
 * $100/month', 'Subscribe Now') for a company without a paid subscription: none yet, one waiting for
 * its first payment ('incomplete'), or one that is over (canceled, or never paid in time); 'subscribed'
 * ('$100/month', 'Cancel Subscription') for any other status (active, trialing, past_due, unpaid,
 * paused).
 */
type SubscriptionFace = 'subscribe' | 'subscribed';

export function subscriptionFace(subscription: Pick<BillingSubscription, 'status'> | null): SubscriptionFace {
  if (!subscription) return 'subscribe';
  return ['incomplete', 'canceled', 'incomplete_expired'].includes(subscription.status)
    ? 'subscribe'
    : 'subscribed';
}

/** How a status reads on the card's badge. */
export const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  paused: 'Paused',
  incomplete: 'Waiting for payment',
  canceled: 'Canceled',
  incomplete_expired: 'Expired',
};

/** 'December 22, 2026' (UTC). */
export function formatBillingDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
