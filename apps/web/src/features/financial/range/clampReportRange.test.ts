import { defaultReportRange, type MonthRangeWithCutoff } from '@keel/domain';
import { describe, expect, it } from 'vitest';
import {
  handleBounds,
  initialWindowYear,
  isWindowYearUsable,
  monthAtFraction,
  monthFraction,
  moveRangeHandle,
  rangeOfYear,
  sliderWindowOfYear,
  spreadLabelCentres,
  WINDOW_SPAN_MONTHS,
  yearPickerYears,
  yearTicks,
} from './clampReportRange';

const current = '2026-11';
const defaults = defaultReportRange(current);
const window2025 = sliderWindowOfYear(2025);
const range = (startMonth: string, actualsEndMonth: string, endMonth: string): MonthRangeWithCutoff => ({
  startMonth,
  actualsEndMonth,
  endMonth,
});

describe('slider window', () => {
  it('spans three years and four months from January of its year', () => {
    expect(WINDOW_SPAN_MONTHS).toBe(40);
    expect(window2025).toEqual({ minMonth: '2025-01', maxMonth: '2028-05' });
  });

  it('opens on January of last year when the range fits, else on the range start year', () => {
    expect(initialWindowYear(defaults, current)).toBe(2025);
    expect(initialWindowYear(range('2021-06', '2022-01', '2023-01'), current)).toBe(2021);
  });

  it('offers 20 years centred on the current year', () => {
    const years = yearPickerYears(current);
    expect(years).toHaveLength(20);
    expect(years[0]).toBe(2016);
    expect(years.at(-1)).toBe(2035);
  });

  it('rejects windows that begin at or after the current month', () => {
    expect(isWindowYearUsable(2026, '2026-11')).toBe(true);
    expect(isWindowYearUsable(2027, '2026-11')).toBe(false);
    expect(isWindowYearUsable(2026, '2026-01')).toBe(false);
  });

  it('puts year ticks on each January and maps months to track positions', () => {
    expect(yearTicks(window2025).map((t) => t.year)).toEqual([2025, 2026, 2027, 2028]);
    expect(monthFraction('2025-01', window2025)).toBe(0);
    expect(monthFraction('2028-05', window2025)).toBe(1);
    expect(monthFraction('2030-01', window2025)).toBe(1);
    expect(monthAtFraction(0.5, window2025)).toBe('2026-09');
    expect(monthAtFraction(-3, window2025)).toBe('2025-01');
  });
});

describe('moveRangeHandle', () => {
  it('keeps the start before the current month', () => {
    const moved = moveRangeHandle(defaults, 'startMonth', '2026-11', window2025, current);
    expect(moved.startMonth).toBe('2026-10');
    expect(handleBounds(defaults, 'startMonth', window2025, current).max).toBe('2026-10');
  });

  it('keeps the start at or before the actuals end', () => {
    const r = range('2025-03', '2025-06', '2027-01');
    expect(moveRangeHandle(r, 'startMonth', '2026-01', window2025, current).startMonth).toBe('2025-06');
  });

  it('keeps the actuals end between the start and the current month', () => {
    expect(moveRangeHandle(defaults, 'actualsEndMonth', '2027-04', window2025, current).actualsEndMonth).toBe(
      '2026-11',
    );
    const r = range('2025-05', '2026-01', '2027-01');
    expect(moveRangeHandle(r, 'actualsEndMonth', '2025-01', window2025, current).actualsEndMonth).toBe(
      '2025-05',
    );
  });

  it('keeps the end between the actuals end and the window end', () => {
    expect(moveRangeHandle(defaults, 'endMonth', '2029-01', window2025, current).endMonth).toBe('2028-05');
    expect(moveRangeHandle(defaults, 'endMonth', '2025-02', window2025, current).endMonth).toBe('2026-11');
  });

  it('keeps the start in the window', () => {
    expect(moveRangeHandle(defaults, 'startMonth', '2023-01', window2025, current).startMonth).toBe(
      '2025-01',
    );
  });

  it('caps the end at 120 months after the start', () => {
    const wide = { minMonth: '2010-01', maxMonth: '2030-01' };
    const r = range('2012-01', '2020-01', '2021-01');
    expect(moveRangeHandle(r, 'endMonth', '2025-01', wide, current).endMonth).toBe('2022-01');
  });

  it('returns the same range when the handle cannot move', () => {
    const r = range('2026-10', '2026-11', '2027-01');
    expect(moveRangeHandle(r, 'startMonth', '2026-12', window2025, current)).toBe(r);
  });
});

describe('rangeOfYear (year picker)', () => {
  it('shows every year offered January to December, keeping the cutoff as far as the year allows', () => {
    const offered = yearPickerYears(current).filter((year) => isWindowYearUsable(year, current));
    expect(offered).toEqual(Array.from({ length: 11 }, (_, i) => 2016 + i));
    for (const year of offered) {
      const shown = rangeOfYear(year, defaults.actualsEndMonth, current);
      expect(shown.startMonth).toBe(`${year}-01`);
      expect(shown.endMonth).toBe(`${year}-12`);
      // A past year ends before the cutoff: its last month, all of it actuals either way.
      expect(shown.actualsEndMonth).toBe(year === 2026 ? '2026-11' : `${year}-12`);
      // The year sits inside the window the picker moves to, and obeys the slider's rules.
      const window = sliderWindowOfYear(year);
      expect(shown.startMonth >= window.minMonth && shown.endMonth <= window.maxMonth).toBe(true);
      expect(shown.startMonth < current && shown.actualsEndMonth <= current).toBe(true);
      expect(shown.startMonth <= shown.actualsEndMonth && shown.actualsEndMonth <= shown.endMonth).toBe(true);
    }
  });

  it("gives the user's cutoff back when its own year is picked again", () => {
    const cutoff = '2026-09';
    expect(rangeOfYear(2023, cutoff, current)).toEqual(range('2023-01', '2023-12', '2023-12'));
    expect(rangeOfYear(2026, cutoff, current)).toEqual(range('2026-01', '2026-09', '2026-12'));
  });

  it('starts the cutoff at the year for a year after it', () => {
    expect(rangeOfYear(2026, '2025-06', current)).toEqual(range('2026-01', '2026-01', '2026-12'));
  });
});

describe('spreadLabelCentres', () => {
  it('leaves labels that do not touch where they are', () => {
    expect(spreadLabelCentres([50, 200, 400], 40, 440)).toEqual([50, 200, 400]);
  });

  it('pushes touching labels apart and keeps them on the track', () => {
    expect(spreadLabelCentres([100, 105, 110], 40, 440)).toEqual([100, 142, 184]);
    expect(spreadLabelCentres([440, 440, 440], 40, 440)).toEqual([336, 378, 420]);
    expect(spreadLabelCentres([0, 0, 0], 40, 440)).toEqual([20, 62, 104]);
  });
});
