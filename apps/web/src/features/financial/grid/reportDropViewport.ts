import { createContext, type RefObject } from 'react';

/**
 * The grid's scroller, shared with the drag-and-drop provider. A row is a drop target only where it
 * shows: rows are as wide as every column together, so their measured boxes also lie under the
 * drawer and, scrolled up, under the sticky header.
 */
export const ReportDropViewportContext = createContext<RefObject<HTMLElement | null> | null>(null);

type Rect = { top: number; left: number; right: number; bottom: number };

/** Whether a point is in the grid's body: inside the scroller and below its sticky header. */
export function isInDropArea(viewport: Rect, headerHeight: number, point: { x: number; y: number }): boolean {
  return (
    point.x >= viewport.left &&
    point.x < viewport.right &&
    point.y >= viewport.top + headerHeight &&
    point.y < viewport.bottom
  );
}

/** Rows near the top or bottom edge of the body that scroll the grid while something is dragged. */
const DRAG_SCROLL_EDGE_PX = 36;
/** The fastest drag scroll, in pixels a frame, reached at the very edge. */
export const DRAG_SCROLL_MAX_STEP_PX = 14;

/**
 * How far to scroll the grid this frame while dragging at `y`: up near the top of the body (below the
 * header), down near the bottom, faster closer to the edge; 0 elsewhere or outside the grid.
 */
export function dragScrollStep(
  viewport: Rect,
  headerHeight: number,
  point: { x: number; y: number },
): number {
  if (!isInDropArea(viewport, headerHeight, point)) return 0;
  const fromTop = point.y - (viewport.top + headerHeight);
  const fromBottom = viewport.bottom - point.y;
  const speed = (distance: number) =>
    Math.ceil(DRAG_SCROLL_MAX_STEP_PX * (1 - distance / DRAG_SCROLL_EDGE_PX));
  if (fromTop < DRAG_SCROLL_EDGE_PX) return -speed(fromTop);
  if (fromBottom < DRAG_SCROLL_EDGE_PX) return speed(fromBottom);
  return 0;
}
