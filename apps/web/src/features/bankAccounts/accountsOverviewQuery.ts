import { graphql, type ResultOf } from '../../lib/graphql';

const BALANCE_SERIES_FIELDS = graphql(`
  fragment BalanceSeriesFields on BalanceSeries {
    id
    name
    color
    data {
      date
      value
    }
  }
`);

/** A balance over time (net worth, total assets): a point a month, cents. */
export type BalanceSeries = ResultOf<typeof BALANCE_SERIES_FIELDS>;

/**
 * AccountsOverview(entityId) (spec §7, §2 /accounts): the company's balance-sheet accounts grouped Cash,
 * Credit Cards, Investments, Loans and Other, each with its source (a linked bank, the deposit account,
 * QuickBooks or the books alone), the summary of assets and liabilities, and the net worth and total
 * assets series (a point a month, cents), all the Financial Report's figures.
 */
export const ACCOUNTS_OVERVIEW_QUERY = graphql(
  `
  query AccountsOverview($entityId: ID!) {
    accountsOverview(entityId: $entityId) {
      asOf
      currentMonth
      timeZone
      summary {
        assets
        liabilities
        netWorth
      }
      groups {
        name
        total
        items {
          accountId
          accountingCategory
          name
          accountPath
          mask
          officialName
          institutionName
          provider
          sourceLabel
          needsReconnect
          balances {
            available
            current
          }
          ledgerBalance
          updatedAt
        }
      }
      netWorth {
        ...BalanceSeriesFields
      }
      totalAssets {
        ...BalanceSeriesFields
      }
    }
  }
`,
  [BALANCE_SERIES_FIELDS],
);

export type AccountsOverview = ResultOf<typeof ACCOUNTS_OVERVIEW_QUERY>['accountsOverview'];
export type OverviewGroup = AccountsOverview['groups'][number];
export type OverviewItem = OverviewGroup['items'][number];
