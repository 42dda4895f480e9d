import {
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { IconGripVertical } from '@tabler/icons-react';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { DragOverlayCard } from '../../lib/DragOverlayCard';
import classes from './HiringPlanTable.module.css';
import {
  type DropZone,
  dropZoneAt,
  dropZonesFor,
  type HiringMove,
  type HiringPlanShape,
  type HiringRowRef,
  hiringMoveOf,
} from './hiringDrop';

/** A press must travel this far before it drags, so a click on the handle does nothing. */
const DRAG_ACTIVATION_DISTANCE_PX = 6;
/**
 * The page scrolls while the pointer is within this share of the window's edge (dnd-kit's default,
 * a fifth, scrolled away from rows near the bottom of a short window while aiming at them).
 */
const AUTO_SCROLL = { threshold: { x: 0, y: 0.08 } };

type DragData = { row: HiringRowRef; label: string };
type Hint = { key: string; zone: DropZone };

const rowKey = (row: HiringRowRef) => `${row.kind}:${row.id}`;

const HintContext = createContext<{ hint: Hint | null; draggedKey: string | null }>({
  hint: null,
  draggedKey: null,
});

function readDragData(data: unknown): DragData | null {
  if (typeof data !== 'object' || data === null || !('row' in data)) return null;
  return data as DragData;
}

/**
 * Drag and drop on the hiring plan (spec §4): departments above, below or inside another, positions
 * into a department or above or below a position, the zone judged by where the pointer is on the row
 * (dropZoneAt). The row under the pointer shows where the drop lands; a refused one says why.
 */
export function HiringDndProvider(props: {
  plan: HiringPlanShape;
  onMove: (move: HiringMove) => void;
  children: ReactNode;
}) {
  const { plan, onMove, children } = props;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_ACTIVATION_DISTANCE_PX } }),
  );
  const [dragged, setDragged] = useState<DragData | null>(null);
  const [hint, setHint] = useState<Hint | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The pointer, read before dnd-kit's own listeners (capture on window), so a move's zone is current.
  const pointerY = useRef(0);
  useEffect(() => {
    if (!dragged) return;
    const track = (event: PointerEvent) => {
      pointerY.current = event.clientY;
    };
    window.addEventListener('pointermove', track, { capture: true });
    document.body.dataset.hiringDrag = refusal ? 'refused' : 'allowed';
    return () => {
      window.removeEventListener('pointermove', track, { capture: true });
      delete document.body.dataset.hiringDrag;
    };
  }, [dragged, refusal]);

  /** The move the pointer asks for now, with the hint and refusal to show for it. */
  const judge = useCallback(
    (item: DragData | null, over: DragMoveEvent['over']) => {
      const target = readDragData(over?.data.current)?.row ?? null;
      if (!item || !target) return { hint: null, refusal: null, move: null };
      const offer = dropZonesFor(item.row, target, plan);
      if (offer === null) return { hint: null, refusal: null, move: null };
      if ('refusal' in offer) return { hint: null, refusal: offer.refusal, move: null };
      const key = rowKey(target);
      const node = document.querySelector(`[data-drop-key="${key}"]`);
      const rect = node?.getBoundingClientRect() ?? { top: 0, height: 0 };
      const zone = dropZoneAt(rect, pointerY.current, offer.zones);
      return { hint: { key, zone }, refusal: null, move: hiringMoveOf(item.row, target, zone, plan) };
    },
    [plan],
  );

  const onDragStart = (event: DragStartEvent) => {
    const item = readDragData(event.active.data.current);
    const start = event.activatorEvent;
    if (start instanceof PointerEvent || start instanceof MouseEvent) pointerY.current = start.clientY;
    setDragged(item);
    setHint(null);
    setRefusal(null);
  };
  const onDragMove = (event: DragMoveEvent) => {
    const judged = judge(readDragData(event.active.data.current), event.over);
    setHint((current) =>
      current?.key === judged.hint?.key && current?.zone === judged.hint?.zone ? current : judged.hint,
    );
    setRefusal(judged.refusal);
  };
  const onDragEnd = (event: DragEndEvent) => {
    const { move } = judge(readDragData(event.active.data.current), event.over);
    setDragged(null);
    setHint(null);
    setRefusal(null);
    if (move) onMove(move);
  };
  const onDragCancel = () => {
    setDragged(null);
    setHint(null);
    setRefusal(null);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      autoScroll={AUTO_SCROLL}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
    >
      <HintContext.Provider value={{ hint, draggedKey: dragged ? rowKey(dragged.row) : null }}>
        {children}
      </HintContext.Provider>
      <DragOverlay dropAnimation={null}>
        {dragged ? (
          <DragOverlayCard label={dragged.label} refusal={refusal} testId="hiring-drag-overlay" />
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

/**
 * A row's part in drag and drop: it is a drop target (its `data-drop-key` and `data-drop-zone` show
 * where a drop would land) and, when `canDrag`, dragged by its handle.
 */
export function useHiringDragRow(row: HiringRowRef, label: string, canDrag: boolean) {
  const key = rowKey(row);
  const data: DragData = { row, label };
  const droppable = useDroppable({ id: key, data });
  const draggable = useDraggable({ id: key, data, disabled: !canDrag });
  const { hint, draggedKey } = useContext(HintContext);
  const setRowRef = useCallback(
    (node: HTMLTableRowElement | null) => {
      droppable.setNodeRef(node);
      draggable.setNodeRef(node);
    },
    [droppable.setNodeRef, draggable.setNodeRef],
  );
  return {
    rowProps: {
      ref: setRowRef,
      className: classes.row,
      'data-drop-key': key,
      'data-drop-zone': hint?.key === key ? hint.zone : undefined,
      'data-dragging': draggedKey === key ? true : undefined,
    },
    handle: canDrag ? (
      <span
        ref={draggable.setActivatorNodeRef}
        className={classes.handle}
        role="img"
        aria-label={`Move ${label}`}
        {...draggable.listeners}
      >
        <IconGripVertical size={16} />
      </span>
    ) : null,
  };
}
