import { apiError, badInput } from '../../errors';

/** The billing module's messages and refusals (a foreign subscription answers like a missing one). */
export const BILLING_MESSAGES = {
  subscriptionNotFound: 'Subscription not found',
  alreadySubscribed: 'This company already has the Pro Plan',
  alreadyActive: 'This subscription is already paid',
  ended: 'This subscription has ended: subscribe again',
  alreadyCanceled: 'This subscription is already canceled',
  otherProvider: 'This subscription was started with another payment setup: subscribe again',
  cardGoesToStripe: 'Card details go from the browser to Stripe, never to Keel',
  notConfirmedYet: 'Stripe has not confirmed the payment yet. Try again in a moment.',
} as const;

export const subscriptionNotFound = () => apiError('NOT_FOUND', BILLING_MESSAGES.subscriptionNotFound);
export const billingRefusal = (message: string, field?: string) => badInput(message, field);
