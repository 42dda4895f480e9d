/** A place in the grid: a visible row, and a visible column or none (the row itself). */
type GridPosition = { rowIndex: number; columnIndex: number | null };

/**
 * Where an arrow key moves the selection: up and down keep the column, right from the label enters
 * the first column, left from the first column goes back to the label. Null for other keys.
 */
export function moveGridPosition(
  key: string,
  from: GridPosition | null,
  rowCount: number,
  columnCount: number,
): GridPosition | null {
  if (rowCount === 0) return null;
  if (!from) return key.startsWith('Arrow') ? { rowIndex: 0, columnIndex: null } : null;
  const { rowIndex, columnIndex } = from;
  switch (key) {
    case 'ArrowDown':
      return { rowIndex: Math.min(rowCount - 1, rowIndex + 1), columnIndex };
    case 'ArrowUp':
      return { rowIndex: Math.max(0, rowIndex - 1), columnIndex };
    case 'ArrowRight':
      if (columnCount === 0) return from;
      return { rowIndex, columnIndex: columnIndex === null ? 0 : Math.min(columnCount - 1, columnIndex + 1) };
    case 'ArrowLeft':
      return { rowIndex, columnIndex: columnIndex === null || columnIndex === 0 ? null : columnIndex - 1 };
    default:
      return null;
  }
}
