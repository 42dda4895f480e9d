import { describe, expect, it } from 'vitest';
import {
  addSegment,
  type FormulaSegment,
  nextSegmentDefaults,
  normalizeSegments,
  removeSegment,
} from './formulaSegments';

const segment = (formula: string, start: string | null, end: string | null): FormulaSegment => ({
  formula,
  startMonth: start,
  startType: start === null ? 'auto' : 'month',
  endMonth: end,
  endType: end === null ? 'auto' : 'month',
});

const months = (result: ReturnType<typeof normalizeSegments>) =>
  result.ok ? result.segments.map((s) => `${s.formula} ${s.startMonth}..${s.endMonth}`) : result.problems;

describe('normalizeSegments', () => {
  it('sorts by start and resolves auto bounds: the model start, the month before the next start, the model end', () => {
    const result = normalizeSegments(
      [segment('c', '2027-01', null), segment('a', null, null), segment('b', '2026-06', '2026-09')],
      '2026-01',
      '2027-12',
    );
    expect(months(result)).toEqual(['a 2026-01..2026-05', 'b 2026-06..2026-09', 'c 2027-01..2027-12']);
    expect(result.ok && result.segments[0]).toMatchObject({ startType: 'auto', endType: 'auto' });
  });

  it('allows gaps between segments and a one-month segment', () => {
    expect(
      months(
        normalizeSegments(
          [segment('a', '2026-02', '2026-02'), segment('b', '2026-05', null)],
          '2026-01',
          '2026-12',
        ),
      ),
    ).toEqual(['a 2026-02..2026-02', 'b 2026-05..2026-12']);
    expect(months(normalizeSegments([], '2026-01', '2026-12'))).toEqual([]);
  });

  it('keeps an end past the model end (evaluation clips it)', () => {
    expect(months(normalizeSegments([segment('a', '2026-01', '2030-01')], '2026-01', '2026-12'))).toEqual([
      'a 2026-01..2030-01',
    ]);
  });

  it('reports each problem with the index of the segment as given', () => {
    expect(normalizeSegments([segment('a', '2025-12', null)], '2026-01', '2026-12')).toEqual({
      ok: false,
      error: 'Segment start cannot be earlier than the model start',
      problems: [
        {
          index: 0,
          code: 'START_BEFORE_MODEL',
          message: 'Segment start cannot be earlier than the model start',
        },
      ],
    });
    expect(
      months(
        normalizeSegments(
          [segment('a', '2026-01', '2026-03'), segment('b', '2026-06', '2026-05')],
          '2026-01',
          '2026-12',
        ),
      ),
    ).toEqual([
      { index: 1, code: 'END_BEFORE_START', message: 'Segment end must be after the segment start' },
    ]);
    expect(
      months(normalizeSegments([segment('a', null, null), segment('b', null, null)], '2026-01', '2026-12')),
    ).toEqual([
      { index: 1, code: 'AUTO_START_NOT_FIRST', message: 'Only the first segment can start automatically' },
      { index: 1, code: 'OVERLAP', message: 'Two segments cannot start in the same month' },
    ]);
    expect(
      months(
        normalizeSegments(
          [segment('a', '2026-01', '2026-06'), segment('b', '2026-04', null)],
          '2026-01',
          '2026-12',
        ),
      ),
    ).toEqual([{ index: 0, code: 'OVERLAP', message: 'Segment must end before the next segment starts' }]);
    expect(
      months(
        normalizeSegments(
          [{ formula: 'a', startMonth: null, startType: 'month', endMonth: '2026-02', endType: 'month' }],
          '2026-01',
          '2026-12',
        ),
      ),
    ).toEqual([{ index: 0, code: 'MISSING_MONTH', message: 'Segment start month is required' }]);
    expect(
      months(
        normalizeSegments(
          [{ formula: 'a', startMonth: '2026-01', startType: 'month', endMonth: 'soon', endType: 'month' }],
          '2026-01',
          '2026-12',
        ),
      ),
    ).toEqual([{ index: 0, code: 'MISSING_MONTH', message: 'Segment end month is required' }]);
  });

  it('sorts an auto start before a month start, so a later auto start is the problem', () => {
    const result = normalizeSegments(
      [segment('a', '2026-03', null), segment('b', null, null)],
      '2026-01',
      '2026-12',
    );
    expect(months(result)).toEqual(['b 2026-01..2026-02', 'a 2026-03..2026-12']);
  });
});

