import { defineProject } from 'vitest/config';
import { WEB_FILES_WITH_MODULE_MOCKS } from './src/test/filesWithModuleMocks.ts';

/** What every web test file runs in: jsdom, the shared setup, and time enough for a whole page. */
export const WEB_TEST_SETTINGS = {
  root: import.meta.dirname,
  environment: 'jsdom',
  setupFiles: ['./src/test/setup.ts'],
  // A page test renders and re-renders a whole screen in jsdom; on two cores shared with the server
  // suite a long one takes several seconds, past Vitest's default of 5 s.
  testTimeout: 15_000,
} as const;

export default defineProject({
  test: {
    ...WEB_TEST_SETTINGS,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: WEB_FILES_WITH_MODULE_MOCKS,
    // The files share each worker's loaded modules and jsdom instead of loading React, Mantine and a new
    // jsdom per file (the suite took 4× as long). src/test/setup.ts clears what a test leaves behind: the
    // DOM, storage and Mantine's toasts after each test; spies, stubbed globals and fake timers after
    // each file. A file that needs a module fresh loads it with vi.resetModules.
    isolate: false,
  },
});
