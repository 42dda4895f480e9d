import { graphql, type ResultOf } from '../../../lib/graphql';

/** Spec §7 UpdateEntry, for one entry dropped on another account. `errors` not empty: nothing changed. */
export const MOVE_ENTRY_MUTATION = graphql(`
  mutation UpdateEntry($id: ID!, $accountId: ID, $reportId: ID) {
    updateEntry(id: $id, accountId: $accountId, reportId: $reportId) {
      errors
      entry {
        id
        accountId
      }
    }
  }
`);

/** Spec §7 UpdateEntries, for a monthly cell or a subtree dropped on another account. */
export const MOVE_ENTRIES_MUTATION = graphql(`
  mutation UpdateEntries(
    $fromAccountId: ID!
    $toAccountId: ID!
    $startDate: Date
    $endDate: Date
    $actualsEndDate: Date
    $includeSubtree: Boolean
    $reportId: ID
  ) {
    updateEntries(
      fromAccountId: $fromAccountId
      toAccountId: $toAccountId
      startDate: $startDate
      endDate: $endDate
      actualsEndDate: $actualsEndDate
      includeSubtree: $includeSubtree
      reportId: $reportId
    ) {
      movedCount
    }
  }
`);

/** Spec §7 CreateRule, for the drawer's search dropped on another account. */
export const CREATE_RULE_MUTATION = graphql(`
  mutation CreateRule(
    $fromAccountId: ID!
    $toAccountId: ID!
    $searchFilter: String!
    $date: Date
    $reportId: ID
  ) {
    createRule(
      fromAccountId: $fromAccountId
      toAccountId: $toAccountId
      searchFilter: $searchFilter
      date: $date
      reportId: $reportId
    ) {
      movedCount
      rule {
        id
      }
    }
  }
`);

/** A rule as the drawer's rules list shows it. */
export type AccountRuleView = ResultOf<typeof ACCOUNT_RULES_QUERY>['accountRules'][number];

/** The rules that move entries out of or into an account, newest first. */
export const ACCOUNT_RULES_QUERY = graphql(`
  query AccountRules($accountId: ID!) {
    accountRules(accountId: $accountId) {
      id
      searchFilter
      fromAccountId
      toAccountId
      fromAccount {
        id
        name
      }
      toAccount {
        id
        name
      }
      createdAt
    }
  }
`);

/** DeleteRule: later imports are left alone; entries the rule moved stay. */
export const DELETE_RULE_MUTATION = graphql(`
  mutation DeleteRule($id: ID!) {
    deleteRule(id: $id) {
      id
    }
  }
`);

/** ApplyRule: moves the matching entries already on the rule's from-account, now. */
export const APPLY_RULE_MUTATION = graphql(`
  mutation ApplyRule($id: ID!) {
    applyRule(id: $id) {
      movedCount
    }
  }
`);
