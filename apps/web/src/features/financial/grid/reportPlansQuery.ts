import { graphql, type ResultOf } from '../../../lib/graphql';

/**
 * Plan vs actual: each row's plan per column, asked only while the grid shows the
 * Variance option (the server computes the plans as a second pass over the report). It takes the
 * variables of REPORT_QUERY. The rows' `columnValues` come along so a plan is only ever set beside
 * the actual it was read with (alignReportPlans); `defaultSign` and `expr` tell which way is good for
 * sections and expressions (varianceDirections).
 */
export const REPORT_PLANS_QUERY = graphql(`
  query ReportPlans($entityId: ID!, $reportId: ID, $startMonth: MonthKey, $actualsEndMonth: MonthKey, $endMonth: MonthKey) {
    report(
      entityId: $entityId
      reportId: $reportId
      startMonth: $startMonth
      actualsEndMonth: $actualsEndMonth
      endMonth: $endMonth
    ) {
      id
      columns {
        key
      }
      lineItems {
        id
        columnValues
        planValues
        defaultSign
        expr
      }
    }
  }
`);

export type ReportPlansData = ResultOf<typeof REPORT_PLANS_QUERY>['report'];
