import { type Capability, type Role, roleCan } from '@keel/domain';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { memberships } from '../db/schema';
import { noteRequestEntity, type RequestFacts } from '../http/requestFacts';
import type { ClientInfo } from '../modules/auth/audit';
import type { Providers } from '../providers';
import type { Realtime } from '../realtime/realtime';
import { entityNotFound, forbidden, unauthenticated } from './errors';

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

export function createContext(
  base: Omit<Context, 'requireViewer' | 'requireEntity' | 'realtime'> & { realtime?: Realtime },
): Context {
  const memberships$ = new Map<string, Promise<Membership | null>>();
  const requireViewer = () => {
    if (!base.viewer) throw unauthenticated();
    return base.viewer;
  };
  const findMembership = (userId: string, entityId: string) => {
    let found = memberships$.get(entityId);
    if (!found) {
      found = base.db
        .select({ entityId: memberships.entityId, role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.entityId, entityId), eq(memberships.userId, userId)))
        .then((rows) => rows[0] ?? null);
      memberships$.set(entityId, found);
    }
    return found;
  };
  return {
    ...base,
    realtime: base.realtime ?? noRealtime,
    requireViewer,
    async requireEntity(entityId, capability) {
      const viewer = requireViewer();
      if (!isUuid(entityId)) throw entityNotFound();
      const membership = await findMembership(viewer.userId, entityId);
      if (!membership) throw entityNotFound();
      if (!roleCan(membership.role, capability)) throw forbidden();
      noteRequestEntity(base.requestFacts, entityId);
      return membership;
    },
  };
}