describe('nextSegmentDefaults', () => {
  /** The proposed segment's months, or the reason none is proposed. */
  const proposal = (
    segments: FormulaSegment[],
    currentMonth: string,
    modelStart = '2026-01',
    modelEnd = '2030-12',
  ) => {
    const next = nextSegmentDefaults(segments, currentMonth, modelStart, modelEnd);
    return next.ok ? `${next.segment.startMonth}..${next.segment.endMonth}` : next.reason;
  };

  it('starts a first segment in the current month, ending 24 months later', () => {
    expect(nextSegmentDefaults([], '2026-04', '2026-01', '2030-12')).toEqual({
      ok: true,
      segment: {
        formula: '',
        startMonth: '2026-04',
        startType: 'month',
        endMonth: '2028-04',
        endType: 'month',
      },
    });
  });

  it('starts the month after the last segment ends', () => {
    expect(proposal([segment('a', '2026-03', '2026-12'), segment('b', null, '2026-02')], '2026-04')).toBe(
      '2027-01..2029-01',
    );
  });

  it('after an open-ended last segment, starts in the current month or the month after its start', () => {
    expect(proposal([segment('a', '2026-01', null)], '2026-04')).toBe('2026-04..2028-04');
    expect(proposal([segment('a', '2026-09', null)], '2026-04')).toBe('2026-10..2028-10');
    expect(proposal([segment('a', null, null)], '2026-04')).toBe('2026-04..2028-04');
  });

  it('never proposes a start before the model start, which the server refuses', () => {
    // A model starting after this month: the current month is before it.
    expect(proposal([], '2026-11', '2027-01', '2028-12')).toBe('2027-01..2029-01');
    // An auto start is the model start, so the month after it is the first free one.
    expect(proposal([segment('a', null, null)], '2026-11', '2027-01', '2028-12')).toBe('2027-02..2029-02');
    expect(proposal([segment('a', null, null)], '2027-01', '2027-01', '2028-12')).toBe('2027-02..2029-02');
  });

  it('proposes a month inside the model range, ending before the next segment starts', () => {
    // The last segment ends at the model end: the first free month from the model start.
    expect(
      proposal(
        [segment('a', '2026-01', '2026-06'), segment('b', '2026-09', '2026-12')],
        '2026-04',
        '2026-01',
        '2026-12',
      ),
    ).toBe('2026-07..2026-08');
    // A model wholly in the past starts its first segment at the model start.
    expect(proposal([], '2026-11', '2024-01', '2024-12')).toBe('2024-01..2026-01');
  });

  it('proposes what addSegment accepts, whatever the segments and the current month', () => {
    const shapes: FormulaSegment[][] = [
      [],
      [segment('a', null, null)],
      [segment('a', null, '2026-05'), segment('b', '2026-08', null)],
      [segment('a', '2026-02', '2026-03'), segment('b', '2026-05', '2026-12')],
      [segment('a', '2026-12', null)],
    ];
    for (const segments of shapes)
      for (const currentMonth of ['2025-06', '2026-01', '2026-05', '2026-12', '2027-06']) {
        const next = nextSegmentDefaults(segments, currentMonth, '2026-01', '2026-12');
        if (!next.ok) throw new Error(`no proposal for ${JSON.stringify(segments)} in ${currentMonth}`);
        expect(addSegment(segments, next.segment, '2026-01', '2026-12').ok).toBe(true);
        expect(next.segment.startMonth! >= '2026-01' && next.segment.startMonth! <= '2026-12').toBe(true);
      }
  });

  it('proposes none, with the reason, when no month is free or the segments do not fit the model', () => {
    expect(proposal([segment('a', '2026-01', '2026-12')], '2026-04', '2026-01', '2026-12')).toBe(
      'Every month of the model is already taken by a segment: remove one to add another',
    );
    expect(proposal([segment('a', null, null)], '2026-01', '2026-01', '2026-01')).toBe(
      'Every month of the model is already taken by a segment: remove one to add another',
    );
    // The model start was moved after a segment's start.
    expect(proposal([segment('a', '2026-03', null)], '2026-04', '2026-06', '2026-12')).toBe(
      'Fix this formula’s segments first: Segment start cannot be earlier than the model start',
    );
  });
});

describe('addSegment and removeSegment', () => {
  it('normalise again, moving auto ends', () => {
    const first = [segment('a', null, null)];
    const next = nextSegmentDefaults(first, '2026-07', '2026-01', '2027-12');
    if (!next.ok) throw new Error(next.reason);
    const added = addSegment(first, next.segment, '2026-01', '2027-12');
    expect(months(added)).toEqual(['a 2026-01..2026-06', ' 2026-07..2028-07']);
    const three = [segment('a', null, null), segment('b', '2026-05', null), segment('c', '2026-09', null)];
    expect(months(removeSegment(three, 1, '2026-01', '2026-12'))).toEqual([
      'a 2026-01..2026-08',
      'c 2026-09..2026-12',
    ]);
  });
});
