import {
  CHART_PALETTE,
  type ChartColor,
  type ChartType,
  chartFieldsSchema,
  DASHBOARD_LIMITS,
  DASHBOARD_MESSAGES,
  DEFAULT_CHART_NAME,
  DEFAULT_CHART_SERIES_NAME,
  describeDashboardIssue,
} from '@keel/domain';
import type { ChartInput, DashboardChart } from './dashboardQueries';
import type { ChartLineRef } from './reportLines';

/**
 * The chart editor's form (spec §2 'Chart editor modals', §5 'Chart'): a draft of the chart as the
 * person edits it, kept until it is saved. Groups and series keep the ids the server gave them (so an
 * update keeps them) and have a local `key` for React; new ones get their id from the server.
 */
export type DraftSeries = {
  key: string;
  id: string | null;
  /** Where the series' figures come from: a report line. */
  line: ChartLineRef | null;
  name: string;
  color: ChartColor;
  invert: boolean;
  /** Drawn against its plan too: the forecast as each past month began (plan vs actual). */
  plan: boolean;
};

export type DraftGroup = { key: string; id: string | null; type: ChartType; series: DraftSeries[] };

export type DraftHighlight = { line: ChartLineRef | null; name: string; invert: boolean };

export type ChartDraft = {
  name: string;
  groups: DraftGroup[];
  highlight: DraftHighlight;
};

let nextKey = 0;
/** A key for a new group or series, unique in this page. */
function newDraftKey(): string {
  nextKey += 1;
  return `draft-${nextKey}`;
}

const asPaletteColor = (color: string): ChartColor =>
  CHART_PALETTE.find((candidate) => candidate === color.toLowerCase()) ?? CHART_PALETTE[0];

/** The palette colour a new series takes: the first one the chart does not use yet, else the next in turn. */
export function nextSeriesColor(draft: { readonly groups: readonly DraftGroup[] }): ChartColor {
  const used = draft.groups.flatMap((group) => group.series.map((series) => series.color));
  const unused = CHART_PALETTE.find((color) => !used.includes(color));
  return unused ?? CHART_PALETTE[used.length % CHART_PALETTE.length] ?? CHART_PALETTE[0];
}

export function newDraftSeries(draft: { readonly groups: readonly DraftGroup[] }): DraftSeries {
  return {
    key: newDraftKey(),
    id: null,
    line: null,
    name: DEFAULT_CHART_SERIES_NAME,
    color: nextSeriesColor(draft),
    invert: false,
    plan: false,
  };
}

export function newDraftGroup(
  draft: { readonly groups: readonly DraftGroup[] },
  type: ChartType = 'Line',
): DraftGroup {
  return { key: newDraftKey(), id: null, type, series: [newDraftSeries(draft)] };
}

/** A new chart: 'New Chart' with one Line group of one series waiting for its report line. */
export function newChartDraft(): ChartDraft {
  const empty: ChartDraft = {
    name: DEFAULT_CHART_NAME,
    groups: [],
    highlight: { line: null, name: '', invert: false },
  };
  return { ...empty, groups: [newDraftGroup(empty)] };
}

/** The draft of a saved chart, as it is on the server. */
export function chartDraftOf(chart: DashboardChart): ChartDraft {
  return {
    name: chart.name,
    groups: chart.dataGroups.map((group) => ({
      key: newDraftKey(),
      id: group.id,
      type: group.type,
      series: group.data.map((series) => ({
        key: newDraftKey(),
        id: series.id,
        line: {
          accountId: series.accountId ?? null,
          reportItemId: series.reportItemId ?? null,
          isLeaf: series.isLeaf,
        },
        name: series.name,
        color: asPaletteColor(series.color),
        invert: series.invert,
        plan: series.plan,
      })),
    })),
    highlight: chart.highlight
      ? {
          line: {
            accountId: chart.highlight.accountId ?? null,
            reportItemId: chart.highlight.reportItemId ?? null,
            isLeaf: chart.highlight.isLeaf,
          },
          name: chart.highlight.name,
          invert: chart.highlight.invert,
        }
      : { line: null, name: '', invert: false },
  };
}

