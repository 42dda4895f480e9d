import type { ChartType, MonthKey } from '@keel/domain';
import type { ChartFiguresView, HighlightFiguresView, SeriesFiguresView } from './dashboardQueries';
import { pathOfLine, type ReportLineOption } from './reportLines';

/** The highlight is drawn apart from the palette's colours: a dark line over the groups. */
export const HIGHLIGHT_COLOR = '#343a40';
/** A plan is drawn darker than any palette colour, so it reads over its own series' bars. */
export const PLAN_COLOR = '#1a1b1e';

/** A series as the chart draws it, with where its figures come from ('numbers shown with their working'). */
export type PlotSeries = {
  /** The key of its figures in each row: `key` the month's amount, `${key}_actual` and `${key}_forecast` its halves. */
  key: string;
  name: string;
  color: string;
  type: ChartType;
  role: 'series' | 'highlight';
  /** The report row its figures are, from the top ('Income › Revenue'); null when the report has none. */
  path: string | null;
  invert: boolean;
  /** Drawn against its plan: each row has `${key}_plan` through the actuals end (the server's). */
  plan: boolean;
  /** Why it shows zeros ('Account not found', ...), as the server says. */
  error: string | null;
};

export type PointScenario = 'actual' | 'forecast';

/** One month of the chart: every series' figure, in cents as the server computed it. */
export type PlotRow = { month: MonthKey; scenario: PointScenario } & Record<string, number | string | null>;

export type ChartPlot = {
  months: MonthKey[];
  actualsEndMonth: MonthKey;
  series: PlotSeries[];
  rows: PlotRow[];
};

const actualKey = (key: string) => `${key}_actual`;
const forecastKey = (key: string) => `${key}_forecast`;
const planKey = (key: string) => `${key}_plan`;
export const plotKeys = { actual: actualKey, forecast: forecastKey, plan: planKey };

type Figures = SeriesFiguresView | HighlightFiguresView;

/**
 * The rows a chart draws from the server's figures (Chart.figures): nothing is summed or converted
 * here, each figure is the server's, in cents. A month's `actual` and `forecast` halves are the
 * server's split at the actuals end month (they share that month, so a forecast line starts where the
 * actual line ends); the month's scenario is the server's too.
 */
export function buildChartPlot(figures: ChartFiguresView, lines: readonly ReportLineOption[]): ChartPlot {
  const pathOf = (figure: Figures) =>
    pathOfLine(lines, {
      accountId: figure.accountId ?? null,
      reportItemId: figure.reportItemId ?? null,
      isLeaf: figure.isLeaf,
    });
  const entries: { series: PlotSeries; figures: Figures }[] = figures.series.map((figure, index) => ({
    series: {
      key: `s${index}`,
      name: figure.name,
      color: figure.color ?? HIGHLIGHT_COLOR,
      type: figure.type ?? 'Line',
      role: 'series',
      path: pathOf(figure),
      invert: figure.invert,
      plan: figure.plan,
      error: figure.error ?? null,
    },
    figures: figure,
  }));
  if (figures.highlight) {
    entries.push({
      series: {
        key: 'highlight',
        name: figures.highlight.name || 'Highlight',
        color: HIGHLIGHT_COLOR,
        type: 'Line',
        role: 'highlight',
        path: pathOf(figures.highlight),
        invert: figures.highlight.invert,
        plan: false,
        error: figures.highlight.error ?? null,
      },
      figures: figures.highlight,
    });
  }
  const rows = figures.months.map((month, index): PlotRow => {
    const row: PlotRow = { month, scenario: month <= figures.actualsEndMonth ? 'actual' : 'forecast' };
    for (const { series, figures: figure } of entries) {
      const point = figure.points[index];
      if (!point || point.month !== month) continue;
      row.scenario = point.scenario === 'actual' ? 'actual' : 'forecast';
      row[series.key] = point.amount;
      row[actualKey(series.key)] = point.actual ?? null;
      row[forecastKey(series.key)] = point.forecast ?? null;
      if (series.plan) row[planKey(series.key)] = 'plan' in point ? (point.plan ?? null) : null;
    }
    return row;
  });
  return {
    months: figures.months,
    actualsEndMonth: figures.actualsEndMonth,
    series: entries.map((e) => e.series),
    rows,
  };
}

/**
 * A month's actual against its plan: the difference (actual − plan, in cents) and its share of the
 * plan in percent (null when the plan is 0), or null without a plan.
 */
export function planDifference(
  actual: number | null,
  plan: number | null,
): { amount: number; percent: number | null } | null {
  if (actual === null || plan === null) return null;
  const amount = actual - plan;
  return { amount, percent: plan === 0 ? null : (amount / Math.abs(plan)) * 100 };
}

/** 'Actual' or 'Forecast', as the report titles a month. */
export function scenarioLabel(scenario: PointScenario): string {
  return scenario === 'actual' ? 'Actual' : 'Forecast';
}
