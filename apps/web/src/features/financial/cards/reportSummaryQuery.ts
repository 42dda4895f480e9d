import { gql, type TypedDocumentNode } from '@apollo/client';
import type { MonthKey, RunwayMethod } from '@keel/domain';

/** Cash at the start of a month (cents): `actual` through the month after the cutoff, `forecast` from it. */
export type StartingBalanceView = { month: MonthKey; actual: number | null; forecast: number | null };

/** A month's income and expense in cents, both positive when earned and spent. */
export type IncomeVsExpenseView = {
  month: MonthKey;
  income: number;
  expense: number;
  scenario: 'actual' | 'forecast' | 'budget';
};

/** How the server reached the runway: the figures it used and the calculation in one line. */
export type RunwayWorkingView = {
  balance: number;
  balanceMonth: MonthKey;
  burn: number | null;
  burnMonths: MonthKey[];
  calculation: string;
};

/**
 * `months` null is Unlimited; `label` is the gauge's text ('24+', 'Unlimited', whole months). Computed
 * over the company's whole forecast, so it does not change with the range shown.
 */
export type RunwayView = {
  months: number | null;
  label: string;
  cashOutMonth: MonthKey | null;
  method: RunwayMethod;
  working: RunwayWorkingView;
};

/** The top 8 expense categories of a month by amount (cents), then Others (accountId null). */
export type SpendByCategoryView = {
  month: MonthKey;
  categories: { accountId: string | null; name: string; amount: number }[];
};

export type ReportSummaryView = {
  startingBalance: StartingBalanceView[];
  incomeVsExpense: IncomeVsExpenseView[];
  runway: RunwayView;
  spendByCategory: SpendByCategoryView;
};

export type ReportSummaryResult = { report: { id: string; summary: ReportSummaryView } };

export type ReportSummaryVariables = {
  entityId: string;
  reportId: string | null;
  startMonth: MonthKey;
  actualsEndMonth: MonthKey;
  endMonth: MonthKey;
  method: RunwayMethod;
};

/**
 * The dashboard cards' figures (spec §2 'Dashboard cards'). The operation is named ReportSummary so
 * ledger mutations refetch it with the grid (REPORT_REFETCH_QUERIES). Spend by category is for the
 * server's default month: the actuals end month.
 */
export const REPORT_SUMMARY_QUERY: TypedDocumentNode<ReportSummaryResult, ReportSummaryVariables> = gql`
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
`;
