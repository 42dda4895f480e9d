import { addMonths, isMonthKey, type MonthKey, monthsBetween } from '../../months';
import { NEW_SEGMENT_MONTHS } from '../../validation/models';

/** A segment bound: a given month, or `auto` (start: the model start; end: until the next segment). */
export type SegmentBoundType = 'month' | 'auto';

/** One formula of a formula variable and the months it applies to, as the user set them. */
export type FormulaSegment = {
  formula: string;
  startMonth: MonthKey | null;
  startType: SegmentBoundType;
  endMonth: MonthKey | null;
  endType: SegmentBoundType;
};

/** A segment with both months resolved (they may reach past the model end; evaluation clips them). */
export type NormalizedSegment = FormulaSegment & { startMonth: MonthKey; endMonth: MonthKey };

export type SegmentProblemCode =
  | 'MISSING_MONTH'
  | 'AUTO_START_NOT_FIRST'
  | 'START_BEFORE_MODEL'
  | 'END_BEFORE_START'
  | 'OVERLAP';

/** What is wrong with the segment at `index` of the list given (not of the sorted one). */
export type SegmentProblem = { index: number; code: SegmentProblemCode; message: string };

/** Segments in order with their months resolved, or every problem found (`error`: the first one's message). */
export type NormalizedSegments =
  | { ok: true; segments: NormalizedSegment[] }
  | { ok: false; error: string; problems: SegmentProblem[] };

/**
 * Sorts a formula variable's segments by start month and resolves their `auto` bounds:
 * - an auto start is the model start, and only the first segment may have one;
 * - an auto end is the month before the next segment's start, or the model end for the last segment.
 * A segment may cover a single month (end = start). Segments may not start before the model start, end
 * before they start, or overlap; each problem is reported with the segment's index in `segments`.
 * Months not covered by any segment stay blank.
 */
export function normalizeSegments(
  segments: readonly FormulaSegment[],
  modelStart: MonthKey,
  modelEnd: MonthKey,
): NormalizedSegments {
  const problems: SegmentProblem[] = [];
  const report = (index: number, code: SegmentProblemCode, message: string) =>
    problems.push({ index, code, message });

  const starts = segments.map((segment, index) => {
    if (segment.startType === 'auto') return { index, start: null };
    if (!isMonthKey(segment.startMonth)) report(index, 'MISSING_MONTH', 'Segment start month is required');
    return { index, start: isMonthKey(segment.startMonth) ? segment.startMonth : modelStart };
  });
  // Auto starts first, then by start month; equal starts keep their order.
  starts.sort((a, b) =>
    a.start === b.start
      ? a.index - b.index
      : a.start === null
        ? -1
        : b.start === null
          ? 1
          : a.start < b.start
            ? -1
            : 1,
  );

  const resolved = starts.map(({ index, start }, position) => {
    if (start === null && position > 0)
      report(index, 'AUTO_START_NOT_FIRST', 'Only the first segment can start automatically');
    const startMonth = start ?? modelStart;
    if (startMonth < modelStart)
      report(index, 'START_BEFORE_MODEL', 'Segment start cannot be earlier than the model start');
    return { index, startMonth };
  });

  const normalized = resolved.map(({ index, startMonth }, position): NormalizedSegment => {
    const segment = segments[index] as FormulaSegment;
    const next = resolved[position + 1];
    if (next !== undefined && next.startMonth === startMonth)
      report(next.index, 'OVERLAP', 'Two segments cannot start in the same month');
    let endMonth: MonthKey;
    if (segment.endType === 'auto') {
      endMonth = next === undefined ? modelEnd : addMonths(next.startMonth, -1);
    } else if (isMonthKey(segment.endMonth)) {
      endMonth = segment.endMonth;
      if (endMonth < startMonth)
        report(index, 'END_BEFORE_START', 'Segment end must be after the segment start');
      else if (next !== undefined && next.startMonth > startMonth && endMonth >= next.startMonth)
        report(index, 'OVERLAP', 'Segment must end before the next segment starts');
    } else {
      report(index, 'MISSING_MONTH', 'Segment end month is required');
      endMonth = startMonth;
    }
    return { ...segment, startMonth, endMonth };
  });

  const [first] = problems;
  return first === undefined
    ? { ok: true, segments: normalized }
    : { ok: false, error: first.message, problems };
}

