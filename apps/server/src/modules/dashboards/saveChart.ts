import {
  type ChartFields,
  chartFieldsSchema,
  DASHBOARD_LIMITS,
  DASHBOARD_MESSAGES,
  DEFAULT_CHART_NAME,
  placeNewChart,
} from '@keel/domain';
import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { charts, dashboards } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { badDashboardInput, chartNotFound, dashboardNotFound, parseDashboardInput } from './dashboardErrors';
import { type ChartRow, type DashboardRow, findChart, findDashboard } from './dashboardRows';
import { storeChartFields } from './storeChartFields';

/** What CreateChart and UpdateChart send (GraphQL's input, before the domain schema). */
type ChartInput = { name?: unknown; highlight?: unknown; dataGroups?: unknown };

/** The fields sent, parsed by the domain schema; an absent field stays absent (kept on update). */
function parseChartFields(input: ChartInput): ChartFields {
  const present = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  // A null name or data groups keeps them too: only the highlight can be cleared.
  if (present.name === null) delete present.name;
  if (present.dataGroups === null) delete present.dataGroups;
  return parseDashboardInput(chartFieldsSchema, present);
}

/**
 * CreateChart: a chart on the dashboard, named `name` (default 'New Chart', spec §5), placed at the
 * grid's first free spot of the default size (6 x 7); at most DASHBOARD_LIMITS.charts per dashboard.
 * Every write to a dashboard's charts locks the dashboard row first (then the chart), so its count and
 * its positions change with its charts, one writer at a time.
 */
export async function createChart(
  db: Db | Tx,
  clock: Clock,
  input: ChartInput & { dashboardId: string },
): Promise<ChartRow> {
  const fields = parseChartFields(input);
  if (fields.dataGroups === undefined)
    throw badDashboardInput(DASHBOARD_MESSAGES.chartNeedsGroup, 'dataGroups');
  return writeTransaction(db, async (tx) => {
    const dashboard = await findDashboard(tx, input.dashboardId, { lock: true });
    if (!dashboard) throw dashboardNotFound();
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(charts)
      .where(eq(charts.dashboardId, dashboard.id));
    if ((count?.n ?? 0) >= DASHBOARD_LIMITS.charts) throw badDashboardInput(DASHBOARD_MESSAGES.tooManyCharts);
    const stored = await storeChartFields(tx, dashboard, fields);
    const now = clock.now();
    const [row] = await tx
      .insert(charts)
      .values({
        entityId: dashboard.entityId,
        dashboardId: dashboard.id,
        name: stored.name ?? DEFAULT_CHART_NAME,
        highlight: stored.highlight ?? null,
        dataGroups: stored.dataGroups ?? [],
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('Chart insert returned nothing');
    await writePositions(tx, clock, dashboard, [
      ...dashboard.positions,
      { id: row.id, ...placeNewChart(dashboard.positions) },
    ]);
    return row;
  });
}

/**
 * UpdateChart: a new name, highlight (null: none) or data groups; what is not sent stays. The chart
 * keeps its place on the grid (UpdateDashboard moves it).
 */
export async function updateChart(
  db: Db | Tx,
  clock: Clock,
  input: ChartInput & { id: string },
): Promise<ChartRow> {
  const fields = parseChartFields(input);
  return writeTransaction(db, async (tx) => {
    const { dashboard, chart } = await lockChart(tx, input.id);
    const stored = await storeChartFields(tx, dashboard, fields);
    const [row] = await tx
      .update(charts)
      .set({ ...stored, updatedAt: clock.now() })
      .where(eq(charts.id, chart.id))
      .returning();
    if (!row) throw chartNotFound();
    return row;
  });
}

/** DeleteChart: the chart and its place on the grid. */
export async function deleteChart(db: Db | Tx, clock: Clock, id: string): Promise<string> {
  return writeTransaction(db, async (tx) => {
    const { dashboard, chart } = await lockChart(tx, id);
    await tx.delete(charts).where(eq(charts.id, chart.id));
    await writePositions(
      tx,
      clock,
      dashboard,
      dashboard.positions.filter((position) => position.id !== chart.id),
    );
    return chart.id;
  });
}

/** The chart's dashboard locked, then the chart locked and read again (it may have gone meanwhile). */
async function lockChart(tx: Tx, id: string): Promise<{ dashboard: DashboardRow; chart: ChartRow }> {
  const found = await findChart(tx, id);
  if (!found) throw chartNotFound();
  const dashboard = await findDashboard(tx, found.dashboardId, { lock: true });
  const chart = await findChart(tx, id, { lock: true });
  if (!dashboard || !chart || chart.dashboardId !== dashboard.id) throw chartNotFound();
  return { dashboard, chart };
}

async function writePositions(
  tx: Tx,
  clock: Clock,
  dashboard: DashboardRow,
  positions: DashboardRow['positions'],
): Promise<void> {
  await tx
    .update(dashboards)
    .set({ positions, updatedAt: clock.now() })
    .where(eq(dashboards.id, dashboard.id));
}
