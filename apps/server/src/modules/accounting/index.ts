/**
 * The accounting connection (spec §7 CreateQuickbooksConnection, quickbooksAccounts; §6 apiFlags.qbo):
 * a company's QuickBooks Online company file connected through OAuth, and the QuickbooksSync job that
 * imports its chart of accounts and transactions into the books. Importing it registers the GraphQL
 * types, queries and mutations on the builder (graphql/schema.ts); the OAuth callback is
 * rest/quickbooks.ts.
 */
import './accountingQueries';
import './accountingMutations';

export { type AccountingDeps, accountingDepsOf, accountingDepsOfApp } from './accountingDeps';
export { BROWSER_MISMATCH, CALLBACK_REASONS, type CallbackReason } from './accountingErrors';
export {
  completeQuickbooksConnection,
  type QuickbooksCallback,
  type QuickbooksCallbackBrowser,
  type QuickbooksCallbackOutcome,
} from './completeQuickbooksConnection';
export { createQuickbooksConnection, OAUTH_STATE_TTL_MS } from './createQuickbooksConnection';
export { listQuickbooksAccounts, type QuickbooksAccountRow } from './listQuickbooksAccounts';
export {
  isQuickbooksStateBoundTo,
  type QuickbooksBindingCookie,
  type QuickbooksBrowserBinding,
  quickbooksBindingCookie,
} from './quickbooksBrowserBinding';
export { type QuickbooksRoot, quickbooksRootOf } from './quickbooksRoots';
export { QUICKBOOKS_SYNC_JOB, quickbooksSyncHandler } from './quickbooksSyncJob';
export { integrationsPageUrl, QUICKBOOKS_CALLBACK_PATH, quickbooksRedirectUri } from './quickbooksUrls';
export { type SyncQuickbooksOptions, type SyncQuickbooksResult, syncQuickbooks } from './syncQuickbooks';
