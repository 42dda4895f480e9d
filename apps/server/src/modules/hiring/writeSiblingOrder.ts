import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { departments, jobPositions } from '../../db/schema';

/**
 * Gives siblings the positions 0, 1, 2, ... in the order given, in one statement, writing only rows
 * whose position changes. Runs under the plan's lock (lockHiringPlan), so orders never interleave.
 */
export async function writeSiblingOrder(
  tx: Tx,
  table: typeof departments | typeof jobPositions,
  orderedIds: readonly string[],
): Promise<void> {
  if (orderedIds.length === 0) return;
  const positions = orderedIds.map((_, index) => index);
  await tx.execute(sql`
    UPDATE ${table} SET position = ordered.position
    FROM unnest(${sql.param(orderedIds)}::uuid[], ${sql.param(positions)}::int[]) AS ordered(id, position)
    WHERE ${table.id} = ordered.id AND ${table.position} <> ordered.position`);
}
