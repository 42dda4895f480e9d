import { useApolloClient } from '@apollo/client/react';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { describeSaveError } from '../financial/drawer/DrawerFormFrame';
import {
  type ChartInput,
  CREATE_CHART_MUTATION,
  DASHBOARD_FIGURES_QUERY,
  DASHBOARDS_QUERY,
  UPDATE_CHART_MUTATION,
} from './dashboardQueries';

/**
 * Saves a chart from the editor: CreateChart on the dashboard, or UpdateChart of `chartId` with the
 * whole chart. A refusal toasts spec §8's 'Error creating chart: {errors}' / 'Error updating chart:
 * {errors}' and resolves false (the editor stays open with the draft); then the dashboards and the
 * figures are refetched either way.
 */
export function useChartSave(dashboardId: string) {
  const client = useApolloClient();
  return useCallback(
    async (chartId: string | null, input: ChartInput): Promise<boolean> => {
      const failure = chartId ? 'Error updating chart' : 'Error creating chart';
      const refuse = (reason: string) => {
        notifications.show({ color: 'red', message: `${failure}: ${reason}` });
        return false;
      };
      try {
        const errors = chartId
          ? (await client.mutate({ mutation: UPDATE_CHART_MUTATION, variables: { id: chartId, ...input } }))
              .data?.updateChart.errors
          : (await client.mutate({ mutation: CREATE_CHART_MUTATION, variables: { dashboardId, ...input } }))
              .data?.createChart.errors;
        return errors && errors.length > 0 ? refuse(errors.join(', ')) : true;
      } catch (error) {
        return refuse(describeSaveError(error));
      } finally {
        await client
          .refetchQueries({ include: [DASHBOARDS_QUERY, DASHBOARD_FIGURES_QUERY] })
          .catch((error: unknown) => {
            console.error('The dashboard could not be reloaded after a chart was saved', error);
          });
      }
    },
    [client, dashboardId],
  );
}
