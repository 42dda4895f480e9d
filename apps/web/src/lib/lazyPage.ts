import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { RELOADED_FOR_NEW_BUILD_KEY } from './storageKeys';

/** A lazily loaded page that can be asked to start loading before it renders. */
type LazyPage<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts downloading the page's chunk (and the chunks it imports) now; rendering it later waits less. */
  preload(): void;
};

/**
 * A page loaded as its own chunk. After a new build is deployed the old chunk names are gone, so a
 * page open since before fails to load the next chunk: it then reloads once to fetch the new build.
 * A second failure in a row is a real error and reaches the route's error page.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  const page = lazy(async () => {
    try {
      const component = await load();
      sessionStorage.removeItem(RELOADED_FOR_NEW_BUILD_KEY);
      return { default: component };
    } catch (error) {
      if (sessionStorage.getItem(RELOADED_FOR_NEW_BUILD_KEY)) throw error;
      sessionStorage.setItem(RELOADED_FOR_NEW_BUILD_KEY, '1');
      window.location.reload();
      // The reload replaces the page; until then, keep showing the loading state.
      return new Promise<never>(() => undefined);
    }
  });
  // The module loader keeps the chunk, so the page's own load finds it; a failure here is the page's
  // to report when it renders.
  const preload = () => void load().catch(() => undefined);
  return Object.assign(page, { preload });
}

/** Whether a route's element is a lazy page (which can preload). */
export function isLazyPage(component: unknown): component is LazyPage<object> {
  return typeof component === 'object' && component !== null && 'preload' in component;
}
