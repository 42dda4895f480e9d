/**
 * Bank linking (issue 17): banks linked through the aggregators (A: Plaid items, B: MoneyKit links),
 * their accounts, the sync that imports their transactions into the books, and the accounts overview.
 * Importing it registers the GraphQL types, queries and mutations on the builder (graphql/schema.ts).
 */
import './linkingQueries';
import './linkingMutations';
import './entitySubscription';

export type { BankLinkRow, LinkedAccountRow } from './bankLinkRows';
export { BANK_LINK_SYNC_JOB, bankLinkSyncHandler, enqueueBankLinkSync } from './bankLinkSyncJob';
export { connectBankLink } from './connectBankLink';
export { createLinkToken } from './createLinkToken';
export { type LinkingDeps, linkingDepsOfApp } from './linkingDeps';
export { type SyncBankLinkOptions, type SyncBankLinkResult, syncBankLink } from './syncBankLink';
