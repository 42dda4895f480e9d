import { gql, type TypedDocumentNode } from '@apollo/client';

/** A row of the Transactions list (spec §3 Transaction). `amount`: cents, money in positive. */
export type BookkeepingTransaction = {
  id: string;
  name: string;
  amount: number;
  date: string;
  categoryName: string | null;
  accountName: string | null;
};

export type BookkeepingTransactionsResult = {
  bookkeepingTransactionsConnection: {
    count: number;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    edges: { cursor: string; node: BookkeepingTransaction }[];
  };
};

export type BookkeepingTransactionsVariables = {
  entityId: string;
  cursor?: string | null;
  nameFilter?: string | null;
  accountTypeFilter?: string | null;
};

/** Spec §7 BookkeepingTransactionsConnection: 50 a page (spec §9), newest first. */
export const BOOKKEEPING_TRANSACTIONS_QUERY: TypedDocumentNode<
  BookkeepingTransactionsResult,
  BookkeepingTransactionsVariables
> = gql`
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
`;
