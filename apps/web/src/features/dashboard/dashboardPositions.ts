import {
  CHART_HEIGHT_MAX,
  CHART_SIZE_MIN,
  DASHBOARD_GRID_COLUMNS,
  type DashboardPosition,
  placeNewChart,
} from '@keel/domain';

/** The dashboard grid of spec §9: 12 columns, rows 40 px high, 8 px between charts, 4 px padding. */
export const DASHBOARD_GRID = {
  cols: DASHBOARD_GRID_COLUMNS,
  rowHeight: 40,
  margin: [8, 8] as const,
  containerPadding: [4, 4] as const,
};

/** A chart's place on the grid (spec §3 positions): `id` is the chart's. */
export type GridPosition = Pick<DashboardPosition, 'id' | 'x' | 'y' | 'w' | 'h'>;

/** What the grid library reads: a place with its size limits (at least 2 x 2, at most 24 rows high). */
type GridItem = GridPosition & { i: string; minW: number; minH: number; maxH: number };

/**
 * Every chart's place, in the charts' order: its stored position, or, for a chart the dashboard has
 * none for, the grid's first free spot (as the server places a new chart), so every chart shows.
 */
export function positionsOfCharts(
  chartIds: readonly string[],
  stored: readonly GridPosition[],
): GridPosition[] {
  const byId = new Map(stored.map((position) => [position.id, position]));
  const placed: GridPosition[] = [];
  for (const id of chartIds) {
    const found = byId.get(id);
    placed.push(
      found ? { id, x: found.x, y: found.y, w: found.w, h: found.h } : { id, ...placeNewChart(placed) },
    );
  }
  return placed;
}

export function gridItemsOf(positions: readonly GridPosition[]): GridItem[] {
  return positions.map((position) => ({
    ...position,
    i: position.id,
    minW: CHART_SIZE_MIN,
    minH: CHART_SIZE_MIN,
    maxH: CHART_HEIGHT_MAX,
  }));
}

/** The grid library's layout as positions (whole grid units inside the 12 columns), in `order`. */
export function positionsOfLayout(
  layout: readonly { i: string; x: number; y: number; w: number; h: number }[],
  order: readonly string[],
): GridPosition[] {
  const byId = new Map(layout.map((item) => [item.i, item]));
  const positions: GridPosition[] = [];
  for (const id of order) {
    const item = byId.get(id);
    if (!item) continue;
    const w = clamp(Math.round(item.w), CHART_SIZE_MIN, DASHBOARD_GRID_COLUMNS);
    positions.push({
      id,
      x: clamp(Math.round(item.x), 0, DASHBOARD_GRID_COLUMNS - w),
      y: Math.max(0, Math.round(item.y)),
      w,
      h: clamp(Math.round(item.h), CHART_SIZE_MIN, CHART_HEIGHT_MAX),
    });
  }
  return positions;
}

/** The positions of `current` that differ from `stored` (a chart stored without one counts as moved). */
export function changedPositions(
  stored: readonly GridPosition[],
  current: readonly GridPosition[],
): GridPosition[] {
  const before = new Map(stored.map((position) => [position.id, position]));
  return current.filter((position) => {
    const was = before.get(position.id);
    return (
      !was || was.x !== position.x || was.y !== position.y || was.w !== position.w || was.h !== position.h
    );
  });
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
