import { type RefObject, useEffect, useRef } from 'react';

/**
 * A paged list's 'Load more': put the returned ref on the button's box, and `onLoadMore` is called for
 * the user whenever that box scrolls into view (the button stays for browsers without an observer).
 */
export function useLoadMoreOnScroll(onLoadMore: () => void): RefObject<HTMLDivElement | null> {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((observed) => {
      if (observed.some((entry) => entry.isIntersecting)) onLoadMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [onLoadMore]);
  return sentinel;
}
