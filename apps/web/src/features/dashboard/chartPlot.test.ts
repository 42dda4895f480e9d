import { describe, expect, it } from 'vitest';
import { buildChartPlot, HIGHLIGHT_COLOR } from './chartPlot';
import type { ChartFiguresView } from './dashboardQueries';
import { buildReportLineOptions } from './reportLines';

const point = (month: string, amount: number, actualsEnd: string) => ({
  month,
  amount,
  scenario: month <= actualsEnd ? ('actual' as const) : ('forecast' as const),
  actual: month <= actualsEnd ? amount : null,
  forecast: month >= actualsEnd ? amount : null,
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
        error: null,
      },
    ]);
  });

  it('says when the report no longer has a series’ line', () => {
    const plot = buildChartPlot(FIGURES, []);
    expect(plot.series.map((series) => series.path)).toEqual([null, null]);
  });
});
