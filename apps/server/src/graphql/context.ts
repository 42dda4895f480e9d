import { type Capability, type Role, roleCan } from '@keel/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { preparedPerDatabase } from '../db/preparedPerDatabase';
import { entityLedgerVersions, memberships } from '../db/schema';
import { entityNotFound, forbidden, unauthenticated } from '../errors';
import { noteRequestEntity, type RequestFacts } from '../http/requestFacts';
import type { ClientInfo } from '../modules/auth/audit';
import type { Providers } from '../providers';
import type { Realtime } from '../realtime/realtime';

/** The signed-in user behind a request, resolved from its bearer token. */
export type Viewer = { userId: string; email: string; tokenId: string };

export type Membership = { entityId: string; role: Role };

export type Context = {
  db: Db;
  clock: Clock;
  config: Config;
  providers: Providers;
  /** Publish/subscribe across the servers of the database: what subscriptions listen to. */
  realtime: Realtime;
  viewer: Viewer | null;
  /** Where the request came from: kept on audit events and counted by the rate limits. */
  client: ClientInfo;
  /** What the request is about, for its log line: the guard notes the company it let the viewer into. */
  requestFacts?: RequestFacts;
  /** The viewer, or UNAUTHENTICATED. */
  requireViewer(): Viewer;
  /**
   * The one tenancy guard: the viewer must be a member of the entity with a role that grants the
   * capability. Unknown and foreign ids both answer 'Entity not found', so nothing is revealed.
   */
  requireEntity(entityId: string, capability: Capability): Promise<Membership>;
  /**
   * requireEntity, with the entity's ledger version read in the same statement: a report answered from
   * the cache needs both, and one round trip to the database instead of two is most of its cost. The
   * version is as of the call, so it is only for a read that happens before the request writes.
   */
  requireEntityAtLedgerVersion(
    entityId: string,
    capability: Capability,
  ): Promise<{ membership: Membership; ledgerVersion: number }>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The realtime of a context made outside GraphQL (the REST routes' guard), which never subscribes. */
const noRealtime: Realtime = {
  publish: () => Promise.reject(new Error('No realtime in this context')),
  subscribe: () => {
    throw new Error('No realtime in this context');
  },
  close: () => Promise.resolve(),
  subscriberCount: 0,
};

/** The viewer's membership of a company: every request that opens a company reads it. */
const membershipOf = preparedPerDatabase((db) =>
  db
    .select({ entityId: memberships.entityId, role: memberships.role })
    .from(memberships)
    .where(
      and(
        eq(memberships.entityId, sql.placeholder('entityId')),
        eq(memberships.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('keel_membership'),
);

/** The same membership, and the entity's ledger version (0 before its first write). */
const membershipAtLedgerVersionOf = preparedPerDatabase((db) =>
  db
    .select({
      entityId: memberships.entityId,
      role: memberships.role,
      ledgerVersion: sql<number>`coalesce(${entityLedgerVersions.version}, 0)`.mapWith(Number),
    })
    .from(memberships)
    .leftJoin(entityLedgerVersions, eq(entityLedgerVersions.entityId, memberships.entityId))
    .where(
      and(
        eq(memberships.entityId, sql.placeholder('entityId')),
        eq(memberships.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('keel_membership_at_ledger_version'),
);

export function createContext(
  base: Omit<Context, 'requireViewer' | 'requireEntity' | 'requireEntityAtLedgerVersion' | 'realtime'> & {
    realtime?: Realtime;
  },
): Context {
  const memberships$ = new Map<string, Promise<Membership | null>>();
  const requireViewer = () => {
    if (!base.viewer) throw unauthenticated();
    return base.viewer;
  };
  const findMembership = (userId: string, entityId: string) => {
    let found = memberships$.get(entityId);
    if (!found) {
      found = membershipOf(base.db)
        .execute({ entityId, userId })
        .then((rows) => rows[0] ?? null);
      memberships$.set(entityId, found);
    }
    return found;
  };
  const admit = (entityId: string, membership: Membership | null, capability: Capability) => {
    if (!membership) throw entityNotFound();
    if (!roleCan(membership.role, capability)) throw forbidden();
    noteRequestEntity(base.requestFacts, entityId);
    return membership;
  };
  return {
    ...base,
    realtime: base.realtime ?? noRealtime,
    requireViewer,
    async requireEntity(entityId, capability) {
      const viewer = requireViewer();
      if (!isUuid(entityId)) throw entityNotFound();
      return admit(entityId, await findMembership(viewer.userId, entityId), capability);
    },
    async requireEntityAtLedgerVersion(entityId, capability) {
      const viewer = requireViewer();
      if (!isUuid(entityId)) throw entityNotFound();
      const [row] = await membershipAtLedgerVersionOf(base.db).execute({ entityId, userId: viewer.userId });
      const membership = row ? { entityId: row.entityId, role: row.role } : null;
      memberships$.set(entityId, Promise.resolve(membership));
      return { membership: admit(entityId, membership, capability), ledgerVersion: row?.ledgerVersion ?? 0 };
    },
  };
}
