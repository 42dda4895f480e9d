import type { LinkedAccount, MoneykitLink, PlaidItem } from './linkingQueries';

/** The two bank aggregators (spec §3): provider A (Plaid) and provider B (MoneyKit). */
export type LinkProvider = 'plaid' | 'moneykit';

export const PROVIDER_LABELS: Record<LinkProvider, string> = { plaid: 'Plaid', moneykit: 'MoneyKit' };

/** Spec §8: a link whose institution has no name. */
export const UNKNOWN_INSTITUTION = 'Unknown Institution';

/** Provider A's error code for a login that expired (spec §4). */
const PLAID_LOGIN_REQUIRED = 'ITEM_LOGIN_REQUIRED';
/** Provider B's error code, with state 'error', for a login that expired (spec §4). */
const MONEYKIT_AUTH_EXPIRED = 'auth_expired';

/** One bank connection as the Linked Accounts page shows it, whichever provider made it. */
export type BankLink = {
  provider: LinkProvider;
  /** A's itemId or B's id: what reconnect, refresh and delete take. */
  id: string;
  institutionName: string;
  updatedAt: string;
  lastSyncedAt: string | null;
  /** Spec §4: the login expired; only Reconnect (update mode) repairs it. */
  needsReconnect: boolean;
  /** The provider's message for the user about what is wrong, when it gives one. */
  problem: string | null;
  accounts: readonly LinkedAccount[];
};

/** Spec §4: A needs reconnecting when its error code is ITEM_LOGIN_REQUIRED. */
function plaidItemNeedsReconnect(item: Pick<PlaidItem, 'error' | 'needsReconnect'>): boolean {
  return item.error?.error_code === PLAID_LOGIN_REQUIRED || item.needsReconnect;
}

/** Spec §4: B needs reconnecting when its state is error with errorCode auth_expired. */
export function moneykitLinkNeedsReconnect(
  link: Pick<MoneykitLink, 'state' | 'errorCode' | 'needsReconnect'>,
): boolean {
  return (link.state === 'error' && link.errorCode === MONEYKIT_AUTH_EXPIRED) || link.needsReconnect;
}

export function bankLinkOfPlaidItem(item: PlaidItem): BankLink {
  return {
    provider: 'plaid',
    id: item.itemId,
    institutionName: item.institution.name || UNKNOWN_INSTITUTION,
    updatedAt: item.updatedAt,
    lastSyncedAt: item.lastSyncedAt,
    needsReconnect: plaidItemNeedsReconnect(item),
    // error_message is for developers (Plaid's words); display_message is the one meant for users.
    problem: item.error?.display_message || null,
    accounts: item.accounts,
  };
}

export function bankLinkOfMoneykitLink(link: MoneykitLink): BankLink {
  return {
    provider: 'moneykit',
    id: link.id,
    institutionName: link.institutionName || UNKNOWN_INSTITUTION,
    updatedAt: link.updatedAt,
    lastSyncedAt: link.lastSyncedAt,
    needsReconnect: moneykitLinkNeedsReconnect(link),
    // B's error message is the provider's, written for developers: the page words its own.
    problem: null,
    accounts: link.accounts,
  };
}

/** Both providers' links in one list: A's first, then B's, each oldest first as the server sends them. */
export function listBankLinks(data: {
  plaidItems: readonly PlaidItem[];
  moneykitLinks: readonly MoneykitLink[];
}): BankLink[] {
  return [...data.plaidItems.map(bankLinkOfPlaidItem), ...data.moneykitLinks.map(bankLinkOfMoneykitLink)];
}

/** Spec §9: what is owed on a card or a loan is shown negated (the institution states it positive). */
export function isOwedAccountType(accountType: string): boolean {
  return accountType === 'credit' || accountType === 'loan';
}

/** A balance as the page shows it: an owed one negated (spec §9); null when the institution gives none. */
export function displayedBalance(accountType: string, cents: number | null | undefined): number | null {
  if (cents === null || cents === undefined) return null;
  return isOwedAccountType(accountType) && cents !== 0 ? -cents : cents;
}

/** 'checking', 'credit · credit card': the account's type and subtype as one label. */
export function describeAccountType(account: Pick<LinkedAccount, 'accountType' | 'subtype'>): string {
  const type = account.accountType;
  if (!account.subtype || account.subtype === type) return type;
  return `${type} · ${account.subtype}`;
}
