import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// findBy… and waitFor wait up to 5 s (Testing Library's default is 1 s): on two cores shared with the
// server suite a page's re-render after a mocked request can take longer than a second.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these browser APIs; Mantine reads them.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
Element.prototype.scrollIntoView = () => undefined;
window.HTMLElement.prototype.scrollIntoView = () => undefined;

// The test files share one module cache (isolate: false in vitest.config.ts): whatever a test leaves in a
// module-wide store (Mantine's toasts, the browser's storage) is cleared before the next one.
afterEach(() => {
  cleanup();
  notifications.clean();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// At the end of each file: its spies, stubbed globals and fake timers go, so the next file in the same
// worker starts with the real fetch and clock.
afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
