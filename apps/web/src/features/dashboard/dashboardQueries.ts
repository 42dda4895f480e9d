import { graphql, type ResultOf, type VariablesOf } from '../../lib/graphql';

/**
 * Spec §7 Dashboards(entityId): the company's dashboards (its first is made on this first read, tied to
 * its Financial Report) with their layout and their charts' lines, and the reports. Figures come apart
 * (DASHBOARD_FIGURES_QUERY): moving a chart refetches no figures, a new range refetches no layout.
 */
export const DASHBOARDS_QUERY = graphql(`
  query Dashboards($entityId: ID!) {
    dashboards(entityId: $entityId) {
      id
      name
      entityId
      reportId
      report {
        id
        name
      }
      startMonth
      endMonth
      positions {
        id
        x
        y
        w
        h
      }
      charts {
        id
        name
        dashboardId
        highlight {
          name
          accountId
          reportId
          reportItemId
          isLeaf
          invert
        }
        dataGroups {
          id
          type
          data {
            id
            accountId
            reportId
            reportItemId
            isLeaf
            color
            name
            invert
            plan
          }
        }
      }
    }
    reports(entityId: $entityId) {
      id
      name
    }
  }
`);

/**
 * Each chart's figures month by month over a range, actuals through `actualsEndMonth`: read by the
 * server from the Financial Report's own computation (Chart.figures), never summed here.
 */
export const DASHBOARD_FIGURES_QUERY = graphql(`
  query DashboardFigures($entityId: ID!, $startMonth: MonthKey, $endMonth: MonthKey, $actualsEndMonth: MonthKey) {
    dashboards(entityId: $entityId) {
      id
      charts {
        id
        figures(startMonth: $startMonth, endMonth: $endMonth, actualsEndMonth: $actualsEndMonth) {
          startMonth
          endMonth
          actualsEndMonth
          months
          series {
            seriesId
            groupId
            type
            name
            color
            accountId
            reportItemId
            isLeaf
            invert
            plan
            error
            points {
              month
              amount
              scenario
              actual
              forecast
              plan
            }
          }
          highlight {
            name
            accountId
            reportItemId
            isLeaf
            invert
            error
            points {
              month
              amount
              scenario
              actual
              forecast
            }
          }
        }
      }
    }
  }
`);

/**
 * The report's lines, for the chart editor's pickers and for naming where a series comes from (its
 * path): the rows the grid shows over the months the charts read (an account's own-figures row shows
 * only where it has figures), so the server answers from the report the figures were computed from.
 */
export const DASHBOARD_REPORT_LINES_QUERY = graphql(`
  query DashboardReportLines($entityId: ID!, $reportId: ID, $startMonth: MonthKey, $endMonth: MonthKey, $actualsEndMonth: MonthKey) {
    report(entityId: $entityId, reportId: $reportId, startMonth: $startMonth, endMonth: $endMonth, actualsEndMonth: $actualsEndMonth) {
      id
      lineItems {
        id
        lineItemId
        accountId
        name
        depth
        parentId
        itemType
        isLeaf
      }
    }
  }
`);

export type DashboardsData = ResultOf<typeof DASHBOARDS_QUERY>;
export type DashboardView = DashboardsData['dashboards'][number];
export type DashboardChart = DashboardView['charts'][number];
export type ChartFiguresView = NonNullable<
  ResultOf<typeof DASHBOARD_FIGURES_QUERY>['dashboards'][number]['charts'][number]['figures']
>;
export type SeriesFiguresView = ChartFiguresView['series'][number];
export type HighlightFiguresView = NonNullable<ChartFiguresView['highlight']>;
export type ReportLineRow = ResultOf<typeof DASHBOARD_REPORT_LINES_QUERY>['report']['lineItems'][number];

export const UPDATE_DASHBOARD_MUTATION = graphql(`
  mutation UpdateDashboard($id: ID!, $name: String, $positions: [DashboardPositionInput!], $startMonth: MonthKey, $endMonth: MonthKey) {
    updateDashboard(id: $id, name: $name, positions: $positions, startMonth: $startMonth, endMonth: $endMonth) {
      errors
      dashboard {
        id
        startMonth
        endMonth
        positions {
          id
          x
          y
          w
          h
        }
      }
    }
  }
`);

export const CREATE_CHART_MUTATION = graphql(`
  mutation CreateChart($dashboardId: ID!, $name: String, $highlight: ChartHighlightInput, $dataGroups: [ChartDataGroupInput!]!) {
    createChart(dashboardId: $dashboardId, name: $name, highlight: $highlight, dataGroups: $dataGroups) {
      id
      errors
    }
  }
`);

export const UPDATE_CHART_MUTATION = graphql(`
  mutation UpdateChart($id: ID!, $name: String, $highlight: ChartHighlightInput, $dataGroups: [ChartDataGroupInput!]) {
    updateChart(id: $id, name: $name, highlight: $highlight, dataGroups: $dataGroups) {
      id
      errors
    }
  }
`);

export const DELETE_CHART_MUTATION = graphql(`
  mutation DeleteChart($id: ID!) {
    deleteChart(id: $id) {
      id
      errors
    }
  }
`);

export type ChartInput = Omit<VariablesOf<typeof CREATE_CHART_MUTATION>, 'dashboardId'>;
