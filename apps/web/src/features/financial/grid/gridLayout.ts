import type { ReportLineItemView } from '../reportQuery';

/** Spec §9: the label column is 256 px wide (the first month column starts at 256). */
export const LABEL_COLUMN_WIDTH = 256;
/** Spec §9: every figure column (months and summaries) is 112 px wide. */
export const FIGURE_COLUMN_WIDTH = 112;
/** Two lines: the column's title above its short label. */
export const HEADER_HEIGHT = 48;
export const ROW_HEIGHT = 32;
/** Spec §2: the Banks, Credit Cards and Investments rows are taller, setting the balance sheet apart. */
export const TALL_ROW_HEIGHT = 44;
/** Indentation per level of the account tree. */
export const INDENT_PER_DEPTH = 16;

/**
 * With the Variance option every row is taller, room for the variance line under the past months'
 * figures: one height for all rows, so the virtualiser's estimates are the rows' real sizes.
 */
export const VARIANCE_ROW_HEIGHT = 44;
export const TALL_VARIANCE_ROW_HEIGHT = 52;

const TALL_ROW_NAMES: ReadonlySet<string> = new Set(['Banks', 'Credit Cards', 'Investments']);

/** The Banks, Credit Cards and Investments rows (taller, and in bold). */
export function isTallRow(row: Pick<ReportLineItemView, 'name'>): boolean {
  return TALL_ROW_NAMES.has(row.name);
}

export function rowHeight(row: Pick<ReportLineItemView, 'name'>, variance = false): number {
  if (variance) return isTallRow(row) ? TALL_VARIANCE_ROW_HEIGHT : VARIANCE_ROW_HEIGHT;
  return isTallRow(row) ? TALL_ROW_HEIGHT : ROW_HEIGHT;
}

/** Ids of the selected row and cell, for the treegrid's aria-activedescendant. */
export const ACTIVE_ROW_ID = 'report-grid-active-row';
export const ACTIVE_CELL_ID = 'report-grid-active-cell';

/**
 * The scroll offset that centres an item in the part of the viewport its sticky header or label
 * column leaves free. `start` is the item's offset in the scrolled content (sticky part included).
 */
export function centeredScrollOffset(start: number, size: number, viewport: number, sticky: number): number {
  return Math.max(0, Math.round(start + size / 2 - sticky - (viewport - sticky) / 2));
}

/**
 * The smallest scroll that brings an item fully into the part of the viewport its sticky header or
 * label column leaves free; the current offset when it is already there.
 */
export function revealedScrollOffset(
  start: number,
  size: number,
  current: number,
  viewport: number,
  sticky: number,
): number {
  if (start < current + sticky) return Math.max(0, start - sticky);
  if (start + size > current + viewport) return Math.max(0, start + size - viewport);
  return current;
}

/**
 * A horizontal offset moved to a column boundary, so the first column beside the sticky labels shows
 * whole (never a figure half under the account column). Columns start every `columnWidth` after the
 * labels, so an offset that is a multiple of it puts one right at the labels' edge. `direction`:
 * 'nearest' for a centred column (it stays in view: the shift is at most half a column), 'up' when the
 * column was brought in at the right edge (shifting further keeps it in view).
 */
export function snappedScrollOffset(
  offset: number,
  columnWidth: number,
  direction: 'nearest' | 'up',
): number {
  const columns = offset / columnWidth;
  return Math.max(0, (direction === 'up' ? Math.ceil(columns) : Math.round(columns)) * columnWidth);
}
