import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql';

/** A row of the Transactions list (spec §3 Transaction). `amount`: cents, money in positive. */
export type BookkeepingTransaction =
  BookkeepingTransactionsResult['bookkeepingTransactionsConnection']['edges'][number]['node'];

export type BookkeepingTransactionsResult = ResultOf<typeof BOOKKEEPING_TRANSACTIONS_QUERY>;

export type BookkeepingTransactionsVariables = VariablesOf<typeof BOOKKEEPING_TRANSACTIONS_QUERY>;

/** Spec §7 BookkeepingTransactionsConnection: 50 a page (spec §9), newest first. */
export const BOOKKEEPING_TRANSACTIONS_QUERY = graphql(`
  query BookkeepingTransactionsConnection(
    $entityId: ID!
    $cursor: String
    $nameFilter: String
    $accountTypeFilter: String
  ) {
    bookkeepingTransactionsConnection(
      entityId: $entityId
      cursor: $cursor
      nameFilter: $nameFilter
      accountTypeFilter: $accountTypeFilter
    ) {
      count
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          id
          name
          amount
          date
          categoryName
          accountName
        }
      }
    }
  }
`);
