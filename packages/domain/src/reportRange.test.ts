import { describe, expect, it } from 'vitest';
import { defaultModelRange, defaultReportRange, reportSliderBounds } from './reportRange';

describe('default ranges', () => {
  it('starts in January of last year and ends two years and two months after this January', () => {
    expect(defaultReportRange('2026-11')).toEqual({
      startMonth: '2025-01',
      actualsEndMonth: '2026-11',
      endMonth: '2028-03',
    });
    expect(defaultReportRange('2026-01').endMonth).toBe('2028-03');
  });

  it('lets the slider run three years and four months', () => {
    expect(reportSliderBounds('2026-11')).toEqual({ minMonth: '2025-01', maxMonth: '2028-05' });
  });

  it('gives models the same default span', () => {
    expect(defaultModelRange('2026-11')).toEqual({ startMonth: '2025-01', endMonth: '2028-03' });
  });
});
