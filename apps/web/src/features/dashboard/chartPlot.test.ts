import { describe, expect, it } from 'vitest';
import { buildChartPlot, HIGHLIGHT_COLOR, planDifference } from './chartPlot';
import type { ChartFiguresView } from './dashboardQueries';
import { buildReportLineOptions } from './reportLines';

const point = (month: string, amount: number, actualsEnd: string) => ({
  month,
  amount,
  scenario: month <= actualsEnd ? ('actual' as const) : ('forecast' as const),
  actual: month <= actualsEnd ? amount : null,
  forecast: month >= actualsEnd ? amount : null,
  plan: null,
});

const FIGURES = {
  startMonth: '2026-10',
  endMonth: '2026-12',
  actualsEndMonth: '2026-11',
  months: ['2026-10', '2026-11', '2026-12'],
  series: [
    {
      seriesId: 's1',
      groupId: 'g1',
      type: 'Bar',
      name: 'Revenue',
      color: '#40c057',
      accountId: 'a-inc',
      reportItemId: 'l-inc',
      isLeaf: false,
      invert: false,
      plan: false,
      error: null,
      points: [
        point('2026-10', 1_000_01, '2026-11'),
        point('2026-11', 2_000_02, '2026-11'),
        point('2026-12', 3_000_03, '2026-11'),
      ],
    },
  ],
  highlight: {
    name: 'Net Income',
    accountId: null,
    reportItemId: 'l-net',
    isLeaf: false,
    invert: true,
    error: null,
    points: [point('2026-10', -5, '2026-11'), point('2026-11', 0, '2026-11'), point('2026-12', 7, '2026-11')],
  },
} satisfies ChartFiguresView;

const LINES = buildReportLineOptions([
  {
    id: 'l-inc',
    lineItemId: 'l-inc',
    accountId: 'a-inc',
    name: 'Income',
    depth: 0,
    parentId: null,
    itemType: 'AccountTree',
    isLeaf: false,
  },
  {
    id: 'l-net',
    lineItemId: 'l-net',
    accountId: null,
    name: 'Net Income',
    depth: 0,
    parentId: null,
    itemType: 'Expression',
    isLeaf: false,
  },
]);

describe('buildChartPlot', () => {
  it("puts the server's figures in month rows, unchanged, with each month's actual and forecast halves", () => {
    const plot = buildChartPlot(FIGURES, LINES);
    expect(plot.rows).toEqual([
      {
        month: '2026-10',
        scenario: 'actual',
        s0: 100001,
        s0_actual: 100001,
        s0_forecast: null,
        highlight: -5,
        highlight_actual: -5,
        highlight_forecast: null,
      },
      {
        month: '2026-11',
        scenario: 'actual',
        s0: 200002,
        s0_actual: 200002,
        s0_forecast: 200002,
        highlight: 0,
        highlight_actual: 0,
        highlight_forecast: 0,
      },
      {
        month: '2026-12',
        scenario: 'forecast',
        s0: 300003,
        s0_actual: null,
        s0_forecast: 300003,
        highlight: 7,
        highlight_actual: null,
        highlight_forecast: 7,
      },
    ]);
  });

  it('describes each series with where its figures come from, the highlight last and dark', () => {
    const plot = buildChartPlot(FIGURES, LINES);
    expect(plot.series).toEqual([
      {
        key: 's0',
        name: 'Revenue',
        color: '#40c057',
        type: 'Bar',
        role: 'series',
        path: 'Income',
        invert: false,
        plan: false,
        error: null,
      },
      {
        key: 'highlight',
        name: 'Net Income',
        color: HIGHLIGHT_COLOR,
        type: 'Line',
        role: 'highlight',
        path: 'Net Income',
        invert: true,
        plan: false,
        error: null,
      },
    ]);
  });

  it("carries a series' plan beside its figures when it is drawn against it", () => {
    const [revenue] = FIGURES.series;
    if (!revenue) throw new Error('no series');
    const planned = {
      ...FIGURES,
      series: [
        {
          ...revenue,
          plan: true,
          points: revenue.points.map((p, i) => ({ ...p, plan: i < 2 ? 90_000_00 + i : null })),
        },
      ],
      highlight: null,
    };
    const plot = buildChartPlot(planned, LINES);
    expect(plot.series[0]?.plan).toBe(true);
    expect(plot.rows.map((row) => row.s0_plan)).toEqual([90_000_00, 90_000_01, null]);
  });

  it('says when the report no longer has a series’ line', () => {
    const plot = buildChartPlot(FIGURES, []);
    expect(plot.series.map((series) => series.path)).toEqual([null, null]);
  });
});

describe('planDifference', () => {
  it('is actual minus plan, with its share of the plan', () => {
    expect(planDifference(110_00, 100_00)).toEqual({ amount: 10_00, percent: 10 });
    expect(planDifference(-90_00, -100_00)).toEqual({ amount: 10_00, percent: 10 });
    expect(planDifference(5_00, 0)).toEqual({ amount: 5_00, percent: null });
    expect(planDifference(null, 100)).toBeNull();
    expect(planDifference(100, null)).toBeNull();
  });
});
