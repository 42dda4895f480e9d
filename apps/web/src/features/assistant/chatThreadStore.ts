import { createStoredValue } from '../../lib/localStore';
import { STORAGE_KEYS } from '../../lib/storageKeys';

/** Companies remembered at most: the oldest is forgotten first. */
const REMEMBERED_ENTITIES = 20;

/** Entity id -> the thread id of the user's last conversation there. */
type LastThreads = Record<string, string>;

function parseLastThreads(raw: unknown): LastThreads | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const entries = Object.entries(raw).filter(
    (entry): entry is [string, string] =>
      typeof entry[1] === 'string' && entry[1].length > 0 && entry[1].length <= 64,
  );
  return Object.fromEntries(entries.slice(-REMEMBERED_ENTITIES));
}

/** Cleared on sign-out with the rest of the app state: a thread is its user's alone. */
const lastThreadsStore = createStoredValue<LastThreads>(STORAGE_KEYS.chatThreads, parseLastThreads, {});

/** The thread of the user's last conversation in this company, reopened with the chat. */
export function lastChatThreadId(entityId: string): string | null {
  return lastThreadsStore.read()[entityId] ?? null;
}

/** Remembers the conversation under way in this company (null forgets it: a new one starts). */
export function rememberChatThread(entityId: string, threadId: string | null) {
  const { [entityId]: _previous, ...others } = lastThreadsStore.read();
  const kept = Object.entries(others).slice(-(REMEMBERED_ENTITIES - 1));
  lastThreadsStore.write(
    threadId === null ? Object.fromEntries(kept) : { ...Object.fromEntries(kept), [entityId]: threadId },
  );
}
