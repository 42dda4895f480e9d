import { CHART_DEFAULT_SIZE, DASHBOARD_GRID_COLUMNS, type DashboardPosition } from './validation/dashboards';

type Box = Pick<DashboardPosition, 'x' | 'y' | 'w' | 'h'>;

const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Where a new chart goes on the 12-column grid: the first free spot of its size, row by row from the
 * top and left to right, so a new chart fills the gap beside the last one before starting a new row.
 * Below every chart there is always room, so a spot is always found.
 */
export function placeNewChart(
  taken: readonly Box[],
  size: { w: number; h: number } = CHART_DEFAULT_SIZE,
): Box {
  const bottom = taken.reduce((lowest, box) => Math.max(lowest, box.y + box.h), 0);
  for (let y = 0; y <= bottom; y++) {
    for (let x = 0; x + size.w <= DASHBOARD_GRID_COLUMNS; x++) {
      const candidate = { x, y, w: size.w, h: size.h };
      if (!taken.some((box) => overlaps(box, candidate))) return candidate;
    }
  }
  return { x: 0, y: bottom, w: size.w, h: size.h };
}
