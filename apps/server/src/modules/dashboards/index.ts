/**
 * The dashboards module's public entry: its GraphQL fields (registered on import) and the services the
 * demo uses.
 */
import './dashboardQueries';
import './dashboardMutations';

export { type ChartRow, type DashboardRow, listCharts } from './dashboardRows';
export { listDashboardsEnsuringDefault } from './ensureDefaultDashboard';
export { loadChartFigures } from './loadChartFigures';
export { createChart, deleteChart, updateChart } from './saveChart';
export { updateDashboard } from './updateDashboard';
