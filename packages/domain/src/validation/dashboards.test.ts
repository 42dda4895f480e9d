import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CHART_PALETTE,
  chartFieldsSchema,
  DASHBOARD_MESSAGES,
  dashboardPositionsSchema,
  describeDashboardIssue,
  findDashboardRangeProblem,
} from './dashboards';

type Parser = { safeParse(value: unknown): z.ZodSafeParseResult<unknown> };

/** The first problem, as the server words it (where it is, then what is wrong), or null. */
const problemOf = (parser: Parser, value: unknown) => {
  const result = parser.safeParse(value);
  const issue = result.success ? undefined : result.error.issues[0];
  return issue ? describeDashboardIssue(issue) : null;
};

/** Each part as CreateChart and UpdateDashboard send it, so issues carry their path from the field. */
const dataGroups: Parser = { safeParse: (value) => chartFieldsSchema.safeParse({ dataGroups: value }) };
const highlight: Parser = { safeParse: (value) => chartFieldsSchema.safeParse({ highlight: value }) };
const positionsSchema = z.object({ positions: dashboardPositionsSchema });
const positions: Parser = { safeParse: (value) => positionsSchema.safeParse({ positions: value }) };
const parseDataGroups = (value: unknown) => chartFieldsSchema.parse({ dataGroups: value }).dataGroups ?? [];
const parseHighlight = (value: unknown) => chartFieldsSchema.parse({ highlight: value }).highlight;

const series = (fields: Record<string, unknown> = {}) => ({ accountId: 'a1', ...fields });

describe('chart palette', () => {
  it('holds 12 distinct readable hex colours', () => {
    expect(CHART_PALETTE).toHaveLength(12);
    expect(new Set(CHART_PALETTE).size).toBe(12);
    for (const color of CHART_PALETTE) expect(color).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('chart data groups', () => {
  it("names an unnamed series 'New Chart' and colours unset series from the palette in order", () => {
    const parsed = parseDataGroups([
      { type: 'Bar', data: [series(), series({ color: '#FA5252', name: ' Revenue ' })] },
      { type: 'Line', data: [series({ reportItemId: 'l1', accountId: null })] },
    ]);
    expect(parsed.map((g) => g.data.map((s) => [s.name, s.color]))).toEqual([
      [
        ['New Chart', CHART_PALETTE[0]],
        ['Revenue', '#fa5252'],
      ],
      [['New Chart', CHART_PALETTE[1]]],
    ]);
    expect(parsed[0]?.data[0]).toMatchObject({ isLeaf: false, invert: false, reportId: null, id: null });
  });

  it('refuses what the chart editor refuses, naming the group and series (spec §5)', () => {
    expect(problemOf(dataGroups, [])).toBe(DASHBOARD_MESSAGES.chartNeedsGroup);
    expect(problemOf(dataGroups, [{ type: 'Line', data: [] }])).toBe(
      `Data group 1: ${DASHBOARD_MESSAGES.groupNeedsSeries}`,
    );
    expect(problemOf(dataGroups, [{ type: 'Line', data: [series(), { name: 'x' }] }])).toBe(
      `Data group 1, series 2: ${DASHBOARD_MESSAGES.seriesNeedsLine}`,
    );
    expect(problemOf(dataGroups, [{ type: 'Line', data: [{ reportItemId: 'l1', isLeaf: true }] }])).toBe(
      `Data group 1, series 1: ${DASHBOARD_MESSAGES.leafNeedsAccount}`,
    );
    expect(
      problemOf(dataGroups, [
        { type: 'Line', data: [series()] },
        { type: 'Bar', data: [series(), series({ color: '#123456' })] },
      ]),
    ).toBe(`Data group 2, series 2: ${DASHBOARD_MESSAGES.colorNotInPalette}`);
    expect(problemOf(dataGroups, [{ type: 'Pie', data: [series()] }])).toBe(
      'Data group 1: Type must be one of Line, Bar',
    );
    expect(problemOf(dataGroups, [{ type: 'Line', data: [series({ name: '  ' })] }])).toBe(
      'Data group 1, series 1: Series name is required',
    );
    expect(problemOf(dataGroups, [{ type: 'Line', data: [series({ name: 'x'.repeat(121) })] }])).toBe(
      'Data group 1, series 1: Series name must be at most 120 characters',
    );
  });

  it('caps groups per chart and series per group, and wants ids unique in the chart', () => {
    const group = { type: 'Line', data: [series()] };
    expect(
      problemOf(
        dataGroups,
        Array.from({ length: 5 }, () => group),
      ),
    ).toBe('A chart holds at most 4 data groups');
    expect(problemOf(dataGroups, [{ type: 'Line', data: Array.from({ length: 13 }, () => series()) }])).toBe(
      'Data group 1: A data group holds at most 12 series',
    );
    expect(
      problemOf(dataGroups, [
        { id: 'g', type: 'Line', data: [series({ id: 's' })] },
        { type: 'Bar', data: [series({ id: 's' })] },
      ]),
    ).toBe(DASHBOARD_MESSAGES.duplicateItemIds);
    expect(problemOf(dataGroups, [{ type: 'Line', data: [series({ id: 'y'.repeat(65) })] }])).toBe(
      'Data group 1, series 1: Id must be at most 64 characters',
    );
  });
});

describe('chart highlight', () => {
  it('is no highlight without a line, and refuses an invert or leaf without one', () => {
    expect(parseHighlight({ name: 'x' })).toBeNull();
    expect(problemOf(highlight, { invert: true })).toBe(`Highlight: ${DASHBOARD_MESSAGES.seriesNeedsLine}`);
    expect(parseHighlight({ reportItemId: 'l1', invert: true })).toEqual({
      name: '',
      accountId: null,
      reportId: null,
      reportItemId: 'l1',
      isLeaf: false,
      invert: true,
    });
  });
});

describe('dashboard positions', () => {
  const at = (fields: Record<string, unknown>) => ({ id: 'c1', x: 0, y: 0, w: 6, h: 7, ...fields });

  it('keeps charts on the 12-column grid, at least 2 x 2 (spec §9)', () => {
    expect(problemOf(positions, [at({})])).toBeNull();
    expect(problemOf(positions, [at({ x: 6, w: 6 })])).toBeNull();
    expect(problemOf(positions, [at({ x: 7, w: 6 })])).toBe(`Position 1: ${DASHBOARD_MESSAGES.outsideGrid}`);
    expect(problemOf(positions, [at({ w: 1 })])).toBe('Position 1: Width must be between 2 and 12');
    expect(problemOf(positions, [at({ h: 25 })])).toBe('Position 1: Height must be between 2 and 24');
    expect(problemOf(positions, [at({ y: -1 })])).toBe('Position 1: Y must be between 0 and 2000');
    expect(problemOf(positions, [at({}), at({ x: 1.5, id: 'c2' })])).toBe(
      'Position 2: X must be a whole number',
    );
    expect(problemOf(positions, [at({}), at({ y: 7 })])).toBe(DASHBOARD_MESSAGES.duplicatePositions);
  });
});

describe('findDashboardRangeProblem', () => {
  it('wants the end not before the start and at most 120 months from start to end', () => {
    expect(findDashboardRangeProblem('2025-01', '2025-01')).toBeNull();
    expect(findDashboardRangeProblem('2025-01', '2035-01')).toBeNull();
    expect(findDashboardRangeProblem('2025-01', '2035-02')).toBe(DASHBOARD_MESSAGES.rangeTooLong);
    expect(findDashboardRangeProblem('2025-02', '2025-01')).toBe(DASHBOARD_MESSAGES.endBeforeStart);
  });
});
