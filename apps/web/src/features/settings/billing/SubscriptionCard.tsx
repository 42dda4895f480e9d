import { useApolloClient } from '@apollo/client/react';
import { formatMonthLong } from '@keel/domain';
import { Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatCents } from '../../../lib/format';
import { FormError } from '../../auth/FormError';
import { describeSaveError } from '../../financial/drawer/DrawerFormFrame';
import {
  BILLING_QUERY,
  type BillingSubscription,
  CANCEL_SUBSCRIPTION_MUTATION,
  type ProPlanData,
  START_SUBSCRIPTION_MUTATION,
} from './billingQueries';
import { CancelSubscriptionButton } from './CancelSubscriptionButton';
import { PaymentForm } from './PaymentForm';
import { ProPlanWorking } from './ProPlanWorking';
import { formatBillingDate, STATUS_LABELS, subscriptionFace } from './subscriptionState';

type Props = {
  entityId: string;
  subscription: BillingSubscription | null;
  proPlan: ProPlanData;
  /** Whether the viewer manages the company's billing (owner, admin): the buttons are theirs. */
  canManage: boolean;
  today: string;
};

/**
 * The subscription card of /settings/billing (spec §4 Subscription). Without a paid subscription:
 * 'Starting at $100/month' and 'Subscribe Now', which starts the subscription and reveals the payment
 * form (Cancel, Submit). With one: '$100/month', its card and renewal, and 'Cancel Subscription' (with
 * a confirm step), after which the card offers to subscribe again. Both faces show this company's own
 * price and where it comes from.
 */
export function SubscriptionCard({ entityId, subscription, proPlan, canManage, today }: Props) {
  const client = useApolloClient();
  const [paying, setPaying] = useState<BillingSubscription | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Shows a subscription the server answered at once (the query is refetched behind it). */
  const show = (next: BillingSubscription) => {
    client.cache.updateQuery({ query: BILLING_QUERY, variables: { entityId } }, (current) =>
      current ? { ...current, stripeSubscription: next } : current,
    );
    void client.refetchQueries({ include: [BILLING_QUERY] }).catch((refetchError: unknown) => {
      console.error('The billing page could not be reloaded', refetchError);
    });
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(describeSaveError(caught));
    } finally {
      setBusy(false);
    }
  };

  const subscribe = () =>
    run(async () => {
      const result = await client.mutate({ mutation: START_SUBSCRIPTION_MUTATION, variables: { entityId } });
      const started = result.data?.startSubscription;
      if (!started) throw new Error('The subscription could not be started.');
      show(started);
      if (started.status === 'incomplete') setPaying(started);
    });

  const cancel = (id: string) =>
    run(async () => {
      const result = await client.mutate({ mutation: CANCEL_SUBSCRIPTION_MUTATION, variables: { id } });
      const canceled = result.data?.cancelSubscription;
      if (!canceled) throw new Error('The subscription could not be canceled.');
      show(canceled);
      notifications.show({ color: 'green', message: 'Your Pro Plan subscription was canceled' });
    });

  const paid = (next: BillingSubscription) => {
    setPaying(null);
    show(next);
    notifications.show({ color: 'green', message: 'Welcome to the Pro Plan: your payment went through' });
  };

  const face = subscriptionFace(subscription);
  const ended = subscription && ['canceled', 'incomplete_expired'].includes(subscription.status);

  return (
    <Paper withBorder radius="md" p="lg" maw={760} data-testid="subscription-card">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={3} size="h4">
              {proPlan.productName}
            </Title>
            <Text size="sm" c="dimmed">
              Keel Pro: 0.1% of the monthly expense total, minimum $100 per month.
            </Text>
          </div>
          {subscription && (face === 'subscribed' || ended) ? (
            <Badge
              color={subscription.status === 'active' ? 'green' : face === 'subscribed' ? 'orange' : 'gray'}
              variant="light"
              data-testid="subscription-status"
            >
              {STATUS_LABELS[subscription.status] ?? subscription.status}
            </Badge>
          ) : null}
        </Group>

        {face === 'subscribe' ? (
          <Text fz={26} fw={700} lh={1.2}>
            Starting at $100/month
          </Text>
        ) : (
          <Group gap="xs" align="baseline">
            <Text fz={26} fw={700} lh={1.2}>
              $100/month
            </Text>
            <Text size="sm" c="dimmed">
              minimum
            </Text>
          </Group>
        )}

        <ProPlanWorking proPlan={proPlan} />

        {face === 'subscribed' && subscription ? (
          <SubscriptionDetails subscription={subscription} />
        ) : ended && subscription ? (
          <Text size="sm" c="dimmed" data-testid="subscription-ended">
            {subscription.status === 'canceled' && subscription.canceledAt
              ? `Your subscription was canceled on ${formatBillingDate(subscription.canceledAt)}.`
              : 'Your last subscription was never paid and has expired.'}
          </Text>
        ) : null}

        <FormError message={error} />

        {!canManage ? (
          <Text size="sm" c="dimmed">
            Only the company's owner or an admin can change its subscription.
          </Text>
        ) : paying ? (
          <>
            <Divider label="Payment details" labelPosition="left" />
            <PaymentForm
              proPlan={proPlan}
              subscription={paying}
              today={today}
              onCancel={() => setPaying(null)}
              onPaid={paid}
            />
          </>
        ) : face === 'subscribe' ? (
          <Group>
            <Button onClick={subscribe} loading={busy}>
              Subscribe Now
            </Button>
          </Group>
        ) : subscription ? (
          <Group>
            <CancelSubscriptionButton busy={busy} onConfirm={() => cancel(subscription.id)} />
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** A paid subscription's facts: its own price (set when it started), the card, the renewal. */
function SubscriptionDetails({ subscription }: { subscription: BillingSubscription }) {
  return (
    <Stack gap={4} data-testid="subscription-details">
      <Text size="sm">
        Billed {formatCents(subscription.unitAmount * subscription.quantity)} per{' '}
        {subscription.recurringInterval}, priced on the expenses of {formatMonthLong(subscription.basisMonth)}
      </Text>
      {subscription.card ? (
        <Text size="sm">
          Paid with {subscription.card.brandLabel} ending in {subscription.card.last4}
        </Text>
      ) : null}
      {subscription.currentPeriodEnd ? (
        <Text size="sm" c="dimmed">
          Current period ends on {formatBillingDate(subscription.currentPeriodEnd)}
        </Text>
      ) : null}
    </Stack>
  );
}
