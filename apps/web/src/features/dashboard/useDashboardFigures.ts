import { useQuery } from '@apollo/client/react';
import { earliestMonth, latestMonth, type MonthKey } from '@keel/domain';
import { useMemo } from 'react';
import { useEntityContext } from '../../shell/EntityContext';
import { buildChartPlot, type ChartPlot } from './chartPlot';
import {
  DASHBOARD_FIGURES_QUERY,
  DASHBOARD_REPORT_LINES_QUERY,
  type DashboardView,
} from './dashboardQueries';
import { buildReportLineOptions } from './reportLines';

/**
 * What a dashboard's charts draw over a range, actuals through `actualsEndMonth`: each chart's figures
 * as the server computed them (Chart.figures) and the report's lines (for the editor's pickers and each
 * series' path). The lines are asked over the months the figures were computed from, so both come from
 * the same report computation. While a new range loads, the previous figures stay on screen.
 */
export function useDashboardFigures(
  dashboard: DashboardView,
  range: { startMonth: MonthKey; endMonth: MonthKey },
  actualsEndMonth: MonthKey,
) {
  const { entity } = useEntityContext();
  const figures = useQuery(DASHBOARD_FIGURES_QUERY, {
    variables: { entityId: entity.id, ...range, actualsEndMonth },
    fetchPolicy: 'cache-and-network',
  });
  const linesQuery = useQuery(DASHBOARD_REPORT_LINES_QUERY, {
    variables: {
      entityId: entity.id,
      reportId: dashboard.reportId,
      startMonth: earliestMonth(range.startMonth, actualsEndMonth),
      endMonth: latestMonth(range.endMonth, actualsEndMonth),
      actualsEndMonth,
    },
    fetchPolicy: 'cache-and-network',
  });
  const linesData = linesQuery.data ?? linesQuery.previousData;
  const lines = useMemo(() => buildReportLineOptions(linesData?.report.lineItems ?? []), [linesData]);
  const figuresData = figures.data ?? figures.previousData;
  const plots = useMemo(() => {
    const shown = figuresData?.dashboards.find((item) => item.id === dashboard.id);
    const byChart = new Map<string, ChartPlot | undefined>();
    for (const chart of shown?.charts ?? []) {
      byChart.set(chart.id, chart.figures ? buildChartPlot(chart.figures, lines) : undefined);
    }
    return byChart;
  }, [figuresData, dashboard.id, lines]);
  return {
    /** Each chart's plot: absent while its figures load, undefined when the server has none. */
    plots,
    lines,
    linesLoading: !linesData,
    /** New figures are on their way while the previous ones show. */
    refreshing: figures.loading && Boolean(figuresData),
  };
}
