import { Group, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { BillingSubscription, ProPlanData } from './billingQueries';
import { SandboxPaymentForm } from './SandboxPaymentForm';

/** Stripe Elements' form, in its own chunk: Stripe.js is fetched only when Stripe keys are set. */
const StripePaymentForm = lazy(() =>
  import('./StripePaymentForm').then((module) => ({ default: module.StripePaymentForm })),
);

/**
 * The payment form that Subscribe Now reveals (spec §4), by how the server takes payments: the card
 * fields on the page in sandbox mode, Stripe Elements with a publishable key.
 */
export function PaymentForm({
  proPlan,
  subscription,
  today,
  onCancel,
  onPaid,
}: {
  proPlan: Pick<ProPlanData, 'provider' | 'publishableKey'>;
  subscription: Pick<BillingSubscription, 'id' | 'clientSecret'>;
  today: string;
  onCancel: () => void;
  onPaid: (subscription: BillingSubscription) => void;
}) {
  if (proPlan.provider === 'stripe' && proPlan.publishableKey && subscription.clientSecret) {
    return (
      <Suspense
        fallback={
          <Group justify="center" p="md">
            <Loader size="sm" aria-label="Loading the payment form" />
          </Group>
        }
      >
        <StripePaymentForm
          publishableKey={proPlan.publishableKey}
          clientSecret={subscription.clientSecret}
          subscription={subscription}
          onCancel={onCancel}
          onPaid={onPaid}
        />
      </Suspense>
    );
  }
  return <SandboxPaymentForm subscription={subscription} today={today} onCancel={onCancel} onPaid={onPaid} />;
}
