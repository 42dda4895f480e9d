import { type Capability, type Role, roleCan } from '@keel/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { preparedPerDatabase } from '../db/preparedPerDatabase';
import { accessTokens, memberships } from '../db/schema';
import type { Context, Viewer } from './context';

/** The viewer's role in the company, if their token is still live: read before every live event. */
const liveViewerRole = preparedPerDatabase((db) =>
  db
    .select({ role: memberships.role })
    .from(accessTokens)
    .innerJoin(memberships, eq(memberships.userId, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.id, sql.placeholder('tokenId')),
        eq(accessTokens.userId, sql.placeholder('userId')),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, sql.placeholder('now')),
        eq(memberships.entityId, sql.placeholder('entityId')),
      ),
    )
    .limit(1)
    .prepare('keel_live_viewer_role'),
);

/** Reads not sent to the database yet, per database handle, by token and company: later askers join. */
const waitingReads = new WeakMap<Db, Map<string, Promise<Role | null>>>();

/**
 * One read for every stream of a token and company that asks in the same turn of the event loop (a
 * message reaches all of them at once). A read already sent is never joined: it may predate the change
 * the asker has just heard of.
 */
function readLiveViewerRole(db: Db, clock: Clock, viewer: Viewer, entityId: string): Promise<Role | null> {
  let waiting = waitingReads.get(db);
  if (!waiting) {
    waiting = new Map();
    waitingReads.set(db, waiting);
  }
  const key = `${viewer.tokenId}:${entityId}`;
  const joined = waiting.get(key);
  if (joined) return joined;
  const pending = waiting;
  const read = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
    pending.delete(key);
    const rows = await liveViewerRole(db).execute({
      tokenId: viewer.tokenId,
      userId: viewer.userId,
      entityId,
      now: clock.now(),
    });
    return rows[0]?.role ?? null;
  });
  pending.set(key, read);
  return read;
}

/**
 * Whether the viewer may still do `capability` in the entity: their token still live and their role
 * still granting it, read afresh (the context's guard answers from what it read when the request
 * began). A live subscription asks this before each event it sends and whenever it hears that its
 * viewer's access changed, and ends when the answer is no (the member was removed, their role lost the
 * capability, the token was revoked or expired).
 */
export async function stillHasEntityAccess(
  ctx: Context,
  entityId: string,
  capability: Capability,
): Promise<boolean> {
  if (!ctx.viewer) return false;
  const role = await readLiveViewerRole(ctx.db, ctx.clock, ctx.viewer, entityId);
  return role !== null && roleCan(role, capability);
}
