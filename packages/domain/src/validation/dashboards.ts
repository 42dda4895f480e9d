import { z } from 'zod';
import { type MonthKey, monthsBetween } from '../months';
import { requiredNameSchema } from './text';

/**
 * Form and API rules for dashboards and their charts (spec §3 Dashboard and Chart, §5 'Chart', §9
 * 'Dashboard grid'). One definition, used by the chart editor and the server.
 */

/** Spec §9: the dashboard grid has 12 columns; a chart is at least 2 x 2. */
export const DASHBOARD_GRID_COLUMNS = 12;
export const CHART_SIZE_MIN = 2;
/** The tallest chart, in grid rows (row height 40 px, spec §9): about a screen and a half. */
export const CHART_HEIGHT_MAX = 24;
/** The lowest row a chart may start on: 50 charts of the tallest size, stacked, fit with room. */
export const DASHBOARD_ROW_MAX = 2000;
/** Where a new chart goes when none is given: half the grid wide, a 200 px chart with its title high. */
export const CHART_DEFAULT_SIZE = { w: 6, h: 7 } as const;
/** The widest range a dashboard shows: as the report, at most 120 months from start to end. */
export const DASHBOARD_SPAN_MONTHS_MAX = 120;

/** How much a dashboard holds, so that it, its layout and its figures stay bounded. */
export const DASHBOARD_LIMITS = {
  charts: 50,
  dataGroups: 4,
  /** Series per data group: one per palette colour. */
  series: 12,
} as const;

export const DASHBOARD_NAME_MAX = 120;
export const CHART_NAME_MAX = 120;
export const CHART_SERIES_NAME_MAX = 120;
/** Ids the client may give its groups and series (kept, so its draft keeps its keys). */
export const CHART_ITEM_ID_MAX = 64;

export const DEFAULT_DASHBOARD_NAME = 'Dashboard';
/** Spec §5: 'Default chart name and series name New Chart'. */
export const DEFAULT_CHART_NAME = 'New Chart';
export const DEFAULT_CHART_SERIES_NAME = 'New Chart';

/** Spec §9 'Chart types Line, Bar'. */
export const CHART_TYPES = ['Line', 'Bar'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/**
 * Spec §9 'Chart palette 12 hex colours' (the spec does not list them): the 6th shade of the web app's
 * twelve Mantine colours (blue, red, green, yellow, violet, cyan, orange, pink, teal, indigo, lime,
 * gray), each readable on a white chart. A new series takes the next colour in this order.
 */
export const CHART_PALETTE = [
  '#228be6',
  '#fa5252',
  '#40c057',
  '#fab005',
  '#7950f2',
  '#15aabf',
  '#fd7e14',
  '#e64980',
  '#12b886',
  '#4c6ef5',
  '#82c91e',
  '#868e96',
] as const;
export type ChartColor = (typeof CHART_PALETTE)[number];

export const DASHBOARD_MESSAGES = {
  seriesNeedsLine: 'Each series needs a report line (an account or a report line item)',
  leafNeedsAccount: "A leaf series (an account's own figures) needs an account",
  groupNeedsSeries: 'Each data group needs at least one series',
  chartNeedsGroup: 'A chart needs at least one data group',
  colorNotInPalette: `Color must be one of the chart palette's ${CHART_PALETTE.length} colours`,
  duplicateItemIds: 'Data group and series ids must be unique within a chart',
  duplicatePositions: 'Each chart has one position',
  tooManyCharts: `A dashboard holds at most ${DASHBOARD_LIMITS.charts} charts`,
  endBeforeStart: 'The end month must not be before the start month',
  rangeTooLong: `A dashboard spans at most ${DASHBOARD_SPAN_MONTHS_MAX} months from start to end`,
  outsideGrid: `A chart must fit in the ${DASHBOARD_GRID_COLUMNS}-column grid (x + w at most ${DASHBOARD_GRID_COLUMNS})`,
} as const;

const nameSchema = requiredNameSchema;

export const dashboardNameSchema = nameSchema('Name', DASHBOARD_NAME_MAX);
export const chartNameSchema = nameSchema('Name', CHART_NAME_MAX);

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);

const itemIdSchema = z
  .string()
  .trim()
  .min(1, 'Id must not be blank')
  .max(CHART_ITEM_ID_MAX, `Id must be at most ${CHART_ITEM_ID_MAX} characters`);

