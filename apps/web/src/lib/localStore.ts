import { useSyncExternalStore } from 'react';
import { isClearedOnLogout } from './storageKeys';

/** One value kept in local storage as JSON, readable from React with `useStoredValue`. */
export type StoredValue<T> = {
  key: string;
  read(): T;
  write(value: T): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
};

const CHANGE_EVENT = 'keel:local-storage';

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function announce(key: string) {
  window.dispatchEvent(new CustomEvent<string>(CHANGE_EVENT, { detail: key }));
}

/**
 * A typed local-storage value. `parse` checks what was stored (it may be stale or edited by hand) and
 * returns undefined to fall back. Reads are cached by the raw string, so React sees a stable snapshot.
 */
export function createStoredValue<T>(
  key: string,
  parse: (raw: unknown) => T | undefined,
  fallback: T,
): StoredValue<T> {
  let cachedRaw: string | null = null;
  let cachedValue: T = fallback;

  function read(): T {
    const raw = readRaw(key);
    if (raw === cachedRaw) return cachedValue;
    cachedRaw = raw;
    cachedValue = fallback;
    if (raw !== null) {
      try {
        cachedValue = parse(JSON.parse(raw)) ?? fallback;
      } catch {
        cachedValue = fallback;
      }
    }
    return cachedValue;
  }

  return {
    key,
    read,
    write(value) {
      try {
        window.localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Storage full or disabled: the value lives for this page only.
      }
      announce(key);
    },
    clear() {
      try {
        window.localStorage.removeItem(key);
      } catch {
        // Storage disabled: nothing was stored.
      }
      announce(key);
    },
    subscribe(listener) {
      const onLocal = (event: Event) => {
        const changed = (event as CustomEvent<string>).detail;
        if (changed === key || changed === '*') listener();
      };
      const onOtherTab = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener();
      };
      window.addEventListener(CHANGE_EVENT, onLocal);
      window.addEventListener('storage', onOtherTab);
      return () => {
        window.removeEventListener(CHANGE_EVENT, onLocal);
        window.removeEventListener('storage', onOtherTab);
      };
    },
  };
}

export function useStoredValue<T>(store: StoredValue<T>): T {
  return useSyncExternalStore(store.subscribe, store.read, store.read);
}

/** Removes the token and stored app state (spec §4 Logout); navOpen and the cookie choice stay. */
export function clearStoredAppState() {
  try {
    const keys = Object.keys(window.localStorage);
    for (const key of keys) {
      if (isClearedOnLogout(key)) window.localStorage.removeItem(key);
    }
  } catch {
    // Storage disabled: nothing was stored.
  }
  announce('*');
}

export const parseBoolean = (raw: unknown) => (typeof raw === 'boolean' ? raw : undefined);
export const parseString = (raw: unknown) => (typeof raw === 'string' && raw.length > 0 ? raw : undefined);
