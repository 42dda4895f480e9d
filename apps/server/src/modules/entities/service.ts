import { DEFAULT_TIME_ZONE } from '@keel/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { depositAccounts, entities, entityLedgerVolumes, memberships } from '../../db/schema';
import { createDefaultChart } from '../ledger/accounts';

export type EntityRow = typeof entities.$inferSelect;

/** The entities a user belongs to, by name. */
export async function listEntitiesForUser(db: Db, userId: string): Promise<EntityRow[]> {
  const rows = await db
    .select({ entity: entities })
    .from(memberships)
    .innerJoin(entities, eq(entities.id, memberships.entityId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(entities.name), asc(entities.id));
  return rows.map((row) => row.entity);
}

/**
 * The entity a user lands on when none is remembered on the device: the one they opened last (on any
 * device, across sign-outs); the first time, the one with the most in its books (the gross of its
 * entries and forecasts, kept by the ledger volume check), then by name. Null without entities.
 */
export async function defaultEntityIdForUser(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: entities.id })
    .from(memberships)
    .innerJoin(entities, eq(entities.id, memberships.entityId))
    .leftJoin(entityLedgerVolumes, eq(entityLedgerVolumes.entityId, entities.id))
    .where(eq(memberships.userId, userId))
    .orderBy(
      sql`${memberships.lastOpenedAt} DESC NULLS LAST`,
      desc(sql`coalesce(${entityLedgerVolumes.grossCents}, 0)`),
      asc(entities.name),
      asc(entities.id),
    )
    .limit(1);
  return row?.id ?? null;
}

/** Remembers that the user opened the entity (they land on it after their next sign-in). */
export async function markEntityOpened(
  db: Db,
  clock: Clock,
  userId: string,
  entityId: string,
): Promise<void> {
  await db
    .update(memberships)
    .set({ lastOpenedAt: clock.now() })
    .where(and(eq(memberships.userId, userId), eq(memberships.entityId, entityId)));
}

export async function findEntity(db: Db, entityId: string): Promise<EntityRow | null> {
  const rows = await db.select().from(entities).where(eq(entities.id, entityId)).limit(1);
  return rows[0] ?? null;
}

/**
 * Creates an entity owned by the user, with its default chart of accounts and report, in one transaction.
 * `timeZone` (already validated: timeZoneSchema) is the company's own; without one it keeps
 * DEFAULT_TIME_ZONE (UTC), which an owner or admin changes in settings.
 */
export async function createEntity(
  db: Db,
  clock: Clock,
  userId: string,
  name: string,
  options: { timeZone?: string } = {},
): Promise<EntityRow> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const [entity] = await tx
      .insert(entities)
      .values({ name, timeZone: options.timeZone ?? DEFAULT_TIME_ZONE, createdAt: now, updatedAt: now })
      .returning();
    if (!entity) throw new Error('Entity insert returned nothing');
    await tx
      .insert(memberships)
      .values({ entityId: entity.id, userId, role: 'owner', createdAt: now, updatedAt: now });
    await createDefaultChart(tx, entity.id);
    return entity;
  });
}

/**
 * Whether the entity holds one of Keel's own deposit accounts (spec §6: the Keel Transactions and
 * Documents entries show only then): an open row of deposit_accounts (modules/banking).
 */
export async function hasProviderBankAccount(db: Db, entityId: string): Promise<boolean> {
  const rows = await db
    .select({ id: depositAccounts.id })
    .from(depositAccounts)
    .where(and(eq(depositAccounts.entityId, entityId), eq(depositAccounts.status, 'open')))
    .limit(1);
  return rows.length > 0;
}

export { PROVIDER_ACCOUNT_TYPE } from '@keel/domain';