/** A chart's place on the grid (spec §3 positions: id, h, w, x, y): `id` is the chart's. */
export const dashboardPositionSchema = z
  .object({
    id: itemIdSchema,
    x: wholeNumber('X', 0, DASHBOARD_GRID_COLUMNS - CHART_SIZE_MIN),
    y: wholeNumber('Y', 0, DASHBOARD_ROW_MAX),
    w: wholeNumber('Width', CHART_SIZE_MIN, DASHBOARD_GRID_COLUMNS),
    h: wholeNumber('Height', CHART_SIZE_MIN, CHART_HEIGHT_MAX),
  })
  .refine((p) => p.x + p.w <= DASHBOARD_GRID_COLUMNS, DASHBOARD_MESSAGES.outsideGrid);
export type DashboardPosition = z.output<typeof dashboardPositionSchema>;

export const dashboardPositionsSchema = z
  .array(dashboardPositionSchema)
  .max(DASHBOARD_LIMITS.charts, DASHBOARD_MESSAGES.tooManyCharts)
  .refine(
    (positions) => new Set(positions.map((p) => p.id)).size === positions.length,
    DASHBOARD_MESSAGES.duplicatePositions,
  );

/** A palette colour, any case, answered as the palette spells it. */
export const chartColorSchema = z
  .string({ error: DASHBOARD_MESSAGES.colorNotInPalette })
  .transform((value, ctx): ChartColor => {
    const found = CHART_PALETTE.find((color) => color === value.trim().toLowerCase());
    if (found) return found;
    ctx.addIssue({ code: 'custom', message: DASHBOARD_MESSAGES.colorNotInPalette });
    return z.NEVER;
  });

/** What names a report line: an account (its row, or its own '_leaf' row), or a report line item. */
const lineFields = {
  accountId: z.string().nullish(),
  reportId: z.string().nullish(),
  reportItemId: z.string().nullish(),
  isLeaf: z.boolean().nullish(),
  invert: z.boolean().nullish(),
};

type LineShape = {
  accountId?: string | null;
  reportItemId?: string | null;
  isLeaf?: boolean | null;
};

function checkLine(line: LineShape, ctx: z.RefinementCtx) {
  if (!line.accountId && !line.reportItemId) {
    ctx.addIssue({ code: 'custom', message: DASHBOARD_MESSAGES.seriesNeedsLine });
  } else if (line.isLeaf && !line.accountId) {
    ctx.addIssue({ code: 'custom', message: DASHBOARD_MESSAGES.leafNeedsAccount });
  }
}

/**
 * A series of a data group (spec §3 Chart data): a report line with its colour, name and invert, and
 * `plan`: drawn against its plan too (plan vs actual).
 * Absent name: 'New Chart' (spec §5); absent colour: null (the chart gives the next palette colour).
 */
export const chartSeriesSchema = z
  .object({
    id: itemIdSchema.nullish(),
    ...lineFields,
    color: chartColorSchema.nullish(),
    name: nameSchema('Series name', CHART_SERIES_NAME_MAX).nullish(),
    plan: z.boolean().nullish(),
  })
  .superRefine(checkLine)
  .transform((s) => ({
    id: s.id ?? null,
    accountId: s.accountId ?? null,
    reportId: s.reportId ?? null,
    reportItemId: s.reportItemId ?? null,
    isLeaf: s.isLeaf ?? false,
    invert: s.invert ?? false,
    color: s.color ?? null,
    name: s.name ?? DEFAULT_CHART_SERIES_NAME,
    plan: s.plan ?? false,
  }));

export const chartDataGroupSchema = z
  .object({
    id: itemIdSchema.nullish(),
    type: z.enum(CHART_TYPES, { error: `Type must be one of ${CHART_TYPES.join(', ')}` }),
    data: z
      .array(chartSeriesSchema, { error: DASHBOARD_MESSAGES.groupNeedsSeries })
      .min(1, DASHBOARD_MESSAGES.groupNeedsSeries)
      .max(DASHBOARD_LIMITS.series, `A data group holds at most ${DASHBOARD_LIMITS.series} series`),
  })
  .transform((g) => ({ id: g.id ?? null, type: g.type, data: g.data }));

/**
 * The highlight (spec §3 Chart highlight): a report line shown apart from the groups. A highlight that
 * names no line is no highlight (spec §5: its invert is offered only once an account is chosen).
 */
