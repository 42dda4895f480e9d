import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { departments, entities } from '../../db/schema';
import type { DepartmentRow } from './hiringRows';

/**
 * The company's top-level department, locked FOR UPDATE: the lock every hiring write takes first and
 * holds to its end, so a company's plan has one writer at a time (re-numbering siblings, checking names
 * and counts, refusing deletes of what is in use never race). Writes that change costs take the ledger's
 * locks after this one (refreshHiringForecasts); ledger writes never take it, so they cannot deadlock.
 * The top-level department (the company itself) is made here the
 * first time: two first writes racing insert one row (the unique partial index on entity_id where
 * parent_id is null) and both then lock it. Its name is always the company's current name.
 */
export async function lockHiringPlan(tx: Tx, clock: Clock, entityId: string): Promise<DepartmentRow> {
  const locked = await selectTopLevel(tx, entityId, true);
  if (locked) return locked;
  const now = clock.now().toISOString();
  await tx.execute(sql`
    INSERT INTO ${departments} (entity_id, name, ancestry, position, created_at, updated_at)
    SELECT ${entities.id}, ${entities.name}, '/', 0, ${now}::timestamptz, ${now}::timestamptz
    FROM ${entities} WHERE ${entities.id} = ${entityId}
    ON CONFLICT (entity_id) WHERE parent_id IS NULL DO NOTHING`);
  const created = await selectTopLevel(tx, entityId, true);
  if (!created) throw new Error(`No top-level department for entity ${entityId}`);
  return created;
}

/** The top-level department (named after the company), or null before the plan's first write. */
export async function selectTopLevel(db: Db | Tx, entityId: string, lock = false) {
  const query = db
    .select({ department: departments, entityName: entities.name })
    .from(departments)
    .innerJoin(entities, eq(entities.id, departments.entityId))
    .where(and(eq(departments.entityId, entityId), isNull(departments.parentId)));
  const [row] = lock ? await query.for('update', { of: departments }) : await query;
  return row ? { ...row.department, name: row.entityName } : null;
}
