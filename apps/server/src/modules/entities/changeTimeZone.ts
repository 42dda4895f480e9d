import { timeZoneSchema } from '@keel/domain';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { entities, entityLedgerVersions } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { parseArgs } from '../../graphql/parseInput';
import { type ClientInfo, recordAuthEvent } from '../auth/audit';
import type { EntityRow } from './service';

/** What createEntity and setEntityTimeZone take: errors name the field (`extensions.field`). */
const entityTimeZoneArgsSchema = z.object({ timeZone: timeZoneSchema });

/**
 * setEntityTimeZone: the company's days and months follow `timeZone` from now on ('today', the
 * report's current month, transaction days). The caller has checked that the viewer manages the
 * company. A change is audited ('entity.time_zone_changed', from and to) and raises the entity's
 * ledger version, so no report answer kept under the old zone's month is replayed. Setting the zone it
 * already has changes nothing.
 */
export async function setEntityTimeZone(
  db: Db,
  clock: Clock,
  entityId: string,
  input: { timeZone: unknown },
  actor: { id: string; client: ClientInfo },
): Promise<EntityRow> {
  const { timeZone } = parseArgs(entityTimeZoneArgsSchema, input);
  return writeTransaction(db, async (tx) => {
    const [current] = await tx.select().from(entities).where(eq(entities.id, entityId)).for('update');
    if (!current) throw new Error('Entity vanished after membership check');
    if (current.timeZone === timeZone) return current;
    const now = clock.now();
    const [updated] = await tx
      .update(entities)
      .set({ timeZone, updatedAt: now })
      .where(eq(entities.id, entityId))
      .returning();
    if (!updated) throw new Error('Entity update returned nothing');
    // The report's current month follows the zone: answers kept for the old one must not be replayed.
    await tx
      .insert(entityLedgerVersions)
      .values({ entityId, version: 1 })
      .onConflictDoUpdate({
        target: entityLedgerVersions.entityId,
        set: { version: sql`${entityLedgerVersions.version} + 1` },
      });
    await recordAuthEvent(tx, clock, {
      type: 'entity.time_zone_changed',
      userId: actor.id,
      entityId,
      client: actor.client,
      details: { from: current.timeZone, to: timeZone },
    });
    return updated;
  });
}
