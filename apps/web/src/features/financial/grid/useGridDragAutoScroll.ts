import { type DragMoveEvent, useDndMonitor } from '@dnd-kit/core';
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { HEADER_HEIGHT } from './gridLayout';
import { dragScrollStep } from './reportDropViewport';

/** Where the pointer is now: where the drag started plus how far it moved. */
function pointerOf(event: DragMoveEvent): { x: number; y: number } | null {
  const start = event.activatorEvent;
  if (!(start instanceof MouseEvent)) return null;
  return { x: start.clientX + event.delta.x, y: start.clientY + event.delta.y };
}

/**
 * While something is dragged, holding it near the top or bottom of the grid's body scrolls the rows
 * (dnd-kit's own auto-scroll is off for the grid: it would also scroll sideways, though rows take
 * drops along their whole width, and it counts the header as part of the body).
 */
export function useGridDragAutoScroll(scrollRef: RefObject<HTMLElement | null>) {
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const frame = useRef<number | null>(null);

  const stop = useCallback(() => {
    pointer.current = null;
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
  }, []);
  const tick = useCallback(() => {
    frame.current = null;
    const scroller = scrollRef.current;
    if (!scroller || !pointer.current) return;
    const step = dragScrollStep(scroller.getBoundingClientRect(), HEADER_HEIGHT, pointer.current);
    if (step === 0) return;
    scroller.scrollTop += step;
    frame.current = requestAnimationFrame(tick);
  }, [scrollRef]);

  useDndMonitor({
    onDragMove(event) {
      pointer.current = pointerOf(event);
      if (frame.current === null) frame.current = requestAnimationFrame(tick);
    },
    onDragEnd: stop,
    onDragCancel: stop,
  });
  useEffect(() => stop, [stop]);
}
