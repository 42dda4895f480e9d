import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reports } from '../../db/schema';
import { DEFAULT_REPORT_NAME } from '../ledger/accounts';

export type ReportRecord = typeof reports.$inferSelect;

/** An entity's reports: the default 'Financial Report' first, then by name. */
export async function listReports(db: Db, entityId: string): Promise<ReportRecord[]> {
  return db
    .select()
    .from(reports)
    .where(eq(reports.entityId, entityId))
    .orderBy(sql`${reports.name} <> ${DEFAULT_REPORT_NAME}`, asc(reports.name), asc(reports.createdAt));
}
