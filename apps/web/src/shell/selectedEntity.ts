import Fuse from 'fuse.js';
import { createStoredValue, useStoredValue } from '../lib/localStore';
import { STORAGE_KEYS } from '../lib/storageKeys';

/** What the app remembers between visits (spec §9 'app state'). */
type AppState = { selectedEntityId: string | null };

function parseAppState(raw: unknown): AppState | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const id = (raw as Record<string, unknown>).selectedEntityId;
  return { selectedEntityId: typeof id === 'string' ? id : null };
}

export const appStateStore = createStoredValue<AppState>(STORAGE_KEYS.appState, parseAppState, {
  selectedEntityId: null,
});

export function useStoredEntityId(): string | null {
  return useStoredValue(appStateStore).selectedEntityId;
}

export function storeSelectedEntityId(entityId: string) {
  appStateStore.write({ ...appStateStore.read(), selectedEntityId: entityId });
}

/**
 * The entity to show (spec §4): the stored choice if the user still belongs to it; else the server's
 * default (the entity with the most in its books, so a first visit opens a company with figures);
 * else the first.
 */
export function chooseEntityId(
  entities: readonly { id: string }[],
  storedId: string | null,
  defaultId: string | null = null,
): string | null {
  for (const id of [storedId, defaultId]) {
    if (id && entities.some((entity) => entity.id === id)) return id;
  }
  return entities[0]?.id ?? null;
}

/** Fuzzy search by name (typos and partial words match); an empty query lists every entity. */
export function searchEntities<T extends { name: string }>(entities: readonly T[], query: string): T[] {
  const trimmed = query.trim();
  if (!trimmed) return [...entities];
  const fuse = new Fuse(entities, { keys: ['name'], threshold: 0.4, ignoreLocation: true });
  return fuse.search(trimmed).map((result) => result.item);
}
