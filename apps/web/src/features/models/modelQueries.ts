import { graphql, type ResultOf } from '../../lib/graphql';

/** The model switcher's list (spec §7 models): oldest first. */
export const MODELS_QUERY = graphql(`
  query Models($entityId: ID!) {
    models(entityId: $entityId) {
      id
      name
      startMonth
      endMonth
    }
  }
`);

/** Spec §7 Model(modelId, entityId): the model evaluated month by month, its outputs and pickers' accounts. */
export const MODEL_QUERY = graphql(`
  query Model($entityId: ID!, $modelId: ID) {
    model(entityId: $entityId, modelId: $modelId) {
      id
      name
      startMonth
      endMonth
      months
      dataSheet {
        id
        name
        group
        inputType
        decimalPlaces
        description
        value
        accountId
        problem
        createdAt
        amounts {
          month
          amount
        }
        segments {
          formula
          startMonth
          startType
          endMonth
          endType
        }
        values {
          month
          value
          text
          error
        }
      }
      budgets {
        id
        name
        accountId
        variableId
        forecastId
        staleReason
        staleMonths
      }
      problems {
        variableId
        variableName
        group
        reason
        months
        staleOutputs {
          outputId
          accountName
        }
      }
      accounts {
        id
        name
        path
        accountGroup
        canOutput
      }
    }
  }
`);

export type ModelData = NonNullable<ResultOf<typeof MODEL_QUERY>['model']>;
export type ModelVariable = ModelData['dataSheet'][number];
export type ModelSegment = ModelVariable['segments'][number];
export type ModelOutputView = ModelData['budgets'][number];
export type ModelAccount = ModelData['accounts'][number];
/** A variable whose cells show #ERROR, with why and the outputs it leaves stale in the report. */
export type ModelProblem = ModelData['problems'][number];
export type ModelSummary = ResultOf<typeof MODELS_QUERY>['models'][number];
export type InputType = ModelVariable['inputType'];

export const CREATE_MODEL_MUTATION = graphql(`
  mutation CreateModel($entityId: ID!, $name: String) {
    createModel(entityId: $entityId, name: $name) {
      id
    }
  }
`);

export const UPDATE_MODEL_MUTATION = graphql(`
  mutation UpdateModel($id: ID!, $name: String, $startDate: Date, $endDate: Date) {
    updateModel(id: $id, name: $name, startDate: $startDate, endDate: $endDate) {
      id
      name
      startMonth
      endMonth
    }
  }
`);

export const DELETE_MODEL_MUTATION = graphql(`
  mutation DeleteModel($id: ID!) {
    deleteModel(id: $id) {
      id
      errors
    }
  }
`);

export const CREATE_VARIABLE_MUTATION = graphql(`
  mutation CreateVariable(
    $entityId: ID!
    $modelId: ID!
    $name: String
    $group: VariableGroup
    $inputType: VariableInputType
    $formulas: String
    $value: String
    $accountId: ID
    $decimalPlaces: Int
  ) {
    createVariable(
      entityId: $entityId
      modelId: $modelId
      name: $name
      group: $group
      inputType: $inputType
      formulas: $formulas
      value: $value
      accountId: $accountId
      decimalPlaces: $decimalPlaces
    ) {
      errors
      variable {
        id
        name
      }
    }
  }
`);

export const UPDATE_VARIABLE_MUTATION = graphql(`
  mutation UpdateVariable(
    $variableId: ID!
    $name: String
    $inputType: VariableInputType
    $value: String
    $accountId: ID
    $decimalPlaces: Int
    $segments: [SegmentInput!]
    $amounts: [MonthAmountInput!]
    $confirmLargeChange: Boolean
  ) {
    updateVariable(
      variableId: $variableId
      name: $name
      inputType: $inputType
      value: $value
      accountId: $accountId
      decimalPlaces: $decimalPlaces
      segments: $segments
      amounts: $amounts
      confirmLargeChange: $confirmLargeChange
    ) {
      errors
      variable {
        id
      }
    }
  }
`);

export const DELETE_VARIABLE_MUTATION = graphql(`
  mutation DeleteVariable($variableId: ID!, $confirmUsedByFormulas: Boolean) {
    deleteVariable(variableId: $variableId, confirmUsedByFormulas: $confirmUsedByFormulas) {
      id
      errors
    }
  }
`);

export const CREATE_BUDGET_MUTATION = graphql(`
  mutation CreateBudget($variableId: ID!, $accountId: ID!) {
    createBudget(variableId: $variableId, accountId: $accountId) {
      id
    }
  }
`);

export const UPDATE_BUDGET_MUTATION = graphql(`
  mutation UpdateBudget($budgetId: ID!, $variableId: ID, $accountId: ID) {
    updateBudget(budgetId: $budgetId, variableId: $variableId, accountId: $accountId) {
      id
    }
  }
`);

export const DELETE_BUDGET_MUTATION = graphql(`
  mutation DeleteBudget($budgetId: ID!) {
    deleteBudget(budgetId: $budgetId)
  }
`);
