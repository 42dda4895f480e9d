import { randomBytes } from 'node:crypto';

/** One simulator's MoneyKit: the app's keys, its clock, the tokens it issued and the links it holds. */
export type MoneykitState = {
  clientId: string;
  clientSecret: string;
  now(): Date;
  /** Bearer tokens from /auth/token, with when each expires (ms). */
  accessTokens: Map<string, number>;
  sessions: Map<string, LinkSession>;
  exchangeableTokens: Map<string, ExchangeableToken>;
  links: Map<string, MkLink>;
  /** Ids of links deleted (they answer link_error.deleted, not not_found). */
  deletedLinks: Set<string>;
  /** Links made so far: seeds each new link's history, so simulations repeat. */
  linkCount: number;
};

export type LinkSession = {
  token: string;
  customerUserId: string;
  redirectUri: string;
  /** Reconnect: the link it repairs. */
  existingLinkId: string | null;
  institutionId: string | null;
  expiresAt: number;
};

export type ExchangeableToken = { token: string; linkId: string; used: boolean; expiresAt: number };

/** MoneyKit's account types ('depository.checking', 'credit_card', …). */
export type MkAccountType = 'depository.checking' | 'depository.savings' | 'credit_card' | 'loan.general';

/** An account of a link. Cents; `postedCents` is what is in it (owed: negative), pending aside. */
export type MkAccount = {
  accountId: string;
  name: string;
  accountType: MkAccountType;
  mask: string;
  limitCents: number | null;
  postedCents: number;
};

/** A transaction as MoneyKit keeps it: a non-negative amount and whether it is a credit or a debit. */
export type MkTransaction = {
  transactionId: string;
  accountId: string;
  amountCents: number;
  type: 'credit' | 'debit';
  date: string;
  description: string;
  rawDescription: string;
  category: string;
  pending: boolean;
};

export type MkEvent =
  | { kind: 'created' | 'updated'; transaction: MkTransaction }
  | { kind: 'removed'; transactionId: string };

export type MkLink = {
  linkId: string;
  institutionId: string;
  institutionName: string;
  customerUserId: string;
  state: 'awaiting_token_exchange' | 'connected' | 'error';
  /** 'auth_expired' while the login has expired (until Connect reconnects it). */
  errorCode: 'auth_expired' | null;
  lastSyncedAt: string;
  accounts: MkAccount[];
  /** The transactions as they are now (removed ones deleted), in the order they were added. */
  transactions: Map<string, MkTransaction>;
  log: MkEvent[];
  /** Product refreshes asked for (POST /links/{id}/products). */
  refreshes: string[][];
};

/** MoneyKit's: tokens last an hour; the simulator's sessions and exchangeable tokens 30 minutes. */
export const ACCESS_TOKEN_TTL_S = 3600;
export const SESSION_TTL_MS = 30 * 60 * 1000;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomText = (length: number) =>
  [...randomBytes(length)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');

/** 'mk_<22>' (links), 'acc_<22>' (accounts), 'txn_<24>'. */
export const newMkId = (prefix: 'mk' | 'acc' | 'txn') =>
  `${prefix}_${randomText(prefix === 'txn' ? 24 : 22)}`;
export const newSecretToken = (prefix: string) => `${prefix}${randomText(40)}`;

export function createMoneykitState(options: {
  clientId: string;
  clientSecret: string;
  now: () => Date;
}): MoneykitState {
  return {
    ...options,
    accessTokens: new Map(),
    sessions: new Map(),
    exchangeableTokens: new Map(),
    links: new Map(),
    deletedLinks: new Set(),
    linkCount: 0,
  };
}
