/**
 * The accounting connection (spec §7 CreateQuickbooksConnection, quickbooksAccounts; §6 apiFlags.qbo):
 * a company's QuickBooks Online company file connected through OAuth, and the QuickbooksSync job that
 * imports its chart of accounts and transactions into the books. Importing it registers the GraphQL
 * types, queries and mutations on the builder (graphql/schema.ts); the OAuth callback is
 * rest/quickbooks.ts.
 */
import './accountingQueries';
import './accountingMutations';

export { type AccountingDeps, accountingDepsOfApp } from './accountingDeps';
export { BROWSER_MISMATCH } from './accountingErrors';
export { completeQuickbooksConnection } from './completeQuickbooksConnection';
export { OAUTH_STATE_TTL_MS } from './createQuickbooksConnection';
export { listQuickbooksAccounts } from './listQuickbooksAccounts';
export { quickbooksBindingCookie } from './quickbooksBrowserBinding';
export { QUICKBOOKS_SYNC_JOB } from './quickbooksSyncJob';
export { integrationsPageUrl, QUICKBOOKS_CALLBACK_PATH, quickbooksRedirectUri } from './quickbooksUrls';
export { type SyncQuickbooksOptions, syncQuickbooks } from './syncQuickbooks';
