import { type RefObject, useEffect } from 'react';

/** Pointer travel before a press becomes a pan rather than a click. */
const PAN_THRESHOLD_PX = 4;

/** Where a press must not pan: draggable cells (dnd-kit takes them), controls and text inputs. */
const NO_PAN = '[data-drag-source], button, input, textarea, a, [role="menu"]';

/**
 * Spec §2 'The grid scrolls by dragging': a mouse (or pen) press on the grid that moves scrolls it,
 * the month headers and the account column included. Draggable cells are left to dnd-kit (which starts
 * a drag after its own distance), so pressing on a figure drags entries and pressing anywhere else
 * pans. A click that ends a pan does not select (a header's click would select its month).
 */
export function useGridPan(scrollRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    let suppressClick = false;

    const onPointerDown = (down: PointerEvent) => {
      // A mouse or a pen pans here; a finger scrolls the grid natively.
      if (down.pointerType === 'touch' || down.button !== 0) return;
      if (down.target instanceof Element && down.target.closest(NO_PAN)) return;
      const startX = down.clientX;
      const startY = down.clientY;
      const startLeft = scroller.scrollLeft;
      const startTop = scroller.scrollTop;
      let panning = false;
      const onMove = (move: PointerEvent) => {
        const dx = move.clientX - startX;
        const dy = move.clientY - startY;
        if (!panning && Math.hypot(dx, dy) < PAN_THRESHOLD_PX) return;
        if (!panning) {
          panning = true;
          scroller.dataset.panning = 'true';
        }
        scroller.scrollLeft = startLeft - dx;
        scroller.scrollTop = startTop - dy;
      };
      const onUp = () => {
        window.removeEventListener('pointermove', onMove);
        window.removeEventListener('pointerup', onUp);
        window.removeEventListener('pointercancel', onUp);
        delete scroller.dataset.panning;
        if (panning) {
          suppressClick = true;
          // A pan released outside the grid gets no click: forget it after this event loop turn.
          setTimeout(() => {
            suppressClick = false;
          }, 0);
        }
      };
      window.addEventListener('pointermove', onMove);
      window.addEventListener('pointerup', onUp);
      window.addEventListener('pointercancel', onUp);
    };
    const onClickCapture = (event: MouseEvent) => {
      if (!suppressClick) return;
      suppressClick = false;
      event.stopPropagation();
      event.preventDefault();
    };
    scroller.addEventListener('pointerdown', onPointerDown);
    scroller.addEventListener('click', onClickCapture, true);
    return () => {
      scroller.removeEventListener('pointerdown', onPointerDown);
      scroller.removeEventListener('click', onClickCapture, true);
    };
  }, [scrollRef]);
}
