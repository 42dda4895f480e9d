import { gql, type TypedDocumentNode } from '@apollo/client';
import type { MonthKey } from '@keel/domain';

/** Spec §7 CreateAccount: 'Add Sub-Account' in the row menu. */
export const CREATE_ACCOUNT_MUTATION: TypedDocumentNode<
  { createAccount: { id: string; name: string; parentId: string | null } },
  { entityId: string; name: string; parentId: string; reportId: string }
> = gql`
  mutation CreateAccount($entityId: ID!, $name: String!, $parentId: ID!, $reportId: ID) {
    createAccount(entityId: $entityId, name: $name, parentId: $parentId, reportId: $reportId) {
      id
      name
      parentId
    }
  }
`;

/** Spec §7 UpdateAccount: 'Rename Account' (mutable accounts only). */
export const UPDATE_ACCOUNT_MUTATION: TypedDocumentNode<
  { updateAccount: { id: string; name: string } },
  { id: string; name: string; reportId: string }
> = gql`
  mutation UpdateAccount($id: ID!, $name: String!, $reportId: ID) {
    updateAccount(id: $id, name: $name, reportId: $reportId) {
      id
      name
    }
  }
`;

/** Spec §7 DeleteAccount: its entries, forecasts, rules and sub-accounts go to the parent. */
export const DELETE_ACCOUNT_MUTATION: TypedDocumentNode<
  { deleteAccount: { id: string; movedEntryCount: number; parent: { id: string; name: string } } },
  { id: string }
> = gql`
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
`;

/** Spec §7 CreateForecast, as the grid's inline edit sends it: one month, fixed, in whole units. */
export const CREATE_CELL_FORECAST_MUTATION: TypedDocumentNode<
  { createForecast: { id: string } },
  {
    entityId: string;
    reportId: string;
    accountId: string;
    date: MonthKey;
    amount: number;
    recurring: 'none';
    calculationType: 'fixed';
  }
> = gql`
  mutation CreateForecast(
    $entityId: ID!
    $reportId: ID
    $accountId: ID!
    $date: MonthKey!
    $amount: Units
    $recurring: ForecastRecurrence
    $calculationType: ForecastCalculationType
  ) {
    createForecast(
      entityId: $entityId
      reportId: $reportId
      accountId: $accountId
      date: $date
      amount: $amount
      recurring: $recurring
      calculationType: $calculationType
    ) {
      id
    }
  }
`;
