import { useQuery } from '@apollo/client/react';
import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChartAreaLine } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useEntityContext } from '../../shell/EntityContext';
import { useDocumentTitle } from '../../shell/PageTitle';
import { AssetsLiabilitiesSummary } from './AssetsLiabilitiesSummary';
import { countOverviewItems, describeAssetsWorking, describeNetWorthWorking } from './accountsOverview';
import { ACCOUNTS_OVERVIEW_QUERY } from './accountsOverviewQuery';
import { BalanceSeriesCard, formatPointDate } from './BalanceSeriesCard';
import { OverviewGroupTable } from './OverviewGroupTable';

/**
 * /accounts, the Overview tab (spec §2): the net worth and total assets charts, the company's
 * balance-sheet accounts grouped Cash, Credit Cards, Investments, Loans and Other with each one's source,
 * and the summary of assets and liabilities: every figure the Financial Report's, with its working.
 * With no balance in the books yet, the way to Linked Accounts.
 */
export function AccountsOverviewTab() {
  const { entity } = useEntityContext();
  useDocumentTitle('Accounts overview');
  const query = useQuery(ACCOUNTS_OVERVIEW_QUERY, {
    variables: { entityId: entity.id },
    fetchPolicy: 'cache-and-network',
  });
  const overview = query.data?.accountsOverview;
  if (query.error && !overview) return <LoadError error={query.error} />;
  if (!overview) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label="Loading the accounts overview" />
      </Group>
    );
  }
  if (countOverviewItems(overview.groups) === 0) return <OverviewEmpty />;
  return (
    <Stack gap="md" data-testid="accounts-overview">
      <Text size="sm" c="dimmed" data-testid="overview-basis">
        Balances from the books, as the{' '}
        <Anchor component={Link} to="/financial" size="sm">
          Financial Report
        </Anchor>{' '}
        computes them, as of {formatPointDate(overview.asOf)} ({overview.timeZone}).
      </Text>
      <Group align="stretch" gap="md" wrap="wrap">
        <BalanceSeriesCard
          series={overview.netWorth}
          figure={overview.summary.netWorth}
          working={describeNetWorthWorking(overview.summary)}
          asOf={overview.asOf}
        />
        <BalanceSeriesCard
          series={overview.totalAssets}
          figure={overview.summary.assets}
          working={describeAssetsWorking(overview)}
          asOf={overview.asOf}
        />
      </Group>
      <AssetsLiabilitiesSummary overview={overview} />
      {overview.groups
        .filter((group) => group.items.length > 0)
        .map((group) => (
          <OverviewGroupTable key={group.name} group={group} />
        ))}
    </Stack>
  );
}

/** No balance in the books yet: what the overview will show, and the way to link a bank. */
function OverviewEmpty() {
  return (
    <Paper withBorder radius="md">
      <Center py={56} data-testid="accounts-overview-empty">
        <Stack align="center" gap="xs" maw={480} ta="center">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconChartAreaLine size={26} />
          </ThemeIcon>
          <Text fw={600}>No balances in the books yet</Text>
          <Text size="sm" c="dimmed">
            Link your banks, cards and loans, or book their balances, to see your net worth and total assets
            over time, and every account's balance in one place.
          </Text>
          <Button component={Link} to="/accounts/linked" mt="xs">
            Go to Linked Accounts
          </Button>
        </Stack>
      </Center>
    </Paper>
  );
}

/** Spec §8: a failed query shows 'Error' and is logged. */
function LoadError({ error }: { error: unknown }) {
  useEffect(() => console.error('The accounts overview could not be loaded', error), [error]);
  return (
    <Alert color="red" title="Error">
      <Text size="sm">The accounts overview could not be loaded. Reload the page to try again.</Text>
    </Alert>
  );
}
