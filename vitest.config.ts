import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import { WEB_FILES_WITH_MODULE_MOCKS } from './apps/web/src/test/filesWithModuleMocks.ts';
import { WEB_TEST_SETTINGS } from './apps/web/vitest.config.ts';

const require = createRequire(import.meta.url);
// Node loads graphql's CommonJS build for the server's dependencies; the tests' own imports must get the
// same copy, or `instanceof GraphQLError` fails across the two (graphql's dual-package hazard).
const graphqlCjs = require.resolve('graphql');

/** One Vitest run over every workspace: `--project domain|server|web` picks one. */
export default defineConfig({
  test: {
    // Two files at a time (Vitest's default here is one: the cores less one): most test time is waiting
    // on a database or a timer, and the server suite on PGlite takes 250 s instead of 400.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          alias: { graphql: graphqlCjs },
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/globalSetup.ts'],
          // The files share each worker's loaded modules (the schema, every module) instead of loading
          // them again per file, which took most of the suite's time. Every file makes its own app and
          // database, and no server test mocks modules, so nothing else carries over between files.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          ...WEB_TEST_SETTINGS,
          name: 'web-mocks',
          include: WEB_FILES_WITH_MODULE_MOCKS,
          isolate: true,
        },
      },
    ],
  },
});
