import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ForecastCalculationType, ForecastRecurrence, MonthKey } from '@keel/domain';

/**
 * The drawer's ledger mutations (spec §7 CreateUserTransaction, UpdateUserTransaction, CreateForecast,
 * UpdateForecast, DeleteEntry). Callers pass REPORT_REFETCH_QUERIES with awaitRefetchQueries.
 */

export type UserTransactionVariables = {
  reportId: string;
  entityId: string;
  accountId: string;
  againstId: string;
  /** Debit-positive cents on accountId (againstId gets the negation). */
  amount: number;
  date: string;
  name: string;
  memo: string;
};

export const CREATE_USER_TRANSACTION_MUTATION: TypedDocumentNode<
  { createUserTransaction: { id: string } },
  UserTransactionVariables
> = gql`
  mutation CreateUserTransaction(
    $reportId: ID
    $entityId: ID!
    $accountId: ID!
    $againstId: ID
    $amount: Cents!
    $date: Date!
    $name: String
    $memo: String
  ) {
    createUserTransaction(
      reportId: $reportId
      entityId: $entityId
      accountId: $accountId
      againstId: $againstId
      amount: $amount
      date: $date
      name: $name
      memo: $memo
    ) {
      id
    }
  }
`;

export const UPDATE_USER_TRANSACTION_MUTATION: TypedDocumentNode<
  { updateUserTransaction: { id: string } },
  UserTransactionVariables & { id: string }
> = gql`
  mutation UpdateUserTransaction(
    $id: ID!
    $reportId: ID
    $entityId: ID
    $accountId: ID
    $againstId: ID
    $amount: Cents
    $date: Date
    $name: String
    $memo: String
  ) {
    updateUserTransaction(
      id: $id
      reportId: $reportId
      entityId: $entityId
      accountId: $accountId
      againstId: $againstId
      amount: $amount
      date: $date
      name: $name
      memo: $memo
    ) {
      id
    }
  }
`;

export type ForecastVariables = {
  reportId: string;
  entityId: string;
  accountId: string;
  againstId: string;
  /** Whole units per occurrence, debit-positive on accountId; null for an average forecast. */
  amount: number | null;
  averageMonths: number | null;
  calculationType: ForecastCalculationType;
  date: MonthKey;
  name: string;
  memo: string;
  recurring: ForecastRecurrence;
};

export const CREATE_FORECAST_MUTATION: TypedDocumentNode<
  { createForecast: { id: string } },
  ForecastVariables
> = gql`
  mutation CreateForecast(
    $reportId: ID
    $entityId: ID!
    $accountId: ID!
    $againstId: ID
    $amount: Units
    $averageMonths: Int
    $calculationType: ForecastCalculationType
    $date: MonthKey!
    $name: String
    $memo: String
    $recurring: ForecastRecurrence
  ) {
    createForecast(
      reportId: $reportId
      entityId: $entityId
      accountId: $accountId
      againstId: $againstId
      amount: $amount
      averageMonths: $averageMonths
      calculationType: $calculationType
      date: $date
      name: $name
      memo: $memo
      recurring: $recurring
    ) {
      id
    }
  }
`;

export const UPDATE_FORECAST_MUTATION: TypedDocumentNode<
  { updateForecast: { id: string } },
  ForecastVariables & { budgetId: string }
> = gql`
  mutation UpdateForecast(
    $budgetId: ID!
    $reportId: ID
    $entityId: ID
    $accountId: ID
    $againstId: ID
    $amount: Units
    $averageMonths: Int
    $calculationType: ForecastCalculationType
    $date: MonthKey
    $name: String
    $memo: String
    $recurring: ForecastRecurrence
  ) {
    updateForecast(
      budgetId: $budgetId
      reportId: $reportId
      entityId: $entityId
      accountId: $accountId
      againstId: $againstId
      amount: $amount
      averageMonths: $averageMonths
      calculationType: $calculationType
      date: $date
      name: $name
      memo: $memo
      recurring: $recurring
    ) {
      id
    }
  }
`;

export const DELETE_ENTRY_MUTATION: TypedDocumentNode<
  { deleteEntry: { id: string; deletedEntryIds: string[] } },
  { id: string; reportId: string }
> = gql`
  mutation DeleteEntry($id: ID!, $reportId: ID) {
    deleteEntry(id: $id, reportId: $reportId) {
      id
      deletedEntryIds
    }
  }
`;