export const chartHighlightSchema = z
  .object({
    ...lineFields,
    name: z
      .string()
      .trim()
      .max(CHART_SERIES_NAME_MAX, `Highlight name must be at most ${CHART_SERIES_NAME_MAX} characters`)
      .nullish(),
  })
  .superRefine((h, ctx) => {
    if (h.accountId || h.reportItemId) checkLine(h, ctx);
    else if (h.isLeaf || h.invert)
      ctx.addIssue({ code: 'custom', message: DASHBOARD_MESSAGES.seriesNeedsLine });
  })
  .transform((h) =>
    h.accountId || h.reportItemId
      ? {
          name: h.name ?? '',
          accountId: h.accountId ?? null,
          reportId: h.reportId ?? null,
          reportItemId: h.reportItemId ?? null,
          isLeaf: h.isLeaf ?? false,
          invert: h.invert ?? false,
        }
      : null,
  );

/** A chart's data groups: 1 to 4, ids unique across groups and series; colours filled from the palette. */
export const chartDataGroupsSchema = z
  .array(chartDataGroupSchema, { error: DASHBOARD_MESSAGES.chartNeedsGroup })
  .min(1, DASHBOARD_MESSAGES.chartNeedsGroup)
  .max(DASHBOARD_LIMITS.dataGroups, `A chart holds at most ${DASHBOARD_LIMITS.dataGroups} data groups`)
  .superRefine((groups, ctx) => {
    const ids = [...groups.map((g) => g.id), ...groups.flatMap((g) => g.data.map((s) => s.id))].filter(
      (id): id is string => id !== null,
    );
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', message: DASHBOARD_MESSAGES.duplicateItemIds });
    }
  })
  .transform((groups) => {
    let next = 0;
    return groups.map((group) => ({
      ...group,
      data: group.data.map((series) => ({
        ...series,
        color: series.color ?? CHART_PALETTE[next++ % CHART_PALETTE.length] ?? CHART_PALETTE[0],
      })),
    }));
  });
export type ChartDataGroupInput = z.output<typeof chartDataGroupsSchema>[number];
export type ChartHighlightInput = NonNullable<z.output<typeof chartHighlightSchema>>;

/**
 * A chart's fields as CreateChart and UpdateChart send them, each optional (an update keeps what it
 * does not send; a create names an unnamed chart 'New Chart'). `highlight: null` is no highlight.
 */
export const chartFieldsSchema = z.object({
  name: chartNameSchema.optional(),
  highlight: chartHighlightSchema.nullable().optional(),
  dataGroups: chartDataGroupsSchema.optional(),
});
export type ChartFields = z.output<typeof chartFieldsSchema>;

/** The problem with a dashboard's month range, or null. */
export function findDashboardRangeProblem(startMonth: MonthKey, endMonth: MonthKey): string | null {
  if (endMonth < startMonth) return DASHBOARD_MESSAGES.endBeforeStart;
  if (monthsBetween(startMonth, endMonth) > DASHBOARD_SPAN_MONTHS_MAX) return DASHBOARD_MESSAGES.rangeTooLong;
  return null;
}

/** Labels of the lists an issue's path goes through, each followed by its index. */
const LIST_LABELS: Record<string, string> = {
  dataGroups: 'Data group',
  data: 'series',
  positions: 'Position',
};

/**
 * A validation issue as one sentence naming where it is: 'Data group 1, series 2: Color must be one of
 * the chart palette's 12 colours', 'Position 3: Width must be between 2 and 12', 'Highlight: ...'.
 * Field names inside an item are in the message already; list indexes are counted from 1, as a person
 * counts.
 */
export function describeDashboardIssue(issue: { path: readonly PropertyKey[]; message: string }): string {
  const parts: string[] = [];
  for (let i = 0; i < issue.path.length; i++) {
    const key = issue.path[i];
    const next = issue.path[i + 1];
    if (key === 'highlight') parts.push('Highlight');
    else if (typeof key === 'string' && key in LIST_LABELS && typeof next === 'number') {
      parts.push(`${LIST_LABELS[key]} ${next + 1}`);
    }
  }
  if (parts.length === 0) return issue.message;
  const where = parts.join(', ');
  return `${where.charAt(0).toUpperCase()}${where.slice(1)}: ${issue.message}`;
}
