import { graphql, type ResultOf, type VariablesOf } from '../../../lib/graphql';

/** Cash at the start of a month (cents): `actual` through the month after the cutoff, `forecast` from it. */
export type StartingBalanceView = ReportSummaryView['startingBalance'][number];

/** A month's income and expense in cents, both positive when earned and spent. */
export type IncomeVsExpenseView = ReportSummaryView['incomeVsExpense'][number];

/**
 * `months` null is Unlimited; `label` is the gauge's text ('24+', 'Unlimited', whole months). Computed
 * over the company's whole forecast, so it does not change with the range shown.
 */
export type RunwayView = ReportSummaryView['runway'];

/** The top 8 expense categories of a month by amount (cents), then Others (accountId null). */
export type SpendByCategoryView = ReportSummaryView['spendByCategory'];

export type ReportSummaryView = ReportSummaryResult['report']['summary'];

export type ReportSummaryResult = ResultOf<typeof REPORT_SUMMARY_QUERY>;

export type ReportSummaryVariables = VariablesOf<typeof REPORT_SUMMARY_QUERY>;

/**
 * The dashboard cards' figures (spec §2 'Dashboard cards'). The operation is named ReportSummary so
 * ledger mutations refetch it with the grid (REPORT_REFETCH_QUERIES). Spend by category is for the
 * server's default month: the actuals end month.
 */
export const REPORT_SUMMARY_QUERY = graphql(`
  query ReportSummary(
    $entityId: ID!
    $reportId: ID
    $startMonth: MonthKey
    $actualsEndMonth: MonthKey
    $endMonth: MonthKey
    $method: RunwayMethod
  ) {
    report(
      entityId: $entityId
      reportId: $reportId
      startMonth: $startMonth
      actualsEndMonth: $actualsEndMonth
      endMonth: $endMonth
    ) {
      id
      summary {
        startingBalance {
          month
          actual
          forecast
        }
        incomeVsExpense {
          month
          income
          expense
          scenario
        }
        runway(method: $method) {
          months
          label
          cashOutMonth
          method
          working {
            balance
            balanceMonth
            burn
            burnMonths
            calculation
          }
          staleModelOutputs {
            outputId
            modelName
            variableName
            accountName
            reason
          }
        }
        spendByCategory {
          month
          categories {
            accountId
            name
            amount
          }
        }
      }
    }
  }
`);
