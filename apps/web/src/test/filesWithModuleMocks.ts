/**
 * Test files that replace a module with vi.mock: they load their modules afresh (isolate), because in a
 * shared module cache the page under test may already hold the real module. Vitest's `web-mocks`
 * project (vitest.config.ts at the root) runs them; the `web` project runs the rest. Paths are from
 * apps/web; moduleMocks.test.ts keeps this list equal to the files that call vi.mock.
 */
export const WEB_FILES_WITH_MODULE_MOCKS = [
  'src/features/documents/DocumentsPage.test.tsx',
  'src/features/linking/BankLinkWidget.test.tsx',
  'src/features/settings/integrations/IntegrationsPage.test.tsx',
];
