import { describe, expect, it } from 'vitest';
import type { ReportColumnView } from '../reportQuery';
import {
  DEFAULT_COLUMN_OPTIONS,
  parseReportColumnOptions,
  visibleReportColumns,
} from './reportColumnOptions';

const column = (key: string, period: ReportColumnView['period']): ReportColumnView => ({
  key,
  period,
  title: '',
  short: key,
  filter: 'none',
  months: [],
  month: null,
  year: null,
  border: period !== 'month',
});
const columns = [
  column('2026-11', 'month'),
  column('ytd-2026', 'year'),
  column('2026-12', 'month'),
  column('fy-2026', 'year'),
  column('total', 'total'),
];
const keys = (list: ReportColumnView[]) => list.map((c) => c.key);

describe('report column options', () => {
  it('shows months only by default', () => {
    expect(keys(visibleReportColumns(columns, DEFAULT_COLUMN_OPTIONS))).toEqual(['2026-11', '2026-12']);
  });

  it('adds the annual and YTD summaries, and the total, when toggled on', () => {
    expect(
      keys(
        visibleReportColumns(columns, { ...DEFAULT_COLUMN_OPTIONS, annualTotal: true, overallTotal: true }),
      ),
    ).toEqual(['2026-11', 'ytd-2026', '2026-12', 'fy-2026', 'total']);
    expect(
      keys(visibleReportColumns(columns, { ...DEFAULT_COLUMN_OPTIONS, months: false, annualTotal: true })),
    ).toEqual(['ytd-2026', 'fy-2026']);
  });

  it('reads stored options, falling back field by field', () => {
    expect(parseReportColumnOptions({ months: false, annualTotal: true, overallTotal: true })).toEqual({
      months: false,
      annualTotal: true,
      overallTotal: true,
      variance: false,
      emptyAccounts: false,
    });
    expect(parseReportColumnOptions({ annualTotal: 'yes', emptyAccounts: true })).toEqual({
      ...DEFAULT_COLUMN_OPTIONS,
      emptyAccounts: true,
    });
    expect(parseReportColumnOptions({ emptyAccounts: 'no' })).toEqual(DEFAULT_COLUMN_OPTIONS);
    expect(parseReportColumnOptions({ variance: true })).toEqual({
      ...DEFAULT_COLUMN_OPTIONS,
      variance: true,
    });
    expect(parseReportColumnOptions({ variance: 1 })).toEqual(DEFAULT_COLUMN_OPTIONS);
    expect(parseReportColumnOptions('months')).toBeUndefined();
    expect(parseReportColumnOptions(null)).toBeUndefined();
  });
});
