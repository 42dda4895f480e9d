import type { ReportLineDefinition } from '@keel/domain';
import { DEFAULT_REPORT_NAME, defaultReportLines } from '../ledger/accounts';
import type { ReportRecord } from './listReports';

/**
 * A report's lines: its stored lines, or for a 'Financial Report' stored before reports had lines
 * (entities created before the default lines existed) the default lines, computed in memory: a read
 * never writes. Their ids are '<reportId>:default:<n>'.
 */
export function reportLinesOrFallback<T extends { id: string }>(
  report: ReportRecord,
  storedLines: readonly T[],
  chart: readonly { id: string; name: string; parentId: string | null }[],
): readonly (T | ReportLineDefinition)[] {
  if (storedLines.length > 0 || report.name !== DEFAULT_REPORT_NAME) return storedLines;
  const roots = new Map(chart.filter((a) => a.parentId === null).map((a) => [a.name, a.id]));
  return defaultReportLines(roots).map((line, index) => ({
    ...line,
    id: `${report.id}:default:${index}`,
    parentId: null,
  }));
}
