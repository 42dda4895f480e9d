/**
 * The account type of Keel's own deposit accounts: the filter of /keel-transactions. Its own file so
 * the router imports no GraphQL code into the sign-in chunk.
 */
export { PROVIDER_ACCOUNT_TYPE } from '@keel/domain';
