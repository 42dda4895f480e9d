import { createStoredValue, parseString, useStoredValue } from './localStore';
import { STORAGE_KEYS } from './storageKeys';

/** The access token of the signed-in user (spec §3 Auth state); null when signed out. */
export const accessTokenStore = createStoredValue<string | null>(STORAGE_KEYS.authToken, parseString, null);

export const getAccessToken = () => accessTokenStore.read();
export const setAccessToken = (token: string) => accessTokenStore.write(token);

export function useAccessToken(): string | null {
  return useStoredValue(accessTokenStore);
}
