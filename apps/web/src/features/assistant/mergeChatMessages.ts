import type { ChatMessage } from './assistantQueries';

/** A reply's final statuses: nothing follows them. */
const FINAL_STATUSES: ReadonlySet<ChatMessage['status']> = new Set(['complete', 'failed']);

/**
 * The conversation with what was just heard (a mutation's answer, a ThreadWasUpdated event, a re-read)
 * folded in: a known message is replaced in place, a new one goes at the end (every source lists a
 * thread's messages oldest first). An answer read before the last event must not undo it, so a message
 * keeps its newer version (by updatedAt) and never goes back from complete or failed to streaming.
 * Answers the same array when nothing changed.
 */
export function mergeChatMessages(
  existing: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): readonly ChatMessage[] {
  let merged: ChatMessage[] | null = null;
  for (const message of incoming) {
    const list: readonly ChatMessage[] = merged ?? existing;
    const index = list.findIndex((known) => known.id === message.id);
    const known = index >= 0 ? list[index] : undefined;
    if (known && newerOf(known, message) === known) continue;
    merged ??= [...existing];
    if (index >= 0) merged[index] = message;
    else merged.push(message);
  }
  return merged ?? existing;
}

/** The later state of one message: equal timestamps take the incoming one. */
function newerOf(known: ChatMessage, incoming: ChatMessage): ChatMessage {
  if (FINAL_STATUSES.has(known.status) && !FINAL_STATUSES.has(incoming.status)) return known;
  // ISO instants of one format: their text order is their time order.
  if (known.updatedAt > incoming.updatedAt) return known;
  if (known.updatedAt === incoming.updatedAt && sameMessage(known, incoming)) return known;
  return incoming;
}

function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  return (
    a.content === b.content &&
    a.status === b.status &&
    a.error === b.error &&
    a.citations.length === b.citations.length
  );
}
