// biome-ignore-all lint/a11y/useSemanticElements: a virtualised ARIA treegrid of divs; table elements cannot hold its sticky, absolutely sized rows and columns.
// biome-ignore-all lint/a11y/useFocusableInteractive: focus stays on the treegrid, which moves the selection with arrow keys (aria-activedescendant).
// biome-ignore-all lint/a11y/useKeyWithClickEvents: the treegrid handles arrow keys and Enter for its rows, cells and headers.
import { useDraggable } from '@dnd-kit/core';
import { formatCents, formatMonthLong, isMonthKey } from '@keel/domain';
import { VisuallyHidden } from '@mantine/core';
import { type HTMLAttributes, memo, type Ref, useMemo, useRef, useState } from 'react';
import type { ReportDragData, ReportDragItem } from '../reportDrag';
import type { ReportColumnView, ReportLineItemView } from '../reportQuery';
import { cellDragItem } from './cellDragItem';
import { forecastEditText, isForecastCellEditable } from './forecastCellEdit';
import { useGridContext } from './gridContext';
import { ACTIVE_CELL_ID, FIGURE_COLUMN_WIDTH } from './gridLayout';
import classes from './ReportGrid.module.css';
import { describeStaleOutput, type StaleMark, staleMonthsOfCell } from './staleMarks';
import { describeVariance, formatVarianceShort, type Variance, varianceOf } from './variance';

type GridCellProps = {
  row: ReportLineItemView;
  rowKey: string;
  column: ReportColumnView;
  value: number;
  /** The plan of this figure while the Variance option shows it (a past month), else null. */
  plan: number | null;
  /** Whether a figure above plan is good for this row (varianceDirections). */
  higherIsGood: boolean;
  selected: boolean;
  editing: boolean;
};

/**
 * A figure: formatCents, right-aligned; dragged when its row takes entries, edited in place in forecast
 * months. With a plan (the Variance option, past months) a second line gives actual − plan, coloured
 * by whether that is good for the row, and the title the working in full.
 */
export const GridCell = memo(function GridCell(props: GridCellProps) {
  const { parentAccountIds, actualsEndMonth } = useGridContext();
  const item = useMemo(
    () => cellDragItem(props.row, props.column, props.value, actualsEndMonth, parentAccountIds),
    [props.row, props.column, props.value, actualsEndMonth, parentAccountIds],
  );
  if (item && !props.editing) return <DraggableCell {...props} item={item} />;
  return <CellFrame {...props} />;
});

function DraggableCell(props: GridCellProps & { item: ReportDragItem }) {
  const { listeners, setNodeRef, isDragging } = useDraggable({
    id: `cell:${props.row.id}:${props.column.key}`,
    data: { item: props.item } satisfies ReportDragData,
  });
  return <CellFrame {...props} nodeRef={setNodeRef} dragListeners={listeners} dragging={isDragging} />;
}

type CellFrameProps = GridCellProps & {
  nodeRef?: Ref<HTMLDivElement>;
  dragListeners?: HTMLAttributes<HTMLDivElement>;
  dragging?: boolean;
};

