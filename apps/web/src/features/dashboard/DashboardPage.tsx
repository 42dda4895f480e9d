import { CombinedGraphQLErrors } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { monthKeyOfDate } from '@keel/domain';
import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useEntityContext } from '../../shell/EntityContext';
import { PageTitle } from '../../shell/PageTitle';
import { viewerHolds } from '../../shell/viewerHolds';
import { DashboardPanel } from './DashboardPanel';
import { DASHBOARDS_QUERY } from './dashboardQueries';

/**
 * /dashboard (spec §2): one panel per dashboard, each tied to the Financial Report (a company without
 * one gets 'Financial Report not found'). People with bookkeeping rights edit; others see the charts.
 */
export function DashboardPage() {
  const { entity, today } = useEntityContext();
  const canEdit = viewerHolds(entity.viewerRole, 'bookkeeping');
  const currentMonth = monthKeyOfDate(today);
  const { data, previousData, error } = useQuery(DASHBOARDS_QUERY, {
    variables: { entityId: entity.id },
    fetchPolicy: 'cache-and-network',
  });
  const dashboards = (data ?? previousData)?.dashboards;
  return (
    <Stack gap="md" pb="xl" data-testid="dashboard-page">
      {dashboards?.length === 1 ? null : <PageTitle title="Dashboard" />}
      {error && !dashboards ? (
        <LoadError error={error} />
      ) : !dashboards ? (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading dashboards" />
        </Group>
      ) : (
        dashboards.map((dashboard) => (
          <DashboardPanel
            key={dashboard.id}
            dashboard={dashboard}
            heading={
              dashboards.length === 1 ? (
                <PageTitle title="Dashboard" />
              ) : (
                <Title order={3}>{dashboard.name}</Title>
              )
            }
            currentMonth={currentMonth}
            canEdit={canEdit}
          />
        ))
      )}
    </Stack>
  );
}

const REPORT_NOT_FOUND = 'Financial Report not found';

/** Spec §2 and §8: 'Financial Report not found' when the company has none; else 'Error' (and the log). */
function LoadError({ error }: { error: unknown }) {
  useEffect(() => console.error('The dashboards could not be loaded', error), [error]);
  const noReport =
    CombinedGraphQLErrors.is(error) && error.errors.some((item) => item.message === REPORT_NOT_FOUND);
  return (
    <Alert
      color={noReport ? 'yellow' : 'red'}
      title={noReport ? REPORT_NOT_FOUND : 'Error'}
      data-testid="dashboard-error"
    >
      <Text size="sm">
        {noReport
          ? 'Dashboards chart the lines of the Financial Report, and this company has none.'
          : 'The dashboards could not be loaded. Reload the page to try again.'}
      </Text>
    </Alert>
  );
}
