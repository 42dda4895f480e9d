import { useMutationRun } from '../../lib/useMutationRun';
import { DASHBOARD_FIGURES_QUERY, DASHBOARDS_QUERY } from './dashboardQueries';

const DASHBOARD_PAGE_QUERIES = [DASHBOARDS_QUERY, DASHBOARD_FIGURES_QUERY];

/**
 * Runs one dashboard change (useMutationRun: a refusal's toast), then refetches the dashboards and the
 * charts' figures, so the page shows what the server keeps.
 */
export function useDashboardActions() {
  return useMutationRun(DASHBOARD_PAGE_QUERIES);
}
