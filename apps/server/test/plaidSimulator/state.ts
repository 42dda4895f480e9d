import { randomBytes, randomUUID } from 'node:crypto';
import type { AccountSubtype, AccountType, PlaidError } from 'plaid';

/** One simulator's Plaid: its keys and clock, the tokens it issued and the items it holds. */
export type PlaidState = {
  clientId: string;
  secret: string;
  now(): Date;
  items: Map<string, SimItem>;
  /** access token → item id (a removed item's token is forgotten). */
  accessTokens: Map<string, string>;
  linkTokens: Map<string, LinkTokenGrant>;
  publicTokens: Map<string, PublicTokenGrant>;
  /** Items made so far: seeds each new item's history, so simulations repeat. */
  itemCount: number;
};

/** An account of an item. Money in cents; `postedCents` is what is in it (owed: negative), pending aside. */
export type SimAccount = {
  accountId: string;
  name: string;
  officialName: string | null;
  mask: string;
  type: AccountType;
  subtype: AccountSubtype;
  limitCents: number | null;
  postedCents: number;
};

/** A transaction as Plaid keeps it: `amountCents` in Plaid's sign (positive: money out of the account). */
export type SimTransaction = {
  transactionId: string;
  accountId: string;
  date: string;
  authorizedDate: string;
  name: string;
  merchantName: string | null;
  category: string;
  amountCents: number;
  pending: boolean;
  pendingTransactionId: string | null;
};

/** One change of an item's transactions, in the order they happened: what /transactions/sync replays. */
export type FeedEvent =
  | { kind: 'added' | 'modified'; transaction: SimTransaction }
  | { kind: 'removed'; transactionId: string; accountId: string };

export type SimItem = {
  itemId: string;
  accessToken: string;
  institutionId: string;
  clientUserId: string | null;
  createdAt: string;
  /** Set by /sandbox/item/reset_login (ITEM_LOGIN_REQUIRED) until Link's update mode repairs it. */
  error: PlaidError | null;
  accounts: SimAccount[];
  /** The transactions as they are now (removed ones deleted), in the order they were added. */
  transactions: Map<string, SimTransaction>;
  log: FeedEvent[];
};

export type LinkTokenGrant = {
  linkToken: string;
  clientUserId: string;
  products: string[];
  redirectUri: string | null;
  /** Update mode: the item it repairs. */
  itemId: string | null;
  expiresAt: number;
};

export type PublicTokenGrant = { publicToken: string; itemId: string; expiresAt: number; used: boolean };

/** Plaid's: link tokens last 4 hours, public tokens 30 minutes. */
export const LINK_TOKEN_TTL_MS = 4 * 60 * 60 * 1000;
export const PUBLIC_TOKEN_TTL_MS = 30 * 60 * 1000;

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Plaid-looking id of 37 letters and digits (items, accounts, transactions). */
export function newPlaidId(): string {
  return [...randomBytes(37)].map((byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

/** 'access-sandbox-<uuid>', 'public-sandbox-<uuid>', 'link-sandbox-<uuid>'. */
export const newToken = (kind: 'access' | 'public' | 'link') => `${kind}-sandbox-${randomUUID()}`;

export const newRequestId = () => randomBytes(8).toString('hex').slice(0, 15);

export function createPlaidState(options: { clientId: string; secret: string; now: () => Date }): PlaidState {
  return {
    clientId: options.clientId,
    secret: options.secret,
    now: options.now,
    items: new Map(),
    accessTokens: new Map(),
    linkTokens: new Map(),
    publicTokens: new Map(),
    itemCount: 0,
  };
}
