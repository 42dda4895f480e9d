import {
  dashboardNameSchema,
  dashboardPositionsSchema,
  defaultReportRange,
  findDashboardRangeProblem,
  type MonthKey,
  monthKeyOfDate,
} from '@keel/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { charts, dashboards } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { badDashboardInput, chartNotFound, dashboardNotFound, parseDashboardInput } from './dashboardErrors';
import { type DashboardRow, findDashboard } from './dashboardRows';

type DashboardInput = {
  id: string;
  name?: string | null;
  /** The layout the grid saves (spec §4 'Save sends positions'): charts not in it keep their place. */
  positions?: { id: string; x: number; y: number; w: number; h: number }[] | null;
  /** Absent: kept; null: back to the default range's bound (moving with the calendar). */
  startMonth?: MonthKey | null;
  endMonth?: MonthKey | null;
};

const positionsInput = z.object({ positions: dashboardPositionsSchema });

/**
 * UpdateDashboard(id, name, positions, startMonth, endMonth) (spec §7): what is sent changes, the rest
 * stays. Positions place the dashboard's charts on the 12-column grid (each at least 2 x 2, inside the
 * grid); a position naming a chart that is not on this dashboard (gone, or another company's) is
 * NOT_FOUND 'Chart not found'. The range must end on or after its start, at most 120 months later.
 */
export async function updateDashboard(
  db: Db | Tx,
  clock: Clock,
  input: DashboardInput,
): Promise<DashboardRow> {
  const name = input.name == null ? null : parseDashboardInput(dashboardNameSchema, input.name);
  const positions =
    input.positions == null
      ? null
      : parseDashboardInput(positionsInput, { positions: input.positions }).positions;
  return writeTransaction(db, async (tx) => {
    const existing = await findDashboard(tx, input.id, { lock: true });
    if (!existing) throw dashboardNotFound();
    const stored = {
      startMonth: input.startMonth === undefined ? existing.startMonth : input.startMonth,
      endMonth: input.endMonth === undefined ? existing.endMonth : input.endMonth,
    };
    // Checked as it stands today; a bound left to the default is kept within the rules later on
    // (dashboardRange) as the calendar moves it.
    const defaults = defaultReportRange(monthKeyOfDate(clock.now().toISOString()));
    const problem = findDashboardRangeProblem(
      stored.startMonth ?? defaults.startMonth,
      stored.endMonth ?? defaults.endMonth,
    );
    if (problem) throw badDashboardInput(problem, input.endMonth !== undefined ? 'endMonth' : 'startMonth');
    let layout = existing.positions;
    if (positions) {
      const chartIds = new Set(
        (await tx.select({ id: charts.id }).from(charts).where(eq(charts.dashboardId, existing.id))).map(
          (chart) => chart.id,
        ),
      );
      if (positions.some((position) => !chartIds.has(position.id))) throw chartNotFound();
      const given = new Map(positions.map((position) => [position.id, position]));
      layout = [
        ...existing.positions.filter((position) => chartIds.has(position.id) && !given.has(position.id)),
        ...positions,
      ];
    }
    const [row] = await tx
      .update(dashboards)
      .set({ name: name ?? existing.name, ...stored, positions: layout, updatedAt: clock.now() })
      .where(eq(dashboards.id, existing.id))
      .returning();
    if (!row) throw dashboardNotFound();
    return row;
  });
}
