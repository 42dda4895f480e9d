import { gql, type TypedDocumentNode } from '@apollo/client';

/** Spec §7 UpdateEntry, for one entry dropped on another account. `errors` not empty: nothing changed. */
export const MOVE_ENTRY_MUTATION: TypedDocumentNode<
  { updateEntry: { errors: string[]; entry: { id: string; accountId: string } | null } },
  { id: string; accountId: string; reportId: string }
> = gql`
  mutation UpdateEntry($id: ID!, $accountId: ID, $reportId: ID) {
    updateEntry(id: $id, accountId: $accountId, reportId: $reportId) {
      errors
      entry {
        id
        accountId
      }
    }
  }
`;

/** Spec §7 UpdateEntries, for a monthly cell or a subtree dropped on another account. */
export const MOVE_ENTRIES_MUTATION: TypedDocumentNode<
  { updateEntries: { movedCount: number } },
  {
    fromAccountId: string;
    toAccountId: string;
    startDate: string;
    endDate: string;
    actualsEndDate: string;
    includeSubtree: boolean;
    reportId: string;
  }
> = gql`
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
`;

/** Spec §7 CreateRule, for the drawer's search dropped on another account. */
export const CREATE_RULE_MUTATION: TypedDocumentNode<
  { createRule: { movedCount: number; rule: { id: string } } },
  { fromAccountId: string; toAccountId: string; searchFilter: string; date: string; reportId: string }
> = gql`
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
`;

/** A rule as the drawer's rules list shows it. */
export type AccountRuleView = {
  id: string;
  searchFilter: string;
  fromAccountId: string | null;
  toAccountId: string;
  fromAccount: { id: string; name: string } | null;
  toAccount: { id: string; name: string };
  createdAt: string;
};

/** The rules that move entries out of or into an account, newest first. */
export const ACCOUNT_RULES_QUERY: TypedDocumentNode<
  { accountRules: AccountRuleView[] },
  { accountId: string }
> = gql`
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
`;

/** DeleteRule: later imports are left alone; entries the rule moved stay. */
export const DELETE_RULE_MUTATION: TypedDocumentNode<{ deleteRule: { id: string } }, { id: string }> = gql`
  mutation DeleteRule($id: ID!) {
    deleteRule(id: $id) {
      id
    }
  }
`;

/** ApplyRule: moves the matching entries already on the rule's from-account, now. */
export const APPLY_RULE_MUTATION: TypedDocumentNode<{ applyRule: { movedCount: number } }, { id: string }> =
  gql`
  mutation ApplyRule($id: ID!) {
    applyRule(id: $id) {
      movedCount
    }
  }
`;
