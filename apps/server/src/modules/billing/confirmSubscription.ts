import { dayIn, type PaymentCardForm, paymentCardSchema } from '@keel/domain';
import type { FieldError } from '../../graphql/fieldErrors';
import { entityTimeZone } from '../entities/timeZone';
import type { BillingDeps } from './billingDeps';
import { sendProPlanReceipt, storePaymentState } from './billingEmails';
import { BILLING_MESSAGES, billingRefusal } from './billingErrors';
import { refreshSubscription } from './refreshSubscription';
import { hasEnded, type SubscriptionRow } from './subscriptionRows';

/** The payment form's fields as the API names them (arguments of confirmSubscription). */
const CARD_FIELDS: Record<keyof PaymentCardForm, string> = {
  number: 'cardNumber',
  expiry: 'cardExpiry',
  cvc: 'cardCvc',
  name: 'cardName',
};

/** What Submit did: the subscription as it now stands, and why the payment did not go through, if not. */
export type SubscriptionConfirmation = {
  subscription: SubscriptionRow;
  /** Form problems under their field, and a declined card's message (Stripe's) under `card`. */
  errors: FieldError[];
  /** Stripe's decline code when the card network or the provider refused the card. */
  declineCode: string | null;
};

/**
 * Submit on the payment form (spec §4): pays the first invoice of an incomplete subscription, which
 * makes it active.
 *
 * - Sandbox: the card form's fields are checked by the domain's rules (paymentCardSchema, against the
 *   company's today in its time zone), then the sandbox answers like Stripe's test cards. A refusal comes back in `errors`
 *   and changes nothing. The card number is passed on in memory only; brand and last 4 are kept.
 * - Stripe: the browser has confirmed the payment with Stripe Elements (card details never reach Keel,
 *   so sending them is refused); this reads the subscription back from Stripe and stores it.
 *
 * A payment that goes through sends its receipt to `payerId`, who submitted it (billingEmails.ts).
 */
export async function confirmSubscription(
  deps: BillingDeps,
  row: SubscriptionRow,
  form: PaymentCardForm | null,
  payerId: string | null = null,
): Promise<SubscriptionConfirmation> {
  if (hasEnded(row)) throw billingRefusal(BILLING_MESSAGES.ended, 'id');
  if (row.status !== 'incomplete') throw billingRefusal(BILLING_MESSAGES.alreadyActive, 'id');
  if (row.provider !== deps.payments.kind) throw billingRefusal(BILLING_MESSAGES.otherProvider, 'id');
  const confirmCardPayment = deps.payments.confirmCardPayment;
  if (!confirmCardPayment) {
    if (form) throw billingRefusal(BILLING_MESSAGES.cardGoesToStripe, 'cardNumber');
    const current = await refreshSubscription(deps, row, payerId);
    return current.status === 'incomplete'
      ? declined(current, { code: 'payment_pending', message: BILLING_MESSAGES.notConfirmedYet })
      : { subscription: current, errors: [], declineCode: null };
  }
  const now = deps.clock.now();
  // A card expiring this month still pays: 'this month' is the company's, in its time zone.
  const today = dayIn(await entityTimeZone(deps.db, row.entityId), now);
  const parsed = paymentCardSchema(today).safeParse(form ?? { number: '', expiry: '', cvc: '', name: '' });
  if (!parsed.success) {
    const errors: FieldError[] = [];
    for (const issue of parsed.error.issues) {
      const field = CARD_FIELDS[issue.path[0] as keyof PaymentCardForm] ?? 'cardNumber';
      if (!errors.some((error) => error.field === field)) errors.push({ field, message: issue.message });
    }
    return { subscription: row, errors, declineCode: null };
  }
  if (!row.clientSecret)
    return { subscription: await refreshSubscription(deps, row, payerId), errors: [], declineCode: null };
  const result = await confirmCardPayment({ clientSecret: row.clientSecret, card: parsed.data }, { now });
  if (!result.ok) {
    // Paid meanwhile (a second Submit): show it as it stands rather than as an error.
    if (result.decline.code === 'payment_intent_unexpected_state') {
      const current = await refreshSubscription(deps, row, payerId);
      if (current.status !== 'incomplete') return { subscription: current, errors: [], declineCode: null };
    }
    return declined(row, result.decline);
  }
  const { subscription, paidNow } = await storePaymentState(deps, row, result.subscription, now);
  if (paidNow) await sendProPlanReceipt(deps, subscription, payerId, now);
  return { subscription, errors: [], declineCode: null };
}

function declined(
  row: SubscriptionRow,
  decline: { code: string; message: string },
): SubscriptionConfirmation {
  return {
    subscription: row,
    errors: [{ field: 'card', message: decline.message }],
    declineCode: decline.code,
  };
}