/**
 * A name that follows the line picked: a name left at its default (or blank, or still the name of the
 * line picked before) becomes the new line's name; a name the person typed stays.
 */
export function nameForLine(
  name: string,
  defaultName: string,
  lineName: string | null,
  previousLineName: string | null,
): string {
  const untouched =
    name.trim() === '' || name === defaultName || (previousLineName !== null && name === previousLineName);
  return untouched && lineName !== null ? lineName : name;
}

/** The highlight with its line changed: no line, no invert (spec §5: invert needs a chosen line). */
export function highlightWithLine(
  highlight: DraftHighlight,
  line: ChartLineRef | null,
  lineName: string | null,
  previousLineName: string | null,
): DraftHighlight {
  if (!line) return { line: null, name: '', invert: false };
  return { ...highlight, line, name: nameForLine(highlight.name, '', lineName, previousLineName) };
}

/** What CreateChart and UpdateChart are sent: the whole chart (an update replaces its groups). */
export function chartInputOf(draft: ChartDraft): ChartInput {
  const line = (ref: ChartLineRef) => ({
    accountId: ref.accountId,
    reportItemId: ref.reportItemId,
    isLeaf: ref.isLeaf,
  });
  return {
    name: draft.name.trim(),
    highlight: draft.highlight.line
      ? { ...line(draft.highlight.line), name: draft.highlight.name.trim(), invert: draft.highlight.invert }
      : null,
    dataGroups: draft.groups.map((group) => ({
      ...(group.id ? { id: group.id } : {}),
      type: group.type,
      data: group.series.map((series) => ({
        ...(series.id ? { id: series.id } : {}),
        ...(series.line ? line(series.line) : { accountId: null, reportItemId: null, isLeaf: false }),
        name: series.name.trim() || DEFAULT_CHART_SERIES_NAME,
        color: series.color,
        invert: series.invert,
        plan: series.plan,
      })),
    })),
  };
}

export const MISSING_LINE = 'A line this chart reads is no longer in the report: choose another';

/**
 * Why the chart cannot be saved yet, first reason first; empty when it can. Spec §5: Save is disabled
 * while any series has no report line or any group no series; the rest are the API's own rules (the
 * domain schema the server parses with), so what the form allows the server accepts. `isLineKnown`
 * tells a line the report still has (a deleted account's series would be refused).
 */
export function findChartDraftProblems(
  draft: ChartDraft,
  isLineKnown: (line: ChartLineRef) => boolean = () => true,
): string[] {
  const problems: string[] = [];
  if (draft.groups.length === 0) problems.push(DASHBOARD_MESSAGES.chartNeedsGroup);
  if (draft.groups.some((group) => group.series.length === 0))
    problems.push(DASHBOARD_MESSAGES.groupNeedsSeries);
  if (draft.groups.some((group) => group.series.some((series) => series.line === null))) {
    problems.push(DASHBOARD_MESSAGES.seriesNeedsLine);
  }
  const lines = [
    ...draft.groups.flatMap((group) => group.series.map((series) => series.line)),
    draft.highlight.line,
  ];
  if (lines.some((line) => line !== null && !isLineKnown(line))) problems.push(MISSING_LINE);
  if (problems.length > 0) return problems;
  const parsed = chartFieldsSchema.safeParse(chartInputOf(draft));
  if (parsed.success) return [];
  return [...new Set(parsed.error.issues.map((issue) => describeDashboardIssue(issue)))];
}

/** Whether the editor may add another group, or another series to `group`. */
export const canAddGroup = (draft: ChartDraft) => draft.groups.length < DASHBOARD_LIMITS.dataGroups;
export const canAddSeries = (group: DraftGroup) => group.series.length < DASHBOARD_LIMITS.series;

/** Whether two drafts would save the same chart (keys aside): a draft equal to its chart is not kept. */
export function isSameChartDraft(a: ChartDraft, b: ChartDraft): boolean {
  return JSON.stringify(chartInputOf(a)) === JSON.stringify(chartInputOf(b));
}
