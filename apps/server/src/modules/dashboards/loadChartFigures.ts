import {
  buildChartPoints,
  type ChartPoint,
  type ChartRowIndex,
  type ChartType,
  computeChartLineFigures,
  computeChartLinePlans,
  earliestMonth,
  findDashboardRangeProblem,
  indexChartRows,
  latestMonth,
  type MonthKey,
  monthKeyOfDate,
  monthRange,
  monthsBetween,
  type ReportRange,
} from '@keel/domain';
import type { StoredChartLine } from '../../db/schema';
import type { Context } from '../../graphql/context';
import { type LoadedReport, loadReport } from '../reports/loadReport';
import { reportPlansOf } from '../reports/loadReportPlans';
import { MAX_REPORT_SPAN_MONTHS } from '../reports/resolveReportRange';
import { badDashboardInput } from './dashboardErrors';
import { dashboardRange } from './dashboardRange';
import type { ChartRow, DashboardRow } from './dashboardRows';

type ChartFiguresArgs = {
  startMonth?: MonthKey | null;
  endMonth?: MonthKey | null;
  actualsEndMonth?: MonthKey | null;
};

/** One series (or the highlight) month by month, with what it is. */
export type SeriesFiguresView = {
  seriesId: string | null;
  groupId: string | null;
  type: ChartType | null;
  name: string;
  color: string | null;
  line: StoredChartLine;
  /** Drawn against its plan: its points carry `plan` through the actuals end. */
  plan: boolean;
  error: string | null;
  points: ChartPoint[];
};

export type ChartFiguresView = {
  startMonth: MonthKey;
  endMonth: MonthKey;
  actualsEndMonth: MonthKey;
  months: MonthKey[];
  series: SeriesFiguresView[];
  highlight: SeriesFiguresView | null;
};

/**
 * A chart's figures over a range (default: its dashboard's), actuals through `actualsEndMonth`
 * (default: the current month; spec §2 'Actuals End Month picker'). They are read from the same
 * computed report the Financial Report grid answers from (loadReport, with its cache), row for row
 * (computeChartLineFigures): one source of numbers. The report is computed from the earlier of the
 * start and the actuals end to the later of the end and the actuals end, so balances after an early
 * actuals end count the forecasts in between, as the grid's do.
 */
export async function loadChartFigures(
  ctx: Context,
  chart: ChartRow,
  dashboard: DashboardRow,
  args: ChartFiguresArgs,
): Promise<ChartFiguresView> {
  const currentMonth = monthKeyOfDate(ctx.clock.now().toISOString());
  const stored = dashboardRange(dashboard, currentMonth);
  const startMonth = args.startMonth ?? stored.startMonth;
  const endMonth = args.endMonth ?? stored.endMonth;
  const actualsEndMonth = args.actualsEndMonth ?? currentMonth;
  const problem = findDashboardRangeProblem(startMonth, endMonth);
  if (problem) throw badDashboardInput(problem, args.endMonth ? 'endMonth' : 'startMonth');
  const range: ReportRange = {
    startMonth: earliestMonth(startMonth, actualsEndMonth),
    endMonth: latestMonth(endMonth, actualsEndMonth),
    actualsEndMonth,
    currentMonth,
  };
  if (monthsBetween(range.startMonth, range.endMonth) > MAX_REPORT_SPAN_MONTHS) {
    throw badDashboardInput(
      `The actuals end month must be within ${MAX_REPORT_SPAN_MONTHS} months of the chart's months`,
      'actualsEndMonth',
    );
  }
  const months = monthRange(startMonth, endMonth);
  const figuresOf = async (
    line: StoredChartLine,
    withPlan = false,
  ): Promise<Pick<SeriesFiguresView, 'error' | 'points'>> => {
    const found = await reportIndex(ctx, chart.entityId, line.reportId, range);
    if (!found) {
      return {
        error: `Report not found: ${line.reportId}`,
        points: buildChartPoints([], months, actualsEndMonth),
      };
    }
    const figures = computeChartLineFigures(found.index, line, months);
    const plans = withPlan
      ? computeChartLinePlans(found.index, line, months, await reportPlansOf(ctx.db, found.report))
      : [];
    return { error: figures.error, points: buildChartPoints(figures.values, months, actualsEndMonth, plans) };
  };
  const series: SeriesFiguresView[] = [];
  for (const group of chart.dataGroups) {
    for (const item of group.data) {
      series.push({
        seriesId: item.id,
        groupId: group.id,
        type: group.type,
        name: item.name,
        color: item.color,
        line: item,
        plan: item.plan ?? false,
        ...(await figuresOf(item, item.plan ?? false)),
      });
    }
  }
  const highlight = chart.highlight
    ? {
        seriesId: null,
        groupId: null,
        type: null,
        name: chart.highlight.name,
        color: null,
        line: chart.highlight,
        plan: false,
        ...(await figuresOf(chart.highlight)),
      }
    : null;
  return { startMonth, endMonth, actualsEndMonth, months, series, highlight };
}

/** Per request: the reports its charts read, by report and range (charts of a dashboard share one). */
type IndexedReport = { report: LoadedReport; index: ChartRowIndex };
const requestReports = new WeakMap<Context, Map<string, Promise<IndexedReport | null>>>();
/** Per computed report (shared by the report cache): its rows indexed once. */
const indexes = new WeakMap<LoadedReport, ChartRowIndex>();

function reportIndex(
  ctx: Context,
  entityId: string,
  reportId: string,
  range: ReportRange,
): Promise<IndexedReport | null> {
  let loaded = requestReports.get(ctx);
  if (!loaded) {
    loaded = new Map();
    requestReports.set(ctx, loaded);
  }
  const key = `${entityId}|${reportId}|${range.startMonth}|${range.endMonth}|${range.actualsEndMonth}`;
  let index = loaded.get(key);
  if (!index) {
    index = loadReport(ctx.db, entityId, reportId, range).then((report) => {
      if (!report) return null;
      let found = indexes.get(report);
      if (!found) {
        found = indexChartRows(report);
        indexes.set(report, found);
      }
      return { report, index: found };
    });
    loaded.set(key, index);
  }
  return index;
}
