import { DEFAULT_DASHBOARD_NAME } from '@keel/domain';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { dashboards } from '../../db/schema';
import { findReport } from '../reports/findReport';
import { defaultReportNotFound } from '../reports/reportErrors';
import { type DashboardRow, listDashboards } from './dashboardRows';

/**
 * A company's dashboards, making its first one when it has none (spec §2: '/dashboard: one panel per
 * dashboard, tied to the financial report; fails with Financial Report not found if none'): named
 * 'Dashboard', over the company's 'Financial Report', with no charts and the default range. Two first
 * reads racing insert one row (the unique partial index on entity_id where is_default) and both read
 * it. Without a 'Financial Report' nothing is made and the answer is NOT_FOUND 'Financial Report not
 * found'. The caller has checked the viewer's access to the entity.
 */
export async function listDashboardsEnsuringDefault(
  db: Db | Tx,
  clock: Clock,
  entityId: string,
): Promise<DashboardRow[]> {
  const existing = await listDashboards(db, entityId);
  if (existing.length > 0) return existing;
  const report = await findReport(db, entityId, null);
  if (!report) throw defaultReportNotFound();
  const now = clock.now().toISOString();
  await db.execute(sql`
    INSERT INTO ${dashboards} (entity_id, report_id, name, is_default, created_at, updated_at)
    VALUES (${entityId}::uuid, ${report.id}::uuid, ${DEFAULT_DASHBOARD_NAME}, true, ${now}::timestamptz, ${now}::timestamptz)
    ON CONFLICT (entity_id) WHERE is_default DO NOTHING`);
  return listDashboards(db, entityId);
}
