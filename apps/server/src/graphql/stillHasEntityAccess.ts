import { type Capability, roleCan } from '@keel/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { accessTokens, memberships } from '../db/schema';
import type { Context } from './context';

/**
 * Whether the viewer may still do `capability` in the entity: their token still live and their role
 * still granting it, read afresh (the context's guard answers from what it read when the request
 * began). A subscription lives for hours; it asks this now and then and ends when the answer is no
 * (the member was removed, the token revoked or expired).
 */
export async function stillHasEntityAccess(
  ctx: Context,
  entityId: string,
  capability: Capability,
): Promise<boolean> {
  if (!ctx.viewer) return false;
  const [row] = await ctx.db
    .select({ role: memberships.role })
    .from(accessTokens)
    .innerJoin(memberships, eq(memberships.userId, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.id, ctx.viewer.tokenId),
        eq(accessTokens.userId, ctx.viewer.userId),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, ctx.clock.now()),
        eq(memberships.entityId, entityId),
      ),
    )
    .limit(1);
  return row !== undefined && roleCan(row.role, capability);
}
