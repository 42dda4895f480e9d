/**
 * The account type of Keel's own deposit accounts (the server's PROVIDER_ACCOUNT_TYPE): the filter of
 * /keel-transactions. Its own file so the router imports no GraphQL code into the sign-in chunk.
 */
export const PROVIDER_ACCOUNT_TYPE = 'TPrime::Account';
