import { graphql } from '../../../lib/graphql';

/**
 * The drawer's ledger mutations (spec §7 CreateUserTransaction, UpdateUserTransaction, CreateForecast,
 * UpdateForecast, DeleteEntry). Callers pass REPORT_REFETCH_QUERIES with awaitRefetchQueries.
 */

export const CREATE_USER_TRANSACTION_MUTATION = graphql(`
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
`);

export const UPDATE_USER_TRANSACTION_MUTATION = graphql(`
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
`);

export const CREATE_FORECAST_MUTATION = graphql(`
  mutation CreateForecast(
    $reportId: ID
    $entityId: ID!
    $accountId: ID!
    $againstId: ID
    $amount: Units
    $averageMonths: Int
    $calculationType: ForecastCalculationType
    $sourceAccountId: ID
    $percent: Float
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
      sourceAccountId: $sourceAccountId
      percent: $percent
      date: $date
      name: $name
      memo: $memo
      recurring: $recurring
    ) {
      id
    }
  }
`);

export const UPDATE_FORECAST_MUTATION = graphql(`
  mutation UpdateForecast(
    $budgetId: ID!
    $reportId: ID
    $entityId: ID
    $accountId: ID
    $againstId: ID
    $amount: Units
    $averageMonths: Int
    $calculationType: ForecastCalculationType
    $sourceAccountId: ID
    $percent: Float
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
      sourceAccountId: $sourceAccountId
      percent: $percent
      date: $date
      name: $name
      memo: $memo
      recurring: $recurring
    ) {
      id
    }
  }
`);

export const DELETE_ENTRY_MUTATION = graphql(`
  mutation DeleteEntry($id: ID!, $reportId: ID) {
    deleteEntry(id: $id, reportId: $reportId) {
      id
      deletedEntryIds
    }
  }
`);
