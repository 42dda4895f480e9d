import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { RELOADED_FOR_NEW_BUILD_KEY } from './storageKeys';

/**
 * A page loaded as its own chunk. After a new build is deployed the old chunk names are gone, so a
 * page open since before fails to load the next chunk: it then reloads once to fetch the new build.
 * A second failure in a row is a real error and reaches the route's error page.
 */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
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
}
