import { useMutation } from '@apollo/client/react';
import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  MeasuringStrategy,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DragOverlayCard } from '../../../lib/DragOverlayCard';
import { entriesLabel, ruleCreatedMessage } from '../moveMessages';
import type { ReportDragItem, ReportDropData, ReportDropTarget } from '../reportDrag';
import { REPORT_MUTATION_OPTIONS, type ReportAccountView, type ReportViewData } from '../reportQuery';
import { dropRefusalReason } from './canDropOn';
import { readDragItem } from './GridRow';
import { HEADER_HEIGHT } from './gridLayout';
import { moveEntriesVariables } from './moveEntriesVariables';
import { CREATE_RULE_MUTATION, MOVE_ENTRIES_MUTATION, MOVE_ENTRY_MUTATION } from './moveMutations';
import { isInDropArea, ReportDropViewportContext } from './reportDropViewport';
// The drag cursor styles (body[data-report-drag]) live with the grid's.
import './ReportGrid.module.css';

/** A press must travel this far before it drags, so a click still selects a cell. */
const DRAG_ACTIVATION_DISTANCE_PX = 6;

function readDropTarget(data: unknown): ReportDropTarget | null {
  if (typeof data !== 'object' || data === null || !('target' in data)) return null;
  return (data as ReportDropData).target;
}

/**
 * Spec §4 'Drag and drop' for the grid and its drawer: cells (monthly, monthlySubtree), drawer entries
 * (entry) and the drawer's search (rule) dropped on account rows. A refused drop (see canDropOn) shows
 * while hovering and sends nothing; an allowed one moves the entries and says how many moved.
 */
export function ReportDndProvider({
  report,
  accountsById,
  children,
}: {
  report: ReportViewData;
  accountsById: ReadonlyMap<string, ReportAccountView>;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_ACTIVATION_DISTANCE_PX } }),
  );
  const viewportRef = useRef<HTMLElement | null>(null);
  // The row under the pointer, only where rows show (see reportDropViewport.ts).
  const collisionDetection = useCallback<CollisionDetection>((args) => {
    const viewport = viewportRef.current;
    const point = args.pointerCoordinates;
    if (!viewport || !point || !isInDropArea(viewport.getBoundingClientRect(), HEADER_HEIGHT, point))
      return [];
    return pointerWithin(args);
  }, []);
  // The grid scrolls itself while dragging (useGridDragAutoScroll); other scrollers use dnd-kit's.
  const autoScroll = useMemo(
    () => ({ canScroll: (element: Element) => element !== viewportRef.current }),
    [],
  );
  const [dragged, setDragged] = useState<ReportDragItem | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [overTarget, setOverTarget] = useState(false);
  const [moveEntry] = useMutation(MOVE_ENTRY_MUTATION, REPORT_MUTATION_OPTIONS);
  const [moveEntries] = useMutation(MOVE_ENTRIES_MUTATION, REPORT_MUTATION_OPTIONS);
  const [createRule] = useMutation(CREATE_RULE_MUTATION, REPORT_MUTATION_OPTIONS);

  // The cursor says whether the row under it takes the drop (styles in ReportGrid.module.css).
  useEffect(() => {
    if (!dragged) return;
    document.body.dataset.reportDrag = refusal ? 'refused' : 'allowed';
    return () => {
      delete document.body.dataset.reportDrag;
    };
  }, [dragged, refusal]);

  const onDragStart = (event: DragStartEvent) => {
    setDragged(readDragItem(event.active.data.current));
    setRefusal(null);
    setOverTarget(false);
  };
  const onDragOver = (event: DragOverEvent) => {
    const item = readDragItem(event.active.data.current);
    const target = readDropTarget(event.over?.data.current);
    setOverTarget(target !== null);
    setRefusal(item && target ? dropRefusalReason(item, target, accountsById) : null);
  };
  const reset = () => {
    setDragged(null);
    setRefusal(null);
    setOverTarget(false);
  };
  const onDragEnd = (event: DragEndEvent) => {
    reset();
    const item = readDragItem(event.active.data.current);
    const target = readDropTarget(event.over?.data.current);
    if (!item || !target?.accountId) return;
    if (dropRefusalReason(item, target, accountsById) !== null) return;
    void drop(item, target.accountId, target.name);
  };

  async function drop(item: ReportDragItem, toAccountId: string, toName: string) {
    const id = notifications.show({ loading: true, message: `Moving to ${toName}…`, autoClose: false });
    const done = (message: string, failed = false) =>
      notifications.update({
        id,
        loading: false,
        color: failed ? 'red' : 'green',
        title: failed ? 'Nothing moved' : undefined,
        message,
        autoClose: failed ? 6000 : 3000,
      });
    try {
      if (item.kind === 'entry') {
        const { data } = await moveEntry({
          variables: { id: item.entryId, accountId: toAccountId, reportId: report.id },
        });
        const errors = data?.updateEntry.errors ?? [];
        if (errors.length > 0) done(errors.join(' '), true);
        else done(`Moved 1 entry to ${toName}`);
      } else if (item.kind === 'rule') {
        const { data } = await createRule({
          variables: {
            fromAccountId: item.sourceAccountId,
            toAccountId,
            searchFilter: item.searchFilter,
            date: item.date,
            reportId: report.id,
          },
        });
        done(ruleCreatedMessage(data?.createRule.movedCount ?? 0, item.shownCount, toName));
      } else {
        const { data } = await moveEntries({
          variables: { ...moveEntriesVariables(item, toAccountId), reportId: report.id },
        });
        done(`Moved ${entriesLabel(data?.updateEntries.movedCount ?? 0)} to ${toName}`);
      }
    } catch (error) {
      done(error instanceof Error ? error.message : String(error), true);
    }
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      autoScroll={autoScroll}
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={reset}
    >
      <ReportDropViewportContext.Provider value={viewportRef}>{children}</ReportDropViewportContext.Provider>
      <DragOverlay dropAnimation={null}>
        {dragged ? (
          <DragOverlayCard
            label={dragged.label}
            refusal={refusal}
            showReason={overTarget}
            testId="report-drag-overlay"
          />
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