/** The segment Add Segment offers, or why none can be added. */
export type NextSegment = { ok: true; segment: FormulaSegment } | { ok: false; reason: string };

/**
 * The segment "Add Segment" offers (spec §4): one the server accepts as it is (see normalizeSegments),
 * so Submit never refuses the proposal. It starts the month after the last segment ends (by start
 * month), or in the current month when there is none; when the last segment ends `auto` (open-ended),
 * in the current month or the month after the last segment's start if that is later. That month must
 * be within the model range and free: not another segment's start, not inside a segment with a set
 * end. When it is not, the first free month after it is offered (wrapping round to the model start).
 * It ends NEW_SEGMENT_MONTHS months after its start, or the month before the next segment starts,
 * with an empty formula. None is offered when the segments do not fit the model now, or no month is free.
 */
export function nextSegmentDefaults(
  segments: readonly FormulaSegment[],
  currentMonth: MonthKey,
  modelStart: MonthKey,
  modelEnd: MonthKey,
): NextSegment {
  const existing = normalizeSegments(segments, modelStart, modelEnd);
  if (!existing.ok) return { ok: false, reason: `Fix this formula’s segments first: ${existing.error}` };
  const preferred = preferredStart(segments, currentMonth);
  const first = preferred < modelStart || preferred > modelEnd ? modelStart : preferred;
  const total = monthsBetween(modelStart, modelEnd) + 1;
  const offset = monthsBetween(modelStart, first);
  for (let step = 0; step < total; step += 1) {
    const startMonth = addMonths(modelStart, (offset + step) % total);
    const segment = segmentFrom(startMonth, existing.segments);
    if (addSegment(segments, segment, modelStart, modelEnd).ok) return { ok: true, segment };
  }
  return {
    ok: false,
    reason: 'Every month of the model is already taken by a segment: remove one to add another',
  };
}

/** The spec's start for a new segment, before it is checked against the model and the other segments. */
function preferredStart(segments: readonly FormulaSegment[], currentMonth: MonthKey): MonthKey {
  const last = [...segments]
    .filter((segment) => segment.startType === 'auto' || isMonthKey(segment.startMonth))
    .sort((a, b) => (a.startType === 'auto' ? -1 : b.startType === 'auto' ? 1 : 0) || compareStart(a, b))
    .at(-1);
  if (last?.endType === 'month' && isMonthKey(last.endMonth)) return addMonths(last.endMonth, 1);
  if (last !== undefined && last.startType === 'month' && isMonthKey(last.startMonth)) {
    const afterLast = addMonths(last.startMonth, 1);
    if (afterLast > currentMonth) return afterLast;
  }
  return currentMonth;
}

/** A new segment from `startMonth`: NEW_SEGMENT_MONTHS long, ending before the next segment starts. */
function segmentFrom(startMonth: MonthKey, normalized: readonly NormalizedSegment[]): FormulaSegment {
  const next = normalized.find((segment) => segment.startMonth > startMonth);
  let endMonth = addMonths(startMonth, NEW_SEGMENT_MONTHS);
  if (next !== undefined && endMonth >= next.startMonth) endMonth = addMonths(next.startMonth, -1);
  return { formula: '', startMonth, startType: 'month', endMonth, endType: 'month' };
}

function compareStart(a: FormulaSegment, b: FormulaSegment): number {
  const x = a.startMonth ?? '';
  const y = b.startMonth ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The segments with `segment` added, normalised again. */
export function addSegment(
  segments: readonly FormulaSegment[],
  segment: FormulaSegment,
  modelStart: MonthKey,
  modelEnd: MonthKey,
): NormalizedSegments {
  return normalizeSegments([...segments, segment], modelStart, modelEnd);
}

/** The segments without the one at `index`, normalised again (auto ends now reach the next one left). */
export function removeSegment(
  segments: readonly FormulaSegment[],
  index: number,
  modelStart: MonthKey,
  modelEnd: MonthKey,
): NormalizedSegments {
  return normalizeSegments(
    segments.filter((_, position) => position !== index),
    modelStart,
    modelEnd,
  );
}
