import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reports } from '../../db/schema';
import { isUuid } from '../../graphql/context';
import { DEFAULT_REPORT_NAME } from '../ledger/accounts';
import type { ReportRecord } from './listReports';

/**
 * A report of the entity: by id, or without one the default report, the one named 'Financial Report'
 * (spec §2; the oldest if several share the name). Null when the entity has no such report: an id of
 * another entity or a malformed one is simply not found.
 */
export async function findReport(
  db: Db,
  entityId: string,
  reportId: string | null,
): Promise<ReportRecord | null> {
  if (reportId !== null && !isUuid(reportId)) return null;
  const [report] = await db
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.entityId, entityId),
        reportId === null ? eq(reports.name, DEFAULT_REPORT_NAME) : eq(reports.id, reportId),
      ),
    )
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(1);
  return report ?? null;
}
