import { describe, expect, it } from 'vitest';
import { monthRange } from './months';
import { buildReportColumns } from './reportColumns';

const all = { months: true, annualTotal: true, overallTotal: true };

describe('buildReportColumns', () => {
  const range = {
    startMonth: '2025-11',
    endMonth: '2027-01',
    actualsEndMonth: '2026-03',
    currentMonth: '2026-04',
  };

  it('titles months Past, Current and Future around the current month and splits them at the cutoff', () => {
    const columns = buildReportColumns(range, { months: true, annualTotal: false, overallTotal: false });
    const byKey = new Map(columns.map((c) => [c.key, c]));
    expect(byKey.get('2026-03')).toMatchObject({ title: 'Past', filter: 'actual', short: 'Mar 26' });
    expect(byKey.get('2026-04')).toMatchObject({ title: 'Current', filter: 'forecast' });
    expect(byKey.get('2026-05')).toMatchObject({ title: 'Future', filter: 'forecast' });
    expect(columns).toHaveLength(15);
  });

  it('puts an annual column after each December and a YTD column after a non-December cutoff', () => {
    const keys = buildReportColumns(range, all).map((c) => c.key);
    expect(keys.slice(0, 3)).toEqual(['2025-11', '2025-12', 'fy-2025']);
    expect(keys.slice(5, 8)).toEqual(['2026-03', 'ytd-2026', '2026-04']);
    expect(keys.slice(-4)).toEqual(['2026-12', 'fy-2026', '2027-01', 'total']);
  });

  it('labels annual columns Actual only when the cutoff has reached that December', () => {
    const columns = buildReportColumns(range, all);
    expect(columns.find((c) => c.key === 'fy-2025')).toMatchObject({ title: 'Actual', filter: 'actual' });
    expect(columns.find((c) => c.key === 'fy-2026')).toMatchObject({ title: 'Forecast', filter: 'forecast' });
    // The whole calendar year, though the range starts in November (spec §9).
    expect(columns.find((c) => c.key === 'fy-2025')?.months).toEqual(monthRange('2025-01', '2025-12'));
  });

  it('sums January through the cutoff in the YTD column', () => {
    const ytd = buildReportColumns(range, all).find((c) => c.key === 'ytd-2026');
    expect(ytd).toMatchObject({ title: 'YTD', filter: 'ytd', period: 'year' });
    expect(ytd?.months).toEqual(['2026-01', '2026-02', '2026-03']);
  });

  it('has no YTD column when the cutoff is a December', () => {
    const keys = buildReportColumns({ ...range, actualsEndMonth: '2025-12' }, all).map((c) => c.key);
    expect(keys.some((k) => k.startsWith('ytd'))).toBe(false);
  });

  it('titles the overall total Actual only when the actuals reach the range end', () => {
    const forecast = buildReportColumns(range, all).at(-1);
    expect(forecast).toMatchObject({ key: 'total', title: 'Forecast', period: 'total', filter: 'none' });
    const actual = buildReportColumns({ ...range, actualsEndMonth: '2027-01' }, all).at(-1);
    expect(actual?.title).toBe('Actual');
    expect(actual?.months).toHaveLength(15);
  });

  it('shows only summaries when months are turned off', () => {
    const keys = buildReportColumns(range, { months: false, annualTotal: true, overallTotal: true }).map(
      (c) => c.key,
    );
    expect(keys).toEqual(['fy-2025', 'ytd-2026', 'fy-2026', 'total']);
  });
});
