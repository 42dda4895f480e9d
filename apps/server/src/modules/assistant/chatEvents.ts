import type { Db, Tx } from '../../db/client';
import { publishInTx } from '../../realtime/publishInTx';

/**
 * A change of a thread's messages (a question stored, a reply's text grown, finished or failed), as it
 * travels on the thread's topic: ids only, so it stays small whatever the text; a receiver reads the
 * message from the database.
 */
type ChatThreadEvent = { entityId: string; threadId: string; messageId: string };

/** The realtime topic of one thread. */
export const chatThreadTopic = (threadId: string) => `chat-thread:${threadId}`;

/** Tells the thread's subscribers, in every process, when `executor`'s transaction commits (at once outside one). */
export function publishChatThreadEvent(executor: Db | Tx, event: ChatThreadEvent): Promise<void> {
  return publishInTx(executor, chatThreadTopic(event.threadId), event);
}

/** A thread event heard on a topic, checked, or null when it is not one. */
export function parseChatThreadEvent(value: unknown): ChatThreadEvent | null {
  if (!value || typeof value !== 'object') return null;
  const { entityId, threadId, messageId } = value as Record<string, unknown>;
  if (typeof entityId !== 'string' || typeof threadId !== 'string' || typeof messageId !== 'string') {
    return null;
  }
  return { entityId, threadId, messageId };
}
