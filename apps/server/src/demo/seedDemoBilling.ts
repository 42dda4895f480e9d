import { eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Tx } from '../db/client';
import { subscriptions } from '../db/schema';
import { startSubscription } from '../modules/billing';
import { createSandboxPayments } from '../providers/payments/sandbox';

/**
 * The demo company's Pro Plan: a subscription started and waiting for its first payment
 * ('incomplete'), so /settings/billing shows 'Starting at $100/month', 'Subscribe Now' and the price
 * computed from its books. It is the sandbox's, whatever the server is configured with (a demo never
 * creates anything at Stripe); with Stripe keys set, Subscribe Now replaces it with a Stripe one.
 * Idempotent: a company with any subscription is left as it is.
 */
export async function seedDemoBilling(
  tx: Tx,
  clock: Clock,
  input: { entityId: string; ownerId: string; ownerEmail: string },
) {
  const [existing] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.entityId, input.entityId))
    .limit(1);
  if (existing) return;
  await startSubscription(
    { db: tx, clock, payments: createSandboxPayments(tx) },
    { entityId: input.entityId, userId: input.ownerId, email: input.ownerEmail },
  );
}