function CellFrame({
  row,
  rowKey,
  column,
  value,
  plan,
  higherIsGood,
  selected,
  editing,
  nodeRef,
  dragListeners,
  dragging,
}: CellFrameProps) {
  const { actions, actualsEndMonth, staleMarks } = useGridContext();
  const editable = isForecastCellEditable(row, column, actualsEndMonth);
  const stale = staleCellText(
    row.accountId === null ? undefined : staleMarks.get(row.accountId),
    column,
    actualsEndMonth,
    value,
  );
  const tone = value < 0 ? classes.negative : value === 0 ? classes.zero : undefined;
  // Nothing planned and nothing happened: no line to read.
  const variance =
    plan === null || editing || (plan === 0 && value === 0) ? null : varianceOf(value, plan, higherIsGood);
  return (
    <div
      ref={nodeRef}
      role="gridcell"
      id={selected ? ACTIVE_CELL_ID : undefined}
      className={classes.cell}
      data-testid="report-cell"
      data-column-key={column.key}
      data-border={column.border || undefined}
      data-forecast={(column.period === 'month' && column.filter === 'forecast') || undefined}
      data-draggable={dragListeners ? true : undefined}
      data-drag-source={dragListeners ? true : undefined}
      data-editable={editable || undefined}
      data-dragging={dragging || undefined}
      data-variance={variance?.tone}
      data-stale={stale ? true : undefined}
      title={variance && plan !== null ? describeVariance(value, plan, variance) : (stale ?? undefined)}
      aria-selected={selected}
      style={{ width: FIGURE_COLUMN_WIDTH }}
      {...dragListeners}
      onClick={() => actions.selectCell(rowKey, column)}
      onDoubleClick={() => {
        if (editable) actions.startEdit(row.id, column.key);
      }}
    >
      {editing ? (
        <CellEditor row={row} column={column} value={value} />
      ) : (
        <span className={tone}>{formatCents(value)}</span>
      )}
      {variance ? <VarianceLine variance={variance} /> : null}
      {stale ? <VisuallyHidden>{stale}</VisuallyHidden> : null}
    </div>
  );
}

/**
 * A cell showing a model output's last good figure because the model cannot compute that
 * month now says so (null for every other cell): "Stale: model 'Ops' cannot compute 'Tooling cost'
 * (uses the deleted variable 'Growth') — showing the last good figures (January 2027)". A zero there is
 * no figure at all (the output never computed that month), and the text says that instead.
 */
function staleCellText(
  mark: StaleMark | undefined,
  column: ReportColumnView,
  actualsEndMonth: string,
  value: number,
): string | null {
  const months = staleMonthsOfCell(mark, column, actualsEndMonth);
  if (!mark || months.length === 0) return null;
  const outputs = mark.own.filter((output) => output.months.some((month) => months.includes(month)));
  const first = months[0];
  const when =
    months.length === 1 && first && isMonthKey(first) ? formatMonthLong(first) : `${months.length} months`;
  const said = outputs.map(describeStaleOutput).join('; ');
  if (value !== 0) return `${said} (${when})`;
  return `${said.replaceAll(' — showing the last good figures', '')} — it has no good figure to show (${when})`;
}

const TONE_CLASS = {
  good: classes.varianceGood,
  bad: classes.varianceBad,
  neutral: classes.varianceNeutral,
} as const;

function VarianceLine({ variance }: { variance: Variance }) {
  return (
    <span
      className={`${classes.variance} ${TONE_CLASS[variance.tone]}`}
      data-testid="report-cell-variance"
      data-tone={variance.tone}
    >
      {formatVarianceShort(variance)}
    </span>
  );
}

/** Spec §5: the editor shows whole units; Enter or leaving commits, Escape cancels. */
function CellEditor({
  row,
  column,
  value,
}: {
  row: ReportLineItemView;
  column: ReportColumnView;
  value: number;
}) {
  const { actions } = useGridContext();
  const initial = useMemo(() => forecastEditText(value), [value]);
  const [text, setText] = useState(initial);
  const finished = useRef(false);
  const finish = (commit: boolean) => {
    if (finished.current) return;
    finished.current = true;
    if (commit) actions.commitEdit(row, column, value, text, initial);
    else actions.cancelEdit();
  };
  return (
    <input
      className={classes.cellInput}
      aria-label={`Forecast for ${row.name} in ${column.short}`}
      inputMode="decimal"
      maxLength={23}
      value={text}
      // biome-ignore lint/a11y/noAutofocus: the editor opens on a double-click or Enter, to be typed in.
      autoFocus
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => setText(event.currentTarget.value)}
      onClick={(event) => event.stopPropagation()}
      onDoubleClick={(event) => event.stopPropagation()}
      onPointerDown={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key !== 'Enter' && event.key !== 'Escape') return;
        finish(event.key === 'Enter');
        // Back to the grid, so the arrow keys and Enter go on working from the cell.
        event.currentTarget.closest<HTMLElement>('[role="treegrid"]')?.focus({ preventScroll: true });
      }}
      onBlur={() => finish(true)}
    />
  );
}
