import { createStoredValue, parseBoolean, useStoredValue } from '../lib/localStore';
import { STORAGE_KEYS } from '../lib/storageKeys';

/** Whether the sidebar is open; persisted under `navOpen`, open by default (spec §2). */
const navOpenStore = createStoredValue<boolean>(STORAGE_KEYS.navOpen, parseBoolean, true);

export function useNavOpen(): [boolean, (open: boolean) => void] {
  return [useStoredValue(navOpenStore), navOpenStore.write];
}
