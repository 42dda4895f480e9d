import type { Db, Tx } from '../db/client';
import { publishInTx } from './publishInTx';

/**
 * A user's access changed: a membership removed or its role changed (`entityId` names the company),
 * or tokens revoked (sign-out, a password changed or reset: `entityId` is null, every company). Only
 * the fact travels: each of the user's live streams reads its own access again and ends if it is gone,
 * so a lost or repeated message can never grant anything.
 */
type AccessChangeEvent = { accessChanged: true; userId: string; entityId: string | null };

/** The realtime topic of one user's access changes: every live stream of theirs hears it. */
export const viewerAccessTopic = (userId: string) => `viewer-access:${userId}`;

/** Tells the user's live streams, in every process, when `executor`'s transaction commits. */
export function publishAccessChange(
  executor: Db | Tx,
  userId: string,
  entityId: string | null,
): Promise<void> {
  const event: AccessChangeEvent = { accessChanged: true, userId, entityId };
  return publishInTx(executor, viewerAccessTopic(userId), event);
}

/** An access change heard on a topic, checked, or null when it is not one. */
export function parseAccessChangeEvent(value: unknown): AccessChangeEvent | null {
  if (!value || typeof value !== 'object') return null;
  const { accessChanged, userId, entityId } = value as Record<string, unknown>;
  if (accessChanged !== true || typeof userId !== 'string') return null;
  if (entityId !== null && typeof entityId !== 'string') return null;
  return { accessChanged: true, userId, entityId };
}
