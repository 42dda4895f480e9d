import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { charts, dashboards } from '../../db/schema';
import { isUuid } from '../../graphql/context';

export type DashboardRow = typeof dashboards.$inferSelect;
export type ChartRow = typeof charts.$inferSelect;

export async function findDashboard(
  db: Db | Tx,
  id: string,
  options: { lock?: boolean } = {},
): Promise<DashboardRow | null> {
  if (!isUuid(id)) return null;
  const query = db.select().from(dashboards).where(eq(dashboards.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findChart(
  db: Db | Tx,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ChartRow | null> {
  if (!isUuid(id)) return null;
  const query = db.select().from(charts).where(eq(charts.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A company's dashboards, the first made first. */
export function listDashboards(db: Db | Tx, entityId: string): Promise<DashboardRow[]> {
  return db
    .select()
    .from(dashboards)
    .where(eq(dashboards.entityId, entityId))
    .orderBy(asc(dashboards.createdAt), asc(dashboards.id));
}

/** The charts of some dashboards, oldest first. */
export async function listCharts(db: Db | Tx, dashboardIds: readonly string[]): Promise<ChartRow[]> {
  if (dashboardIds.length === 0) return [];
  return db
    .select()
    .from(charts)
    .where(inArray(charts.dashboardId, [...dashboardIds]))
    .orderBy(asc(charts.createdAt), asc(charts.id));
}
