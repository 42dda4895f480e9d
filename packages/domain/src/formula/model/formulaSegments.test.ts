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
  it('starts a first segment in the current month, ending 24 months later', () => {
    expect(nextSegmentDefaults([], '2026-04')).toEqual({
      formula: '',
      startMonth: '2026-04',
      startType: 'month',
      endMonth: '2028-04',
      endType: 'month',
    });
  });

  it('starts the month after the last segment ends', () => {
    const next = nextSegmentDefaults(
      [segment('a', '2026-01', '2026-12'), segment('b', null, '2025-06')],
      '2026-04',
    );
    expect(next).toMatchObject({ startMonth: '2027-01', endMonth: '2029-01' });
  });

  it('after an open-ended last segment, starts in the current month or the month after its start', () => {
    expect(nextSegmentDefaults([segment('a', '2026-01', null)], '2026-04')).toMatchObject({
      startMonth: '2026-04',
    });
    expect(nextSegmentDefaults([segment('a', '2026-09', null)], '2026-04')).toMatchObject({
      startMonth: '2026-10',
    });
    expect(nextSegmentDefaults([segment('a', null, null)], '2026-04')).toMatchObject({
      startMonth: '2026-04',
    });
  });
});

describe('addSegment and removeSegment', () => {
  it('normalise again, moving auto ends', () => {
    const first = [segment('a', null, null)];
    const added = addSegment(first, nextSegmentDefaults(first, '2026-07'), '2026-01', '2027-12');
    expect(months(added)).toEqual(['a 2026-01..2026-06', ' 2026-07..2028-07']);
    const three = [segment('a', null, null), segment('b', '2026-05', null), segment('c', '2026-09', null)];
    expect(months(removeSegment(three, 1, '2026-01', '2026-12'))).toEqual([
      'a 2026-01..2026-08',
      'c 2026-09..2026-12',
    ]);
  });
});
