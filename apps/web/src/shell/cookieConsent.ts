import { createStoredValue, useStoredValue } from '../lib/localStore';
import { STORAGE_KEYS } from '../lib/storageKeys';

/** The visitor's cookie choice. Strictly necessary cookies need no consent and are not listed. */
type CookieConsent = { analytics: boolean; marketing: boolean; decidedAt: string };

function parseConsent(raw: unknown): CookieConsent | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { analytics, marketing, decidedAt } = raw as Record<string, unknown>;
  if (typeof analytics !== 'boolean' || typeof marketing !== 'boolean' || typeof decidedAt !== 'string') {
    return undefined;
  }
  return { analytics, marketing, decidedAt };
}

export const cookieConsentStore = createStoredValue<CookieConsent | null>(
  STORAGE_KEYS.cookieConsent,
  parseConsent,
  null,
);

export function useCookieConsent(): CookieConsent | null {
  return useStoredValue(cookieConsentStore);
}

export function saveCookieConsent(choice: { analytics: boolean; marketing: boolean }) {
  cookieConsentStore.write({ ...choice, decidedAt: new Date().toISOString() });
}
