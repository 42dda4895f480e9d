import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { chatMessages, chatThreads } from '../../db/schema';
import { isUuid } from '../../graphql/context';

export type ChatThreadRow = typeof chatThreads.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** Threads listed at most (newest first). */
const CHAT_THREADS_LISTED_MAX = 50;
/** Messages a thread holds at most: past it, a new question starts a new thread. */
export const CHAT_THREAD_MESSAGES_MAX = 200;

/**
 * A thread of the company that belongs to the user, or null: another user's thread, another company's,
 * an unknown id and a malformed one all answer null alike. `lock` takes the thread's row lock (the
 * order of its messages is given under it).
 */
export async function findViewerThread(
  db: Db | Tx,
  where: { entityId: string; userId: string; threadId: string },
  options: { lock?: boolean } = {},
): Promise<ChatThreadRow | null> {
  if (!isUuid(where.threadId)) return null;
  const query = db
    .select()
    .from(chatThreads)
    .where(
      and(
        eq(chatThreads.id, where.threadId),
        eq(chatThreads.entityId, where.entityId),
        eq(chatThreads.userId, where.userId),
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The user's threads in the company, most recently active first. */
export function listViewerThreads(db: Db | Tx, entityId: string, userId: string): Promise<ChatThreadRow[]> {
  return db
    .select()
    .from(chatThreads)
    .where(and(eq(chatThreads.entityId, entityId), eq(chatThreads.userId, userId)))
    .orderBy(desc(chatThreads.updatedAt), desc(chatThreads.id))
    .limit(CHAT_THREADS_LISTED_MAX);
}

/** A thread's messages, oldest first (at most CHAT_THREAD_MESSAGES_MAX are ever stored). */
export function listThreadMessages(db: Db | Tx, threadId: string): Promise<ChatMessageRow[]> {
  return db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.threadId, threadId))
    .orderBy(asc(chatMessages.position))
    .limit(CHAT_THREAD_MESSAGES_MAX);
}

/** The complete messages before `position`, the latest `count` of them, oldest first: a reply's context. */
export async function listMessagesBefore(
  db: Db | Tx,
  threadId: string,
  position: number,
  count: number,
): Promise<ChatMessageRow[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.threadId, threadId),
        lt(chatMessages.position, position),
        eq(chatMessages.status, 'complete'),
      ),
    )
    .orderBy(desc(chatMessages.position))
    .limit(count);
  return rows.reverse();
}

/** A message of a thread, or null. */
export async function findThreadMessage(
  db: Db | Tx,
  threadId: string,
  messageId: string,
): Promise<ChatMessageRow | null> {
  if (!isUuid(messageId)) return null;
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.threadId, threadId)));
  return row ?? null;
}

/** The position the thread's next message takes (0 for the first); read under the thread's lock. */
export async function nextMessagePosition(tx: Tx, threadId: string): Promise<number> {
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${chatMessages.position}) + 1, 0)`.mapWith(Number) })
    .from(chatMessages)
    .where(eq(chatMessages.threadId, threadId));
  return row?.next ?? 0;
}
