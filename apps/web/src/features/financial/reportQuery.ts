import { graphql, type ResultOf } from '../../lib/graphql';

/** Spec §7 Report: the grid's rows and columns (figures from the server's monthly rollup). */
export const REPORT_QUERY = graphql(`
  query Report($entityId: ID!, $reportId: ID, $startMonth: MonthKey, $actualsEndMonth: MonthKey, $endMonth: MonthKey) {
    report(
      entityId: $entityId
      reportId: $reportId
      startMonth: $startMonth
      actualsEndMonth: $actualsEndMonth
      endMonth: $endMonth
    ) {
      id
      name
      startMonth
      actualsEndMonth
      endMonth
      currentMonth
      columns {
        key
        title
        short
        period
        filter
        months
        month
        year
        border
      }
      lineItems {
        id
        itemId
        lineItemId
        accountId
        name
        depth
        parentId
        ancestry
        itemType
        isFinancial
        isLeaf
        isMutable
        cumulative
        sign
        columnValues
      }
      accounts {
        id
        name
        parentId
        ancestry
        accountGroup
        accountType
        isMutable
        shownWhenEmpty
        sign
        path
        sortOrder
        refType
      }
      staleModelOutputs {
        outputId
        modelId
        modelName
        variableName
        accountId
        accountName
        reason
        months
      }
    }
  }
`);

/** The report as the Report query returns it (types inferred from the schema by gql.tada). */
export type ReportViewData = ResultOf<typeof REPORT_QUERY>['report'];
/**
 * A column of the grid (spec §3 Column descriptor); `key` is 'YYYY-MM', 'fy-YYYY', 'ytd-YYYY' or
 * 'total', `period` 'month', 'year' or 'total', `filter` 'actual', 'forecast', 'ytd' or 'none'.
 */
export type ReportColumnView = ReportViewData['columns'][number];
/** A row of the grid. `columnValues` are cents, already signed for display, aligned with `columns`. */
export type ReportLineItemView = ReportViewData['lineItems'][number];
/**
 * A model output that cannot compute some months (#ERROR): they show its last good figures, marked
 * stale on its account's row.
 */
export type StaleModelOutputView = ReportViewData['staleModelOutputs'][number];
/** An account of the chart (for pickers, paths and drop rules); `path` names it from the root. */
export type ReportAccountView = ReportViewData['accounts'][number];

/**
 * Every query that shows report figures. A mutation that changes the ledger passes these as
 * `refetchQueries` (with `awaitRefetchQueries: true`), so the grid, the cards and the drawer all
 * show the new figures (spec §4 'Data changes'), and the drawer's rules list its rules.
 */
const REPORT_REFETCH_QUERIES = ['Report', 'ReportSummary', 'ReportEntries', 'AccountRules'];

/** The options of a ledger mutation: refetch REPORT_REFETCH_QUERIES, and resolve once they are back. */
export const REPORT_MUTATION_OPTIONS = { refetchQueries: REPORT_REFETCH_QUERIES, awaitRefetchQueries: true };
