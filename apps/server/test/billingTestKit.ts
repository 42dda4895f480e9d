import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { queryRows } from '../src/db/queryRows';

/** Test support for the billing suites (test code only). */

const SUBSCRIPTION_FIELDS = `id entityId status productName productDescription unitAmount quantity
  recurringInterval currency clientSecret provider card { brand brandLabel last4 } basisMonth basisExpense
  currentPeriodEnd canceledAt`;
export const STRIPE_SUBSCRIPTION = `query($e: ID!) { stripeSubscription(entityId: $e) { ${SUBSCRIPTION_FIELDS} } }`;
export const PRO_PLAN_QUERY = `query($e: ID!) { proPlan(entityId: $e) {
  entityId basisMonth expenseTotal price minimum rule working provider publishableKey productName } }`;
export const START_SUBSCRIPTION = `mutation($e: ID!) { startSubscription(entityId: $e) { ${SUBSCRIPTION_FIELDS} } }`;
export const CONFIRM_SUBSCRIPTION = `mutation($id: ID!, $n: String, $x: String, $c: String, $m: String) {
  confirmSubscription(id: $id, cardNumber: $n, cardExpiry: $x, cardCvc: $c, cardName: $m) {
    errors fieldErrors { field message } declineCode subscription { ${SUBSCRIPTION_FIELDS} } } }`;
export const CANCEL_SUBSCRIPTION = `mutation($id: ID!) { cancelSubscription(id: $id) { ${SUBSCRIPTION_FIELDS} } }`;

/** A card form: Stripe's test Visa that succeeds, unless told otherwise. */
export const card = (number = '4242 4242 4242 4242', overrides: Record<string, string> = {}) => ({
  n: number,
  x: '12 / 30',
  c: '123',
  m: 'Ada Lovelace',
  ...overrides,
});

/** The company's subscriptions, every column: what a refused billing call must leave as it was. */
export async function billingSnapshot(db: Db, entityId: string) {
  return queryRows<Record<string, unknown>>(
    db,
    sql`SELECT * FROM subscriptions WHERE entity_id = ${entityId}::uuid ORDER BY created_at, id`,
  );
}
