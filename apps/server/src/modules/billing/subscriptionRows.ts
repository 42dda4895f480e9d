import { and, count, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { ENDED_SUBSCRIPTION_STATUSES, subscriptions } from '../../db/schema';
import { isUuid } from '../../graphql/context';
import type { ProviderSubscription } from '../../providers/payments';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Whether the subscription is over (canceled, or never paid in time): a new one may be started. */
export function hasEnded(row: Pick<SubscriptionRow, 'status'>): boolean {
  return ENDED_SUBSCRIPTION_STATUSES.includes(row.status);
}

export async function findSubscription(db: Db | Tx, id: string): Promise<SubscriptionRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row ?? null;
}

/**
 * What the billing page shows: the company's open subscription, else its newest ended one, else null
 * (it never had one).
 */
export async function findLatestSubscription(db: Db | Tx, entityId: string): Promise<SubscriptionRow | null> {
  const ended = sql`${subscriptions.status} IN ('canceled', 'incomplete_expired')`;
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.entityId, entityId))
    .orderBy(ended, desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  return row ?? null;
}

/** The company's one open subscription (not canceled or expired), or null. */
export async function findOpenSubscription(db: Db | Tx, entityId: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.entityId, entityId),
        notInArray(subscriptions.status, [...ENDED_SUBSCRIPTION_STATUSES]),
      ),
    );
  return row ?? null;
}

/** How many subscriptions the company has started: numbers the next start's idempotency key. */
export async function countSubscriptions(db: Db | Tx, entityId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(eq(subscriptions.entityId, entityId));
  return row?.n ?? 0;
}

/** The customer the company's earlier subscriptions with this provider were billed to, if any. */
export async function findCustomerId(
  db: Db | Tx,
  entityId: string,
  provider: SubscriptionRow['provider'],
): Promise<string | null> {
  const [row] = await db
    .select({ customerId: subscriptions.providerCustomerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.entityId, entityId), eq(subscriptions.provider, provider)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row?.customerId ?? null;
}

/**
 * Writes what the provider says of a subscription onto its row (status, price, payment, period), and
 * returns the row. The provider is the truth: each write path stores its answer after its own call.
 * An ended subscription never comes back (providers do not revive one), so an answer read before a
 * cancel that lands after it does not undo it: the row is then returned as it stands.
 */
export async function storeProviderState(
  db: Db | Tx,
  row: SubscriptionRow,
  state: ProviderSubscription,
  now: Date,
): Promise<SubscriptionRow> {
  const reopens = !ENDED_SUBSCRIPTION_STATUSES.includes(state.status);
  const [stored] = await db
    .update(subscriptions)
    .set({
      status: state.status,
      unitAmount: state.unitAmount,
      quantity: state.quantity,
      clientSecret: state.status === 'incomplete' ? state.clientSecret : null,
      cardBrand: state.card?.brand ?? row.cardBrand,
      cardLast4: state.card?.last4 ?? row.cardLast4,
      currentPeriodEnd: state.currentPeriodEnd,
      canceledAt: state.canceledAt,
      updatedAt: now,
    })
    .where(
      reopens
        ? and(
            eq(subscriptions.id, row.id),
            notInArray(subscriptions.status, [...ENDED_SUBSCRIPTION_STATUSES]),
          )
        : eq(subscriptions.id, row.id),
    )
    .returning();
  if (stored) return stored;
  const current = await findSubscription(db, row.id);
  if (!current) throw new Error(`Subscription ${row.id} vanished while it was being updated`);
  return current;
}
