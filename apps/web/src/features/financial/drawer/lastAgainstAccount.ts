import { createStoredValue } from '../../../lib/localStore';
import { STORAGE_KEYS } from '../../../lib/storageKeys';

/** Companies remembered at most: the oldest is forgotten first. */
const REMEMBERED_ENTITIES = 20;

type LastAgainst = Record<string, string>;

function parseLastAgainst(raw: unknown): LastAgainst | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const entries = Object.entries(raw).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length <= 64,
  );
  return Object.fromEntries(entries.slice(-REMEMBERED_ENTITIES));
}

const lastAgainstStore = createStoredValue<LastAgainst>(STORAGE_KEYS.againstAccount, parseLastAgainst, {});

/** The account this company's last saved entry or forecast was booked against, if any. */
export function lastAgainstAccountId(entityId: string): string | null {
  return lastAgainstStore.read()[entityId] ?? null;
}

/** Remembers the against account of a saved entry or forecast, for the next new one. */
export function rememberAgainstAccount(entityId: string, accountId: string) {
  const { [entityId]: _previous, ...others } = lastAgainstStore.read();
  const kept = Object.entries(others).slice(-(REMEMBERED_ENTITIES - 1));
  lastAgainstStore.write({ ...Object.fromEntries(kept), [entityId]: accountId });
}
