import { randomUUID } from 'node:crypto';
import type { ChartFields } from '@keel/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  accounts,
  reportLineItems,
  reports,
  type StoredChartDataGroup,
  type StoredChartHighlight,
  type StoredChartLine,
} from '../../db/schema';
import { isUuid } from '../../graphql/context';
import { reportLinesOrFallback } from '../reports/fallbackReportLines';
import { reportNotFound } from '../reports/reportErrors';
import { chartAccountNotFound, lineItemNotFound } from './dashboardErrors';
import type { DashboardRow } from './dashboardRows';

/** A chart's fields as stored: each line's report filled in, every group and series with an id. */
type StoredChartFields = {
  name?: string;
  highlight?: StoredChartHighlight | null;
  dataGroups?: StoredChartDataGroup[];
};

type LineInput = Omit<StoredChartLine, 'reportId'> & { reportId: string | null };

/**
 * The parsed fields of CreateChart or UpdateChart, checked against the company and made ready to
 * store. A line's report defaults to the dashboard's. Every report, account and line item a line names
 * must be the company's (and the line item its report's): another company's id is refused exactly as
 * an unknown one, NOT_FOUND 'Report not found: <id>', 'Account not found' or 'Line item not found for
 * lineId <id>'. Groups and series keep the ids the client gave them (unique in the chart, checked by
 * the schema) and get new ones otherwise.
 */
export async function storeChartFields(
  tx: Tx,
  dashboard: DashboardRow,
  fields: ChartFields,
): Promise<StoredChartFields> {
  const lines: LineInput[] = [
    ...(fields.highlight ? [fields.highlight] : []),
    ...(fields.dataGroups ?? []).flatMap((group) => group.data),
  ];
  const reportOf = (line: LineInput) => line.reportId ?? dashboard.reportId;
  await checkLines(tx, dashboard.entityId, lines, reportOf);
  const stored: StoredChartFields = {};
  if (fields.name !== undefined) stored.name = fields.name;
  if (fields.highlight !== undefined) {
    stored.highlight = fields.highlight && { ...fields.highlight, reportId: reportOf(fields.highlight) };
  }
  if (fields.dataGroups !== undefined) {
    stored.dataGroups = fields.dataGroups.map((group) => ({
      id: group.id ?? randomUUID(),
      type: group.type,
      data: group.data.map((series) => ({
        id: series.id ?? randomUUID(),
        accountId: series.accountId,
        reportId: reportOf(series),
        reportItemId: series.reportItemId,
        isLeaf: series.isLeaf,
        color: series.color,
        name: series.name,
        invert: series.invert,
        plan: series.plan,
      })),
    }));
  }
  return stored;
}

async function checkLines(
  tx: Tx,
  entityId: string,
  lines: readonly LineInput[],
  reportOf: (line: LineInput) => string,
): Promise<void> {
  const reportIds = unique(lines.map(reportOf));
  const missingReport = reportIds.find((id) => !isUuid(id));
  if (missingReport !== undefined) throw reportNotFound(missingReport);
  const foundReports =
    reportIds.length === 0
      ? []
      : await tx
          .select()
          .from(reports)
          .where(and(eq(reports.entityId, entityId), inArray(reports.id, reportIds)));
  const unknownReport = reportIds.find((id) => !foundReports.some((report) => report.id === id));
  if (unknownReport !== undefined) throw reportNotFound(unknownReport);

  const accountIds = unique(lines.flatMap((line) => (line.accountId === null ? [] : [line.accountId])));
  if (accountIds.some((id) => !isUuid(id))) throw chartAccountNotFound();
  const foundAccounts =
    accountIds.length === 0
      ? []
      : await tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(and(eq(accounts.entityId, entityId), inArray(accounts.id, accountIds)));
  if (foundAccounts.length !== accountIds.length) throw chartAccountNotFound();

  const naming = lines.filter((line) => line.reportItemId !== null);
  if (naming.length === 0) return;
  const itemIds = await lineItemIdsByReport(tx, entityId, foundReports);
  for (const line of naming) {
    const itemId = line.reportItemId ?? '';
    if (!itemIds.get(reportOf(line))?.has(itemId)) throw lineItemNotFound(itemId);
  }
}

/** Each report's line item ids, as the report shows them (stored lines, or the default ones). */
async function lineItemIdsByReport(
  tx: Tx,
  entityId: string,
  found: readonly (typeof reports.$inferSelect)[],
): Promise<Map<string, Set<string>>> {
  const stored = await tx
    .select({ id: reportLineItems.id, reportId: reportLineItems.reportId })
    .from(reportLineItems)
    .where(
      and(
        eq(reportLineItems.entityId, entityId),
        inArray(
          reportLineItems.reportId,
          found.map((report) => report.id),
        ),
      ),
    );
  const roots = await tx
    .select({ id: accounts.id, name: accounts.name, parentId: accounts.parentId })
    .from(accounts)
    .where(and(eq(accounts.entityId, entityId), isNull(accounts.parentId)));
  const byReport = new Map<string, Set<string>>();
  for (const report of found) {
    const lines = reportLinesOrFallback(
      report,
      stored.filter((line) => line.reportId === report.id),
      roots,
    );
    byReport.set(report.id, new Set(lines.map((line) => line.id)));
  }
  return byReport;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
