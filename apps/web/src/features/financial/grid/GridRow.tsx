// biome-ignore-all lint/a11y/useSemanticElements: a virtualised ARIA treegrid of divs; table elements cannot hold its sticky, absolutely sized rows and columns.
// biome-ignore-all lint/a11y/useFocusableInteractive: focus stays on the treegrid, which moves the selection with arrow keys (aria-activedescendant).
// biome-ignore-all lint/a11y/useKeyWithClickEvents: the treegrid handles arrow keys and Enter for its rows, cells and headers.
import { useDroppable } from '@dnd-kit/core';
import { memo, useMemo } from 'react';
import type { ReportDragData, ReportDropData, ReportDropTarget } from '../reportDrag';
import type { ReportColumnView, ReportLineItemView } from '../reportQuery';
import { canDropOn } from './canDropOn';
import { GridCell } from './GridCell';
import { GridLabelCell } from './GridLabelCell';
import { useGridContext } from './gridContext';
import { ACTIVE_ROW_ID, FIGURE_COLUMN_WIDTH, isTallRow } from './gridLayout';
import classes from './ReportGrid.module.css';

type GridRowProps = {
  row: ReportLineItemView;
  rowKey: string;
  columns: readonly ReportColumnView[];
  /** For each visible column, its index in the row's `columnValues`. */
  valueIndexes: readonly number[];
  /** The row's plans, aligned with `columnValues`, while the Variance option shows them. */
  plans: readonly (number | null)[] | undefined;
  /** Whether a figure above plan is good for this row. */
  higherIsGood: boolean;
  firstColumn: number;
  lastColumn: number;
  height: number;
  hasChildren: boolean;
  expanded: boolean;
  selected: boolean;
  /** The selected column, when this row is selected. */
  selectedColumnKey: string | null;
  /** The column being edited in place on this row. */
  editingColumnKey: string | null;
  renaming: boolean;
};

/** Reads the dragged item from dnd-kit's untyped data. */
export function readDragItem(data: unknown): ReportDragData['item'] | null {
  if (typeof data !== 'object' || data === null || !('item' in data)) return null;
  return (data as ReportDragData).item;
}

/** One row: the sticky label, then the figures of the columns in view. Every row is a drop target. */
export const GridRow = memo(function GridRow(props: GridRowProps) {
  const { row, rowKey, columns, valueIndexes, firstColumn, lastColumn, height } = props;
  const { accountsById, staleMarks } = useGridContext();
  const stale = row.accountId === null ? undefined : staleMarks.get(row.accountId);
  const target = useMemo<ReportDropTarget>(
    () => ({ rowId: row.id, accountId: row.accountId, isFinancial: row.isFinancial, name: row.name }),
    [row.id, row.accountId, row.isFinancial, row.name],
  );
  const { setNodeRef, isOver, active } = useDroppable({
    id: `row:${row.id}`,
    data: { target } satisfies ReportDropData,
  });
  const item = isOver && active ? readDragItem(active.data.current) : null;
  const drop = item ? (canDropOn(item, target, accountsById) ? 'allowed' : 'refused') : undefined;

  const cells = [];
  for (let index = firstColumn; index <= lastColumn; index += 1) {
    const column = columns[index];
    if (!column) continue;
    cells.push(
      <GridCell
        key={column.key}
        row={row}
        rowKey={rowKey}
        column={column}
        value={row.columnValues[valueIndexes[index] ?? -1] ?? 0}
        plan={props.plans?.[valueIndexes[index] ?? -1] ?? null}
        higherIsGood={props.higherIsGood}
        selected={props.selectedColumnKey === column.key}
        editing={props.editingColumnKey === column.key}
      />,
    );
  }

  return (
    <div
      ref={setNodeRef}
      role="row"
      id={props.selected ? ACTIVE_ROW_ID : undefined}
      className={classes.row}
      data-testid="report-row"
      data-row-key={rowKey}
      data-row-id={row.id}
      data-depth={row.depth}
      data-tall={isTallRow(row) || undefined}
      data-leaf-row={row.isLeaf || undefined}
      data-drop={drop}
      data-stale={stale ? (stale.own.length > 0 ? 'own' : 'below') : undefined}
      aria-selected={props.selected}
      aria-expanded={props.hasChildren ? props.expanded : undefined}
      aria-level={row.depth + 1}
      style={{ height }}
    >
      <GridLabelCell
        row={row}
        rowKey={rowKey}
        hasChildren={props.hasChildren}
        expanded={props.expanded}
        renaming={props.renaming}
      />
      {firstColumn > 0 ? <div style={{ width: firstColumn * FIGURE_COLUMN_WIDTH, flex: 'none' }} /> : null}
      {cells}
    </div>
  );
});
