import type { Db, Tx } from '../db/client';
import { publishInTx } from './publishInTx';

/**
 * What changed in a company, as EntitySubscription (spec §7) tells its pages: its linked accounts or
 * their balances ('linkedAccounts'), its Keel deposit accounts' balances ('depositAccounts'), or its API
 * flags, e.g. the accounting source switched on ('apiFlags'). Only the reason travels: a receiver reads
 * the current state itself, so a message stays small and never carries another user's view of it.
 */
const ENTITY_UPDATE_REASONS = ['linkedAccounts', 'depositAccounts', 'apiFlags'] as const;
export type EntityUpdateReason = (typeof ENTITY_UPDATE_REASONS)[number];

export type EntityUpdateEvent = { entityId: string; reason: EntityUpdateReason };

/** The realtime topic of a company's updates. */
export const entityUpdatesTopic = (entityId: string) => `entity-updates:${entityId}`;

/** Tells the company's subscribers, in every process, when `executor`'s transaction commits. */
export function publishEntityUpdate(
  executor: Db | Tx,
  entityId: string,
  reason: EntityUpdateReason,
): Promise<void> {
  return publishInTx(executor, entityUpdatesTopic(entityId), { entityId, reason });
}

const REASONS: ReadonlySet<string> = new Set(ENTITY_UPDATE_REASONS);

/** An entity update heard on a topic, checked, or null when it is not one. */
export function parseEntityUpdateEvent(value: unknown): EntityUpdateEvent | null {
  if (!value || typeof value !== 'object') return null;
  const { entityId, reason } = value as Record<string, unknown>;
  if (typeof entityId !== 'string' || typeof reason !== 'string' || !REASONS.has(reason)) return null;
  return { entityId, reason: reason as EntityUpdateReason };
}
