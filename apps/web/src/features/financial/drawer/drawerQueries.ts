import { graphql, type ResultOf, type VariablesOf } from '../../../lib/graphql';

/** An entry of the drawer's list. `amount`: raw debit-positive cents (shown times the row's sign). */
export type DrawerEntry = ResultOf<typeof ENTRY_FIELDS>;

/** A forecast (spec §3 'Forecast (budget) refTransaction'); `amount` in whole units, debit-positive. */
const FORECAST_FIELDS = graphql(`
  fragment DrawerForecastFields on Forecast {
    id
    accountId
    againstId
    amount
    amountCents
    averageMonths
    calculationType
    sourceAccountId
    percent
    recurring
    startDate
    name
    memo
  }
`);

const ENTRY_FIELDS = graphql(
  `
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
`,
  [FORECAST_FIELDS],
);

export type ReportEntriesResult = ResultOf<typeof REPORT_ENTRIES_QUERY>;

export type ReportEntriesVariables = VariablesOf<typeof REPORT_ENTRIES_QUERY>;

/** Spec §7 ReportEntries: the selected row's entries, newest first, 50 a page. */
export const REPORT_ENTRIES_QUERY = graphql(
  `
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
`,
  [ENTRY_FIELDS],
);

/** Spec §7 EntryWithTransaction: the entry being edited and its against entry (the Entry form). */
export const ENTRY_WITH_TRANSACTION_QUERY = graphql(
  `
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
`,
  [ENTRY_FIELDS, FORECAST_FIELDS],
);

export type EntryHistoryChange = EntryWithHistoryResult['entryWithHistory']['history'][number];

export type EntryRule = EntryWithHistoryResult['entryWithHistory']['rules'][number];

export type EntryWithHistoryResult = ResultOf<typeof ENTRY_WITH_HISTORY_QUERY>;

/** Spec §7 EntryWithHistory: the Entry Details dialog. */
export const ENTRY_WITH_HISTORY_QUERY = graphql(
  `
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
`,
  [ENTRY_FIELDS],
);
