import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import { WEB_FILES_WITH_MODULE_MOCKS } from './apps/web/src/test/filesWithModuleMocks.ts';
import { WEB_TEST_SETTINGS } from './apps/web/vitest.config.ts';

const require = createRequire(import.meta.url);
// Node loads graphql's CommonJS build for the server's dependencies; the tests' own imports must get the
// same copy, or `instanceof GraphQLError` fails across the two (graphql's dual-package hazard).
const graphqlCjs = require.resolve('graphql');

/** A PostgreSQL server for the server suite to run on too (as project server-postgres), when set. */
const postgresUrl = process.env.TEST_DATABASE_URL ?? '';

/**
 * The server suite on one database: PGlite (`databaseUrl` empty), or a PostgreSQL server, where each
 * file gets a database of its own. The workers read the choice from TEST_DATABASE_URL.
 */
function serverProject(name: string, databaseUrl: string) {
  return {
    test: {
      name,
      alias: { graphql: graphqlCjs },
      root: './apps/server',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      environment: 'node',
      env: { TEST_DATABASE_URL: databaseUrl },
      globalSetup: ['./test/globalSetup.ts'],
      // The files share each worker's loaded modules (the schema, every module) instead of loading
      // them again per file, which took most of the suite's time. Every file makes its own app and
      // database, and no server test mocks modules, so nothing else carries over between files.
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

/**
 * One Vitest run over every workspace: `--project domain|server|web` picks one. With TEST_DATABASE_URL
 * set, the server suite runs twice, on PGlite (server) and on that PostgreSQL server (server-postgres).
 */
export default defineConfig({
  test: {
    // Three files at a time on two cores: a server file on PostgreSQL waits on the server's process, and a
    // third worker uses that time. The whole run (the server suite on both databases) took 367 s with
    // three and 395 s with two, one after the other on the same machine.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      serverProject('server', ''),
      // The same files again on a PostgreSQL server, in the same run: its files fill the gaps the PGlite
      // files leave on the two cores (and the other way round), instead of a second run after the first.
      ...(postgresUrl ? [serverProject('server-postgres', postgresUrl)] : []),
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
