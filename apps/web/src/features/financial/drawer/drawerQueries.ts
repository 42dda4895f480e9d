import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ForecastCalculationType, ForecastRecurrence, MonthKey } from '@keel/domain';

/** A forecast (spec §3 'Forecast (budget) refTransaction'); `amount` in whole units, debit-positive. */
export type DrawerForecast = {
  id: string;
  accountId: string;
  againstId: string;
  amount: number;
  amountCents: number;
  averageMonths: number | null;
  calculationType: ForecastCalculationType;
  recurring: ForecastRecurrence;
  startDate: MonthKey;
  name: string;
  memo: string;
};

/** An entry of the drawer's list. `amount`: raw debit-positive cents (shown times the row's sign). */
export type DrawerEntry = {
  id: string;
  accountId: string;
  amount: number;
  date: string;
  name: string;
  memo: string;
  scenario: string;
  isEditable: boolean;
  transactionId: string;
  transactionType: 'Budget' | 'Imported' | 'UserTransaction';
  account: { id: string; name: string };
  refTransaction: DrawerForecast | null;
};

const FORECAST_FIELDS = gql`
  fragment DrawerForecastFields on Forecast {
    id
    accountId
    againstId
    amount
    amountCents
    averageMonths
    calculationType
    recurring
    startDate
    name
    memo
  }
`;

const ENTRY_FIELDS = gql`
  fragment DrawerEntryFields on Entry {
    id
    accountId
    amount
    date
    name
    memo
    scenario
    isEditable
    transactionId
    transactionType
    account {
      id
      name
    }
    refTransaction {
      ...DrawerForecastFields
    }
  }
  ${FORECAST_FIELDS}
`;

export type ReportEntriesResult = {
  reportEntries: {
    reportItem: { accountId: string; name: string; sign: number };
    entries: {
      totalCount: number;
      totalAmount: number;
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
      edges: { cursor: string; node: DrawerEntry }[];
    };
  };
};

export type ReportEntriesVariables = {
  reportId: string;
  accountId: string;
  accountIds: string[] | null;
  startDate: string;
  endDate: string;
  actualsEndDate: string;
  search: string | null;
  after?: string | null;
  first: number;
};

/** Spec §7 ReportEntries: the selected row's entries, newest first, 50 a page. */
export const REPORT_ENTRIES_QUERY: TypedDocumentNode<ReportEntriesResult, ReportEntriesVariables> = gql`
  query ReportEntries(
    $reportId: ID
    $accountId: ID!
    $accountIds: [ID!]
    $startDate: Date
    $endDate: Date
    $actualsEndDate: Date
    $search: String
    $after: String
    $first: Int
  ) {
    reportEntries(
      reportId: $reportId
      accountId: $accountId
      accountIds: $accountIds
      startDate: $startDate
      endDate: $endDate
      actualsEndDate: $actualsEndDate
      period: "month"
      timeZone: "UTC"
    ) {
      reportItem {
        accountId
        name
        sign
      }
      entries(search: $search, after: $after, first: $first) {
        totalCount
        totalAmount
        pageInfo {
          hasNextPage
          endCursor
        }
        edges {
          cursor
          node {
            ...DrawerEntryFields
          }
        }
      }
    }
  }
  ${ENTRY_FIELDS}
`;

export type EntryWithTransactionResult = {
  entryWithTransaction: {
    entry: DrawerEntry;
    otherEntries: { id: string; accountId: string; amount: number }[];
    refTransaction: DrawerForecast | null;
  };
};

/** Spec §7 EntryWithTransaction: the entry being edited and its against entry (the Entry form). */
export const ENTRY_WITH_TRANSACTION_QUERY: TypedDocumentNode<EntryWithTransactionResult, { id: string }> =
  gql`
  query EntryWithTransaction($id: ID!) {
    entryWithTransaction(id: $id) {
      entry {
        ...DrawerEntryFields
      }
      otherEntries {
        id
        accountId
        amount
      }
      refTransaction {
        ...DrawerForecastFields
      }
    }
  }
  ${ENTRY_FIELDS}
`;

type Change<T> = { before: T | null; after: T | null } | null;

export type EntryHistoryChange = {
  id: string;
  event: string;
  createdAt: string;
  userName: string | null;
  objectChanges: {
    account: Change<string>;
    amount: Change<number>;
    date: Change<string>;
    name: Change<string>;
    memo: Change<string>;
  };
};

export type EntryRule = {
  id: string;
  searchFilter: string;
  fromAccount: { id: string; name: string } | null;
  toAccount: { id: string; name: string };
};

export type EntryWithHistoryResult = {
  entryWithHistory: { entry: DrawerEntry; history: EntryHistoryChange[]; rules: EntryRule[] };
};

/** Spec §7 EntryWithHistory: the Entry Details dialog. */
export const ENTRY_WITH_HISTORY_QUERY: TypedDocumentNode<EntryWithHistoryResult, { id: string }> = gql`
  query EntryWithHistory($id: ID!) {
    entryWithHistory(id: $id) {
      entry {
        ...DrawerEntryFields
      }
      history {
        id
        event
        createdAt
        userName
        objectChanges {
          account {
            before
            after
          }
          amount {
            before
            after
          }
          date {
            before
            after
          }
          name {
            before
            after
          }
          memo {
            before
            after
          }
        }
      }
      rules {
        id
        searchFilter
        fromAccount {
          id
          name
        }
        toAccount {
          id
          name
        }
      }
    }
  }
  ${ENTRY_FIELDS}
`;
