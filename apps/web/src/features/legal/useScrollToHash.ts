import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element the URL's #fragment names. The browser does this itself only for content
 * present at load; these pages render after the app starts, and links from the app arrive by
 * client-side navigation.
 */
export function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length > 1) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
}
