import { gql, type TypedDocumentNode } from '@apollo/client';
import type { MonthKey } from '@keel/domain';

/** A column of the grid (spec §3 Column descriptor); `key` is 'YYYY-MM', 'fy-YYYY', 'ytd-YYYY' or 'total'. */
export type ReportColumnView = {
  key: string;
  title: string;
  short: string;
  period: 'month' | 'year' | 'total';
  filter: 'actual' | 'forecast' | 'ytd' | 'none';
  months: MonthKey[];
  month: number | null;
  year: number | null;
  border: boolean;
};

/** A row of the grid. `columnValues` are cents, already signed for display, aligned with `columns`. */
export type ReportLineItemView = {
  id: string;
  itemId: string;
  lineItemId: string;
  accountId: string | null;
  name: string;
  depth: number;
  parentId: string | null;
  ancestry: string;
  itemType: 'Account' | 'AccountTree' | 'Expression' | 'Section';
  isFinancial: boolean;
  isLeaf: boolean;
  isMutable: boolean;
  cumulative: boolean;
  sign: number;
  columnValues: number[];
};

/** An account of the chart (for pickers, paths and drop rules). */
export type ReportAccountView = {
  id: string;
  name: string;
  parentId: string | null;
  ancestry: string;
  accountGroup: string | null;
  accountType: string;
  isMutable: boolean;
  sign: number;
  /** Names from the root: 'Expense/Operating Expenses/Payroll' (the grid's `account` query parameter). */
  path: string;
};

export type ReportViewData = {
  id: string;
  name: string;
  startMonth: MonthKey;
  actualsEndMonth: MonthKey;
  endMonth: MonthKey;
  currentMonth: MonthKey;
  columns: ReportColumnView[];
  lineItems: ReportLineItemView[];
  accounts: ReportAccountView[];
};

export type ReportQueryResult = { report: ReportViewData };

export type ReportQueryVariables = {
  entityId: string;
  reportId?: string | null;
  startMonth: MonthKey;
  actualsEndMonth: MonthKey;
  endMonth: MonthKey;
};

/** Spec §7 Report: the grid's rows and columns (figures from the server's monthly rollup). */
export const REPORT_QUERY: TypedDocumentNode<ReportQueryResult, ReportQueryVariables> = gql`
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
        sign
        path
      }
    }
  }
`;

/**
 * Every query that shows report figures. A mutation that changes the ledger passes these as
 * `refetchQueries` (with `awaitRefetchQueries: true`), so the grid, the cards and the drawer all
 * show the new figures (spec §4 'Data changes'), and the drawer's rules list its rules.
 */
export const REPORT_REFETCH_QUERIES = ['Report', 'ReportSummary', 'ReportEntries', 'AccountRules'];
