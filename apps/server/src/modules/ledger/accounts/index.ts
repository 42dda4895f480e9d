/**
 * Accounts: the chart of accounts (spec §2, §3 Account). Other modules and sub-areas use what is
 * exported here, never the files beside it. Importing it registers the account GraphQL type and
 * mutations on the builder (graphql/schema.ts).
 */
import './accountMutations';

export type { AccountRow } from '../shared/ledgerRows';
export { AccountChildRef, AccountRef } from './accountTypes';
export { createAccount } from './createAccount';
export { createDefaultChart, DEFAULT_REPORT_NAME, defaultReportLines, ROOT_ACCOUNTS } from './defaultChart';
export { deleteAccount } from './deleteAccount';
export { ensureAccountUnderRoot, rootAccountId } from './namedAccounts';
