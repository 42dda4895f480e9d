import { graphql } from '../../../lib/graphql';

/** Spec §7 CreateAccount: 'Add Sub-Account' in the row menu. */
export const CREATE_ACCOUNT_MUTATION = graphql(`
  mutation CreateAccount($entityId: ID!, $name: String!, $parentId: ID!, $reportId: ID) {
    createAccount(entityId: $entityId, name: $name, parentId: $parentId, reportId: $reportId) {
      id
      name
      parentId
    }
  }
`);

/** Spec §7 UpdateAccount: 'Rename Account' (mutable accounts only). */
export const UPDATE_ACCOUNT_MUTATION = graphql(`
  mutation UpdateAccount($id: ID!, $name: String!, $reportId: ID) {
    updateAccount(id: $id, name: $name, reportId: $reportId) {
      id
      name
    }
  }
`);

/**
 * Whether the report shows the account while it is empty: 'Hide When Empty' and
 * 'Show When Empty' in the row menu. A sub-account the person adds starts shown.
 */
export const SET_ACCOUNT_SHOWN_WHEN_EMPTY_MUTATION = graphql(`
  mutation SetAccountShownWhenEmpty($id: ID!, $shown: Boolean!, $reportId: ID) {
    setAccountShownWhenEmpty(id: $id, shown: $shown, reportId: $reportId) {
      id
      shownWhenEmpty
    }
  }
`);

/** Spec §7 DeleteAccount: its entries, forecasts, rules and sub-accounts go to the parent. */
export const DELETE_ACCOUNT_MUTATION = graphql(`
  mutation DeleteAccount($id: ID!) {
    deleteAccount(id: $id) {
      id
      movedEntryCount
      parent {
        id
        name
      }
    }
  }
`);

/**
 * An inline edit of a future cell: adds the change (units with cents, debit-positive) to the
 * account-month's one 'Adjustment' forecast; null back when it returned to zero and was removed.
 */
export const ADJUST_FORECAST_CELL_MUTATION = graphql(`
  mutation AdjustForecastCell($entityId: ID!, $reportId: ID, $accountId: ID!, $date: MonthKey!, $amount: Units!) {
    adjustForecastCell(entityId: $entityId, reportId: $reportId, accountId: $accountId, date: $date, amount: $amount) {
      id
    }
  }
`);
