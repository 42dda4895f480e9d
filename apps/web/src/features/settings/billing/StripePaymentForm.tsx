import { useApolloClient } from '@apollo/client/react';
import { Button, Group, Stack } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useState } from 'react';
import { FormError } from '../../auth/FormError';
import { describeSaveError } from '../../financial/drawer/DrawerFormFrame';
import { type BillingSubscription, CONFIRM_SUBSCRIPTION_MUTATION } from './billingQueries';

/** Stripe.js, loaded once per publishable key, and only when this module is (Stripe keys are set). */
const stripes = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

/** Where Stripe sends the browser back after a payment that needed a bank's own step (3-D Secure). */
const STRIPE_RETURN_PATH = '/settings/billing';

type FormProps = {
  subscription: Pick<BillingSubscription, 'id'>;
  onCancel: () => void;
  onPaid: (subscription: BillingSubscription) => void;
};

/**
 * The payment form with Stripe keys set (spec §4: 'Submit confirms payment with a card payment
 * provider and returns to the page'): Stripe Elements' PaymentElement on the subscription's client
 * secret. Card details go from the browser to Stripe only. Submit confirms the payment with Stripe
 * (a bank's own step may send the browser away and back to /settings/billing), then asks Keel to read
 * the subscription back. Loaded as its own chunk, only when the server names a publishable key.
 */
export function StripePaymentForm({
  publishableKey,
  clientSecret,
  ...props
}: FormProps & { publishableKey: string; clientSecret: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance: { theme: 'stripe' } }}>
      <StripeElementsForm {...props} />
    </Elements>
  );
}

function StripeElementsForm({ subscription, onCancel, onPaid }: FormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const client = useApolloClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    try {
      const confirmed = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${STRIPE_RETURN_PATH}` },
        redirect: 'if_required',
      });
      if (confirmed.error) {
        setError(confirmed.error.message ?? 'Your payment could not be confirmed.');
        return;
      }
      const result = await client.mutate({
        mutation: CONFIRM_SUBSCRIPTION_MUTATION,
        variables: { id: subscription.id },
      });
      const payload = result.data?.confirmSubscription;
      if (!payload) throw new Error('Your payment could not be confirmed.');
      if (payload.errors.length > 0) setError(payload.errors.join(' '));
      else onPaid(payload.subscription);
    } catch (caught) {
      setError(describeSaveError(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label="Payment details" data-testid="payment-form">
      <Stack gap="sm">
        <PaymentElement />
        <FormError message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={!stripe || !elements}>
            Submit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
