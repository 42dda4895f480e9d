import { useApolloClient, useQuery } from '@apollo/client/react';
import { PRODUCT_NAME, PRODUCT_SLUG } from '@keel/domain';
import { Alert, Button, Grid, Group, Loader, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useEntityContext } from '../../../shell/EntityContext';
import { PageTitle } from '../../../shell/PageTitle';
import { HEADER_QUERY } from '../../../shell/shellQueries';
import { applyBlockedReason } from '../bankingPermissions';
import { DEPOSIT_ACCOUNTS_QUERY } from '../bankingQueries';
import type { KeelCheckingState } from '../KeelCheckingPage';
import { ApplicationForm, type ApplicationOutcome } from './ApplicationForm';
import { DepositAccountHighlights } from './DepositAccountHighlights';

const CHECKING_PATH = `/${PRODUCT_SLUG}-checking`;

/**
 * /apply for a signed-in member (spec §2 'open an account with the product'): the application for the
 * selected company. A company that already has an account is told so and sent to its accounts; a
 * member whose role cannot manage the company reads who can. An approval opens the account at once:
 * the shell's data is refetched (the sidebar gains Keel Transactions and Documents) and the page moves
 * to /keel-checking, which shows the new account.
 */
export function ApplyPage() {
  const { entity, me, today } = useEntityContext();
  const client = useApolloClient();
  const navigate = useNavigate();
  const blockedReason = applyBlockedReason(entity.viewerRole);
  const accountsQuery = useQuery(DEPOSIT_ACCOUNTS_QUERY, {
    variables: { entityId: entity.id },
    fetchPolicy: 'cache-and-network',
  });
  const accounts = accountsQuery.data?.providerBankAccounts;

  const approved = async (outcome: ApplicationOutcome) => {
    await client
      .refetchQueries({ include: [HEADER_QUERY, DEPOSIT_ACCOUNTS_QUERY] })
      .catch((error: unknown) =>
        console.error('The shell could not be reloaded after opening an account', error),
      );
    const state: KeelCheckingState = { openedAccountId: outcome.account?.id };
    navigate(CHECKING_PATH, { state });
  };

  return (
    <Stack gap="lg" pb="xl" maw={1200} data-testid="apply-page">
      <div>
        <PageTitle title={`Open a ${PRODUCT_NAME} Account`} />
        <Text size="sm" c="dimmed">
          A {PRODUCT_NAME} checking account for {entity.name}. It takes a few minutes; most applications are
          decided at once.
        </Text>
      </div>
      {accountsQuery.error && !accounts ? (
        <Alert color="red" title="Error">
          <Text size="sm">We could not check for an existing account. Reload the page to try again.</Text>
        </Alert>
      ) : !accounts ? (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading" />
        </Group>
      ) : accounts.length > 0 ? (
        <Alert
          variant="light"
          icon={<IconInfoCircle size={18} />}
          title={`${entity.name} already has a ${PRODUCT_NAME} account`}
          data-testid="apply-already-open"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              Its balances, interest and transfers are on the {PRODUCT_NAME} Accounts page.
            </Text>
            <Button component={Link} to={CHECKING_PATH} size="sm">
              Go to {PRODUCT_NAME} Accounts
            </Button>
          </Stack>
        </Alert>
      ) : blockedReason ? (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} data-testid="apply-blocked">
          <Text size="sm">
            {blockedReason} Ask one of them to open a {PRODUCT_NAME} account for {entity.name}.
          </Text>
        </Alert>
      ) : (
        <Grid gap="xl" align="flex-start">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <ApplicationForm entityId={entity.id} me={me} today={today} onApproved={approved} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <DepositAccountHighlights />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
