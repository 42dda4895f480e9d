import { useSyncExternalStore } from 'react';

/** An unexpected error to show in the global Error modal (spec §2 'Other screens'). */
type ErrorModalContent = { title: string; message: string };

let current: ErrorModalContent | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function showErrorModal(content: ErrorModalContent) {
  current = content;
  emit();
}

export function closeErrorModal() {
  current = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useErrorModalContent(): ErrorModalContent | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}
