import { cardBrandLabel, dayIn, formatCents, PRODUCT_NAME } from '@keel/domain';
import { and, asc, eq } from 'drizzle-orm';
import { entities, memberships, subscriptions, users } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import type { EmailMessage } from '../../providers';
import type { ProviderSubscription } from '../../providers/payments';
import type { BillingDeps } from './billingDeps';
import { type SubscriptionRow, storeProviderState } from './subscriptionRows';

/**
 * The Pro Plan receipt: when a subscription's first payment succeeds (it goes from
 * 'incomplete' to 'active' or 'trialing'), the person who paid gets a receipt: the plan, the period it
 * pays for, the amount, the card's brand and last 4 digits when the provider gave them, the date in the
 * company's time zone, and a reference (the provider's subscription id). The state is stored with the
 * subscription's row locked, so of two requests that read the same payment only one sees the change and
 * only one receipt goes; it is sent after that commit, never inside the transaction. An email that
 * fails changes nothing (the payment is what it is) and is not retried. No address is ever logged.
 */

/** The statuses a paid subscription has. */
const PAID_STATUSES: readonly SubscriptionRow['status'][] = ['active', 'trialing'];

/**
 * Stores what the provider says of a subscription (storeProviderState), with its row locked, and says
 * whether this very write is the one that made it paid.
 */
export async function storePaymentState(
  deps: BillingDeps,
  row: SubscriptionRow,
  state: ProviderSubscription,
  now: Date,
): Promise<{ subscription: SubscriptionRow; paidNow: boolean }> {
  return writeTransaction(deps.db, async (tx) => {
    const [locked] = await tx.select().from(subscriptions).where(eq(subscriptions.id, row.id)).for('update');
    const subscription = await storeProviderState(tx, locked ?? row, state, now);
    const paidNow =
      (locked?.status ?? row.status) === 'incomplete' && PAID_STATUSES.includes(subscription.status);
    return { subscription, paidNow };
  });
}

/** The receipt's text. */
export function proPlanReceiptEmail(input: {
  to: string;
  firstName: string | null;
  companyName: string;
  subscription: Pick<
    SubscriptionRow,
    | 'productName'
    | 'unitAmount'
    | 'quantity'
    | 'cardBrand'
    | 'cardLast4'
    | 'providerSubscriptionId'
    | 'recurringInterval'
  >;
  paidOn: string;
  periodEnd: string | null;
}): EmailMessage {
  const { subscription: s } = input;
  const amount = formatCents(s.unitAmount * s.quantity);
  const card =
    s.cardBrand || s.cardLast4
      ? `${s.cardBrand ? cardBrandLabel(s.cardBrand) : 'Card'}${s.cardLast4 ? ` ending in ${s.cardLast4}` : ''}`
      : null;
  return {
    to: input.to,
    subject: `${PRODUCT_NAME} receipt: ${s.productName} for ${input.companyName}, ${amount}`,
    text: [
      `Hello${input.firstName ? ` ${input.firstName}` : ''},`,
      '',
      `Thank you: your payment for the ${s.productName} of ${input.companyName} went through.`,
      '',
      `Plan: ${s.productName} (billed every ${s.recurringInterval})`,
      `Period: ${input.paidOn} to ${input.periodEnd ?? 'the end of the billing period'}`,
      `Amount: ${amount}`,
      ...(card ? [`Paid with: ${card}`] : []),
      `Date: ${input.paidOn}`,
      `Reference: ${s.providerSubscriptionId}`,
      '',
      `Keep this email for your records. You can see or cancel the plan in ${PRODUCT_NAME}, in Settings > Billing.`,
    ].join('\n'),
  };
}

/**
 * Sends the receipt of a subscription that was just paid, to `payerId` (who submitted the payment), else
 * to whoever started the subscription, else to the company's first owner. Dates are the company's days.
 * Returns whether an email went. Without an email provider in the deps, none is sent.
 */
export async function sendProPlanReceipt(
  deps: BillingDeps,
  subscription: SubscriptionRow,
  payerId: string | null,
  now: Date,
): Promise<boolean> {
  const email = deps.email;
  if (!email) return false;
  const [company] = await deps.db
    .select({ name: entities.name, timeZone: entities.timeZone })
    .from(entities)
    .where(eq(entities.id, subscription.entityId));
  if (!company) return false;
  const recipient = await recipientOf(deps, subscription, payerId);
  if (!recipient) return false;
  try {
    await email.send(
      proPlanReceiptEmail({
        to: recipient.email,
        firstName: recipient.name?.split(/\s+/)[0] ?? null,
        companyName: company.name,
        subscription,
        paidOn: dayIn(company.timeZone, now),
        periodEnd: subscription.currentPeriodEnd
          ? dayIn(company.timeZone, subscription.currentPeriodEnd)
          : null,
      }),
    );
    return true;
  } catch {
    // The payment stands whatever the mail server says; the receipt is not retried.
    return false;
  }
}

/** The receipt's recipient: a member of the company among the payer, the starter and the first owner. */
async function recipientOf(
  deps: BillingDeps,
  subscription: SubscriptionRow,
  payerId: string | null,
): Promise<{ email: string; name: string | null } | null> {
  const members = await deps.db
    .select({ userId: users.id, email: users.email, name: users.name, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.entityId, subscription.entityId)))
    .orderBy(asc(memberships.createdAt));
  const chosen =
    members.find((member) => member.userId === payerId) ??
    members.find((member) => member.userId === subscription.createdBy) ??
    members.find((member) => member.role === 'owner');
  return chosen ? { email: chosen.email, name: chosen.name } : null;
}
