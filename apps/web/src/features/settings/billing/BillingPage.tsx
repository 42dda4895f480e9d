import { useApolloClient, useQuery } from '@apollo/client/react';
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useEntityContext } from '../../../shell/EntityContext';
import { PageTitle } from '../../../shell/PageTitle';
import { viewerHolds } from '../team/teamPermissions';
import { BILLING_QUERY, CONFIRM_SUBSCRIPTION_MUTATION } from './billingQueries';
import { SubscriptionCard } from './SubscriptionCard';

/**
 * /settings/billing (spec §2): 'Billing Details' with the subscription card (hidden in production
 * navigation: shell/navigation.ts). Everyone who sees the books sees the plan and its price; the owner
 * and admins (manageEntity) subscribe and cancel.
 */
export function BillingPage() {
  const { entity, today } = useEntityContext();
  const { data, error } = useQuery(BILLING_QUERY, {
    variables: { entityId: entity.id },
    fetchPolicy: 'cache-and-network',
  });
  const canManage = viewerHolds(entity.viewerRole, 'manageEntity');
  useStripeReturn(data?.stripeSubscription ?? null);

  return (
    <Stack gap="md" pb="xl" data-testid="billing-page">
      <PageTitle title="Billing Details" />
      {data ? (
        <SubscriptionCard
          key={entity.id}
          entityId={entity.id}
          subscription={data.stripeSubscription}
          proPlan={data.proPlan}
          canManage={canManage}
          today={today}
        />
      ) : error ? (
        <LoadError error={error} />
      ) : (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading billing details" />
        </Group>
      )}
    </Stack>
  );
}

/**
 * Back from Stripe after a payment that needed the bank's own step (3-D Secure): Stripe adds
 * `redirect_status` to the return address. The page asks Keel once to read the subscription back,
 * then drops Stripe's parameters from the address.
 */
function useStripeReturn(subscription: { id: string; status: string } | null) {
  const [params, setParams] = useSearchParams();
  const client = useApolloClient();
  const handled = useRef(false);
  const returned = params.get('redirect_status');
  useEffect(() => {
    if (!returned || handled.current || !subscription) return;
    handled.current = true;
    const read =
      subscription.status === 'incomplete'
        ? client
            .mutate({ mutation: CONFIRM_SUBSCRIPTION_MUTATION, variables: { id: subscription.id } })
            .then(() => client.refetchQueries({ include: [BILLING_QUERY] }))
        : Promise.resolve();
    void read
      .catch((readError: unknown) => console.error('The payment could not be read back', readError))
      .finally(() => setParams({}, { replace: true }));
  }, [returned, subscription, client, setParams]);
}

function LoadError({ error }: { error: unknown }) {
  useEffect(() => console.error('The billing details could not be loaded', error), [error]);
  return (
    <Alert color="red" title="Error" data-testid="billing-error" maw={760}>
      <Text size="sm">The billing details could not be loaded. Reload the page to try again.</Text>
    </Alert>
  );
}
