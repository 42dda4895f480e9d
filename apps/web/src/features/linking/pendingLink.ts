import { createStoredValue } from '../../lib/localStore';
import { STORAGE_KEYS } from '../../lib/storageKeys';
import type { LinkProvider } from './bankLinks';

/**
 * The link flow under way, kept in local storage from the moment its token is made until it ends, so
 * the return pages (/plaid-oauth, /moneykit-oauth, spec §2) can resume it after a bank's OAuth sign-in
 * sent the browser away and back (possibly in a new tab, outside the signed-in shell: hence the
 * company's id is kept with it).
 */
export type PendingLink = {
  provider: LinkProvider;
  /** A's link_token or B's link_session_token. */
  linkToken: string;
  entityId: string;
  /** Update mode (Reconnect): the link it repairs and its institution's name. */
  linkId: string | null;
  institutionName: string | null;
};

/** Its local-storage key (cleared by a sign-out, as all app state). */
export const PENDING_LINK_KEY = STORAGE_KEYS.pendingBankLink;

const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

function parsePendingLink(raw: unknown): PendingLink | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const value = raw as Record<string, unknown>;
  if (value.provider !== 'plaid' && value.provider !== 'moneykit') return undefined;
  if (!isString(value.linkToken) || !isString(value.entityId)) return undefined;
  return {
    provider: value.provider,
    linkToken: value.linkToken,
    entityId: value.entityId,
    linkId: isString(value.linkId) ? value.linkId : null,
    institutionName: isString(value.institutionName) ? value.institutionName : null,
  };
}

export const pendingLinkStore = createStoredValue<PendingLink | null>(
  PENDING_LINK_KEY,
  parsePendingLink,
  null,
);

/** The stored flow of a provider, or null when there is none (or it is the other provider's). */
export function readPendingLink(provider: LinkProvider): PendingLink | null {
  const pending = pendingLinkStore.read();
  return pending?.provider === provider ? pending : null;
}

/** Where a provider's OAuth institutions send the browser back (spec §2), on this app's origin. */
export function linkRedirectUrl(provider: LinkProvider): string {
  return `${window.location.origin}/${provider}-oauth`;
}
