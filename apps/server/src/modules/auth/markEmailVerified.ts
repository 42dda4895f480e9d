import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRow } from './service';

/**
 * Records that the user's address is proven (a confirmation link, an invitation sent to it), inside
 * the caller's transaction; an address proven before keeps its first date. The user's row as it is now.
 */
export async function markEmailVerified(tx: Db | Tx, clock: Clock, userId: string): Promise<UserRow> {
  const now = clock.now();
  const [verified] = await tx
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning();
  if (verified) return verified;
  const [current] = await tx.select().from(users).where(eq(users.id, userId));
  if (!current) throw new Error('markEmailVerified: no such user');
  return current;
}
