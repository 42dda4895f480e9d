import { defaultReportRange, monthKeyOfDate } from '@keel/domain';
import { graphqlClient } from '../../lib/graphqlClient';
import { prefetchQuery } from '../../lib/prefetchLink';
import { isPathAllowed } from '../../shell/navigation';
import { prefetchShell } from '../../shell/prefetchShell';
import { REPORT_SUMMARY_QUERY } from './cards/reportSummaryQuery';
import { runwayMethodStore } from './cards/runwayMethodStore';
import { REPORT_QUERY } from './reportQuery';
import { reportRangeStore, usableStoredRange } from './reportRangeStore';

/**
 * Starts every query a first load of /financial or /reports/:id waits for, as soon as the app starts,
 * with the variables the page will use (FinancialReportPage, SummaryCards): the shell's Entities and
 * Header, then the Report for the server's current month, then the cards' ReportSummary for the
 * report it names. Without it they run one after another as each component's code loads and mounts.
 * The page's own queries take these answers (lib/prefetchLink.ts) and behave as before.
 */
export async function prefetchFinancialReport(pathname: string, reportId: string | null): Promise<void> {
  const shell = await prefetchShell();
  // A member whose role does not show the books is sent to their cards: nothing to fetch.
  if (!shell || !isPathAllowed(shell.entity.viewerRole, pathname)) return;
  const entityId = shell.entity.id;
  const currentMonth = monthKeyOfDate(shell.today);
  const range = usableStoredRange(reportRangeStore.read(), currentMonth) ?? defaultReportRange(currentMonth);
  const report = await prefetchQuery(graphqlClient, REPORT_QUERY, { entityId, reportId, ...range });
  if (!report) return;
  await prefetchQuery(graphqlClient, REPORT_SUMMARY_QUERY, {
    entityId,
    reportId: report.report.id,
    ...range,
    method: runwayMethodStore.read(),
  });
}
