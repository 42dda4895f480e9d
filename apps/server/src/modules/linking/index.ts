/**
 * Bank linking: banks linked through the aggregators (A: Plaid items, B: MoneyKit links),
 * their accounts, the sync that imports their transactions into the books, and the accounts overview.
 * Importing it registers the GraphQL types, queries and mutations on the builder (graphql/schema.ts).
 */
import './linkingQueries';
import './linkingMutations';
import './entitySubscription';

export { bankLinkSyncHandler } from './bankLinkSyncJob';
export { connectBankLink } from './connectBankLink';
export type { LinkingDeps } from './linkingDeps';
export { type SyncBankLinkOptions, syncBankLink } from './syncBankLink';
