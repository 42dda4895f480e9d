import { useQuery } from '@apollo/client/react';
import { PRODUCT_NAME, PRODUCT_SLUG } from '@keel/domain';
import { Alert, Anchor, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatCents } from '../../lib/format';
import { useEntityContext } from '../../shell/EntityContext';
import { useDocumentTitle } from '../../shell/PageTitle';
import { DEPOSIT_ACCOUNTS_QUERY } from '../banking/bankingQueries';
import { DepositAccountsEmpty, DepositAccountsTable } from '../banking/DepositAccountsTable';

/**
 * /accounts/{product} (spec §2: the provider's own accounts): the company's {product} deposit accounts
 * with their balances and interest, their total, and the way to {product} Checking, where money is sent.
 */
export function DepositAccountsTab() {
  const { entity } = useEntityContext();
  useDocumentTitle(`${PRODUCT_NAME} Accounts`);
  const query = useQuery(DEPOSIT_ACCOUNTS_QUERY, {
    variables: { entityId: entity.id },
    fetchPolicy: 'cache-and-network',
  });
  const accounts = query.data?.providerBankAccounts;
  if (query.error && !accounts) {
    return (
      <Alert color="red" title={`Could not load the ${PRODUCT_NAME} accounts`}>
        {query.error.message}
      </Alert>
    );
  }
  if (!accounts) return <Loader size="sm" aria-label={`Loading ${PRODUCT_NAME} accounts`} />;
  if (accounts.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <DepositAccountsEmpty />
      </Paper>
    );
  }
  const total = accounts.reduce((sum, account) => sum + account.currentBalance, 0);
  return (
    <Stack gap="sm" data-testid="keel-accounts-tab">
      <Paper withBorder radius="md" p="md">
        <DepositAccountsTable accounts={accounts} />
      </Paper>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          Total across {accounts.length} {accounts.length === 1 ? 'account' : 'accounts'}:{' '}
          <Text span fw={600} c="var(--mantine-color-text)" ff="monospace" data-testid="keel-accounts-total">
            {formatCents(total)}
          </Text>
        </Text>
        <Anchor component={Link} to={`/${PRODUCT_SLUG}-checking`} size="sm">
          Send money and see transfers in {PRODUCT_NAME} Checking
        </Anchor>
      </Group>
    </Stack>
  );
}
