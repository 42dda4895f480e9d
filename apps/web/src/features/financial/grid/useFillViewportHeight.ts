import { type RefObject, useLayoutEffect, useState } from 'react';
import { PAGE_BOTTOM_GAP_PX } from '../../../shell/pageLayout';

const MIN_HEIGHT = 360;
/**
 * The page section's bottom padding (where the chat button floats) and a few pixels of slack, so the
 * page itself does not scroll.
 */
const BOTTOM_GAP = PAGE_BOTTOM_GAP_PX + 4;

/**
 * The grid fills the window below where it starts (at least MIN_HEIGHT), so it scrolls inside
 * itself with its header and label column in view. Recomputed when the window or the page above
 * it (cards, date range) changes size.
 */
export function useFillViewportHeight(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(MIN_HEIGHT);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(MIN_HEIGHT, Math.floor(window.innerHeight - top - BOTTOM_GAP)));
    };
    update();
    window.addEventListener('resize', update);
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    // What sits above the element (the summary cards collapsing, say) moves it without resizing the body.
    for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
      for (let above = node.previousElementSibling; above; above = above.previousElementSibling) {
        observer.observe(above);
      }
    }
    return () => {
      window.removeEventListener('resize', update);
      observer.disconnect();
    };
  }, [ref]);
  return height;
}
