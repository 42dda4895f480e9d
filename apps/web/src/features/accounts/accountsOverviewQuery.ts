import { graphql, type ResultOf } from '../../lib/graphql';

/**
 * AccountsOverview(entityId) (spec §7, §2 /accounts): the linked accounts grouped Cash, Credit Cards,
 * Investments, Loans and Other, the summary of assets and liabilities, and the net worth and total
 * assets series (a point a month, cents), all read from the books.
 */
export const ACCOUNTS_OVERVIEW_QUERY = graphql(`
  query AccountsOverview($entityId: ID!) {
    accountsOverview(entityId: $entityId) {
      asOf
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
          mask
          officialName
          institutionName
          provider
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
        id
        name
        color
        data {
          date
          value
        }
      }
      totalAssets {
        id
        name
        color
        data {
          date
          value
        }
      }
    }
  }
`);

export type AccountsOverview = ResultOf<typeof ACCOUNTS_OVERVIEW_QUERY>['accountsOverview'];
export type OverviewGroup = AccountsOverview['groups'][number];
export type OverviewItem = OverviewGroup['items'][number];
export type BalanceSeries = AccountsOverview['netWorth'];
