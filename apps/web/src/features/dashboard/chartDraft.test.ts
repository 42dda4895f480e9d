import { CHART_PALETTE, DASHBOARD_MESSAGES } from '@keel/domain';
import { describe, expect, it } from 'vitest';
import {
  type ChartDraft,
  chartDraftOf,
  chartInputOf,
  findChartDraftProblems,
  highlightWithLine,
  isSameChartDraft,
  MISSING_LINE,
  nameForLine,
  newChartDraft,
  newDraftGroup,
  newDraftSeries,
  nextSeriesColor,
} from './chartDraft';
import type { DashboardChart } from './dashboardQueries';

const income = { accountId: 'a-inc', reportItemId: 'l-inc', isLeaf: false };
const netIncome = { accountId: null, reportItemId: 'l-net', isLeaf: false };

/** A new chart whose first series reads Income. */
function validDraft(): ChartDraft {
  const draft = newChartDraft();
  const [group] = draft.groups;
  if (!group?.series[0]) throw new Error('A new chart has a group with a series');
  return {
    ...draft,
    groups: [{ ...group, series: [{ ...group.series[0], line: income, name: 'Revenue' }] }],
  };
}

const SAVED = {
  id: 'c1',
  name: 'Revenue vs Expense',
  dashboardId: 'd1',
  highlight: {
    name: 'Net Income',
    accountId: null,
    reportId: 'r1',
    reportItemId: 'l-net',
    isLeaf: false,
    invert: false,
  },
  dataGroups: [
    {
      id: 'g1',
      type: 'Bar',
      data: [
        {
          id: 's1',
          accountId: 'a-inc',
          reportId: 'r1',
          reportItemId: 'l-inc',
          isLeaf: false,
          color: '#40C057',
          name: 'Revenue',
          invert: false,
          plan: false,
        },
      ],
    },
  ],
} satisfies DashboardChart;

describe('a new chart draft', () => {
  it("is 'New Chart' with one Line group of one 'New Chart' series in the palette's first colour", () => {
    const draft = newChartDraft();
    expect(draft.name).toBe('New Chart');
    expect(draft.groups).toHaveLength(1);
    expect(draft.groups[0]).toMatchObject({ id: null, type: 'Line' });
    expect(draft.groups[0]?.series).toEqual([
      expect.objectContaining({
        id: null,
        line: null,
        name: 'New Chart',
        color: CHART_PALETTE[0],
        invert: false,
      }),
    ]);
    expect(draft.highlight).toEqual({ line: null, name: '', invert: false });
  });

  it('gives a new series the first palette colour the chart does not use', () => {
    const draft = validDraft();
    expect(nextSeriesColor(draft)).toBe(CHART_PALETTE[1]);
    expect(newDraftSeries(draft).color).toBe(CHART_PALETTE[1]);
    const full = { groups: [newDraftGroup({ groups: [] })] };
    full.groups[0] = {
      ...full.groups[0]!,
      series: CHART_PALETTE.map((color) => ({ ...newDraftSeries({ groups: [] }), color })),
    };
    expect(nextSeriesColor(full)).toBe(CHART_PALETTE[0]);
  });
});

describe('findChartDraftProblems (Save disabled, spec §5)', () => {
  it('blocks a series without a report line', () => {
    expect(findChartDraftProblems(newChartDraft())).toEqual([DASHBOARD_MESSAGES.seriesNeedsLine]);
  });

  it('blocks a group without series, and a chart without groups', () => {
    const draft = validDraft();
    const emptyGroup = { ...draft, groups: [...draft.groups, { ...newDraftGroup(draft), series: [] }] };
    expect(findChartDraftProblems(emptyGroup)).toEqual([DASHBOARD_MESSAGES.groupNeedsSeries]);
    expect(findChartDraftProblems({ ...draft, groups: [] })).toEqual([DASHBOARD_MESSAGES.chartNeedsGroup]);
  });

  it('allows a chart whose every group has series and every series a line', () => {
    expect(findChartDraftProblems(validDraft())).toEqual([]);
  });

  it("blocks a blank chart name with the API's own message", () => {
    expect(findChartDraftProblems({ ...validDraft(), name: '   ' })).toEqual(['Name is required']);
  });

  it('blocks a line the report no longer has', () => {
    const known = (line: { accountId: string | null }) => line.accountId !== 'a-inc';
    expect(findChartDraftProblems(validDraft(), known)).toEqual([MISSING_LINE]);
    const draft = { ...validDraft(), highlight: { line: netIncome, name: 'Net', invert: false } };
    expect(findChartDraftProblems(draft, (line) => line.reportItemId !== 'l-net')).toEqual([MISSING_LINE]);
  });
});

describe('chartInputOf', () => {
  it('sends the whole chart: new groups and series without ids, no highlight as null', () => {
    expect(chartInputOf({ ...validDraft(), name: '  Revenue  ' })).toEqual({
      name: 'Revenue',
      highlight: null,
      dataGroups: [
        {
          type: 'Line',
          data: [{ ...income, name: 'Revenue', color: CHART_PALETTE[0], invert: false, plan: false }],
        },
      ],
    });
  });

  it("keeps a saved chart's group and series ids, and its highlight", () => {
    const input = chartInputOf(chartDraftOf(SAVED));
    expect(input.dataGroups[0]).toMatchObject({
      id: 'g1',
      type: 'Bar',
      data: [{ id: 's1', color: '#40c057' }],
    });
    expect(input.highlight).toEqual({ ...netIncome, name: 'Net Income', invert: false });
  });

  it("names a series left blank 'New Chart'", () => {
    const draft = validDraft();
    const blank = {
      ...draft,
      groups: draft.groups.map((g) => ({ ...g, series: g.series.map((s) => ({ ...s, name: ' ' })) })),
    };
    expect(chartInputOf(blank).dataGroups[0]?.data[0]?.name).toBe('New Chart');
  });
});

describe('isSameChartDraft', () => {
  it('compares what would be saved, not the drafts’ keys', () => {
    expect(isSameChartDraft(chartDraftOf(SAVED), chartDraftOf(SAVED))).toBe(true);
    expect(isSameChartDraft(chartDraftOf(SAVED), { ...chartDraftOf(SAVED), name: 'Other' })).toBe(false);
  });
});

describe('names that follow the line picked', () => {
  it("replace a default, blank or previous line's name, and keep a typed one", () => {
    expect(nameForLine('New Chart', 'New Chart', 'Income', null)).toBe('Income');
    expect(nameForLine('', 'New Chart', 'Income', null)).toBe('Income');
    expect(nameForLine('Income', 'New Chart', 'Expense', 'Income')).toBe('Expense');
    expect(nameForLine('Sales', 'New Chart', 'Expense', 'Income')).toBe('Sales');
  });

  it('clear the highlight and its invert when its line is removed (invert needs a line, spec §5)', () => {
    const highlight = { line: netIncome, name: 'Net Income', invert: true };
    expect(highlightWithLine(highlight, null, null, 'Net Income')).toEqual({
      line: null,
      name: '',
      invert: false,
    });
    expect(highlightWithLine({ line: null, name: '', invert: false }, netIncome, 'Net Income', null)).toEqual(
      {
        line: netIncome,
        name: 'Net Income',
        invert: false,
      },
    );
  });
});
