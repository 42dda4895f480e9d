/**
 * The dashboards module's public entry: its GraphQL fields (registered on import) and the services the
 * demo uses.
 */
import './dashboardQueries';
import './dashboardMutations';

export { listCharts } from './dashboardRows';
export { listDashboardsEnsuringDefault } from './ensureDefaultDashboard';
export { createChart } from './saveChart';
export { updateDashboard } from './updateDashboard';
