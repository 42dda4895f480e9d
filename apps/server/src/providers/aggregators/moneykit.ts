import type { Cents } from '@keel/domain';
import { countPendingInCurrent, sumByAccount } from './countPending';
import { decimalToCents } from './decimalCents';
import {
  type AggregatorAccount,
  type AggregatorAccountType,
  AggregatorError,
  type AggregatorProvider,
  type AggregatorTransaction,
} from './index';
import { createMoneykitClient, type MoneykitClient, type MoneykitSettings } from './moneykitClient';
import { isLinkGone } from './moneykitErrors';

/**
 * Provider B through MoneyKit's REST API (moneykitClient.ts), chosen when MONEYKIT_CLIENT_ID and
 * MONEYKIT_CLIENT_SECRET are set (providers/create.ts). The shapes follow MoneyKit's public API
 * reference (its OpenAPI document and the SDKs generated from it):
 *
 * - POST /link-session {customer_user: {id}, redirect_uri, existing_link_id?} answers the
 *   link_session_token Connect opens with (the company's id is the customer user; `existing_link_id`
 *   is MoneyKit's name for reconnecting a link: update mode). Connect gives the browser an exchangeable
 *   token; POST /link-session/exchange-token {exchangeable_token} answers {link_id, link}; GET /links/{id}
 *   then gives the link's institution (describeLink).
 * - GET /links/{id}/accounts answers the accounts, account_type 'depository.checking', 'credit_card',
 *   'loan.mortgage', … and balances as decimal numbers. MoneyKit's pending transactions 'have not yet
 *   affected the account', so those of GET /links/{id}/transactions (the last PENDING_WINDOW_DAYS) are
 *   added to the current balance, as the books hold them (countPending.ts).
 * - GET /links/{id}/transactions/sync?cursor=&size= answers {transactions: {created, updated,
 *   removed}, cursor: {next}, has_more}. Amounts are non-negative decimal strings with `type` credit
 *   (into the account) or debit. `removed` lists transaction ids only: since a transaction id is unique
 *   at MoneyKit, each removal is offered to every account of the link, and only the account that holds
 *   it removes it.
 * - POST /links/{id}/products {products} asks for fresh data (202); DELETE /links/{id} removes the link
 *   (a link already gone is removed).
 *
 * - GET /users/{id}/links answers the customer user's links ({links: {link_id: link}}): whether an
 *   exchanged link is the company's (isLinkOf). MoneyKit says nothing of an exchangeable token before
 *   its exchange, so previewToken and exchanges answer null.
 */

export type MoneykitAggregatorSettings = MoneykitSettings & {
  /** Where Connect sends the browser back from an OAuth bank when the request names no page (required). */
  defaultRedirectUri: string;
};

/** MoneyKit does not state how long a link session lasts: the browser is told this. */
const LINK_SESSION_TTL_MS = 30 * 60 * 1000;
const PAGE_DEFAULT = 100;
const PAGE_MAX = 500;
/** How far back pending transactions are looked for. */
export const PENDING_WINDOW_DAYS = 30;
const LIST_PAGE_SIZE = 100;
const LIST_MAX_PAGES = 50;
const DAY_MS = 86_400_000;

type MoneykitAccount = {
  account_id: string;
  account_type: string;
  name: string;
  account_mask?: string | null;
  balances: { currency?: string; available?: number | null; current?: number | null; limit?: number | null };
};

type MoneykitTransaction = {
  transaction_id: string;
  account_id: string;
  amount: string;
  type: 'credit' | 'debit';
  date: string;
  description?: string | null;
  raw_description?: string | null;
  pending: boolean;
  category?: string | null;
};

type MoneykitLink = { link_id: string; institution_id: string; institution_name: string };

type SyncAnswer = {
  transactions: { created: MoneykitTransaction[]; updated: MoneykitTransaction[]; removed: string[] };
  cursor: { next?: string | null };
  has_more: boolean;
  accounts?: MoneykitAccount[];
};

const TYPES: Record<string, AggregatorAccountType> = {
  depository: 'depository',
  credit_card: 'credit',
  loan: 'loan',
  investment: 'investment',
};

/** 'depository.checking' → depository/checking, 'credit_card' → credit/'credit card', 'other' → other. */
function typeOf(accountType: string): { type: AggregatorAccountType; subtype: string | null } {
  if (accountType === 'credit_card') return { type: 'credit', subtype: 'credit card' };
  const [kind = 'other', subtype = null] = accountType.split('.');
  return { type: TYPES[kind] ?? 'other', subtype };
}

const cents = (amount: number | null | undefined): Cents | null =>
  amount === null || amount === undefined ? null : decimalToCents(amount);

function toAccount(account: MoneykitAccount): AggregatorAccount {
  return {
    accountId: account.account_id,
    name: account.name,
    officialName: null,
    mask: account.account_mask ?? null,
    ...typeOf(account.account_type),
    balances: {
      current: cents(account.balances.current),
      available: cents(account.balances.available),
      limit: cents(account.balances.limit),
    },
  };
}

/** MoneyKit's non-negative amount signed by its type: credit into the account, debit out of it. */
function intoAccount(transaction: MoneykitTransaction): Cents {
  const amount = decimalToCents(transaction.amount);
  return transaction.type === 'credit' || amount === 0 ? amount : -amount;
}

function toTransaction(transaction: MoneykitTransaction): AggregatorTransaction {
  return {
    transactionId: transaction.transaction_id,
    accountId: transaction.account_id,
    date: transaction.date.slice(0, 10),
    name: transaction.description || transaction.raw_description || 'Bank transaction',
    merchantName: transaction.description ?? null,
    category: transaction.category ?? null,
    amount: intoAccount(transaction),
    pending: transaction.pending,
    pendingTransactionId: null,
  };
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const linkPath = (id: string) => `/links/${encodeURIComponent(id)}`;

export function createMoneykitAggregator(settings: MoneykitAggregatorSettings): AggregatorProvider {
  return moneykitAggregatorOf(createMoneykitClient(settings), settings.defaultRedirectUri);
}

/** The aggregator over a MoneyKit client. */
export function moneykitAggregatorOf(client: MoneykitClient, defaultRedirectUri: string): AggregatorProvider {
  const listAccounts = async (linkId: string, signal?: AbortSignal) =>
    (await client.request<{ accounts: MoneykitAccount[] }>('GET', `${linkPath(linkId)}/accounts`, { signal }))
      .accounts;

  /** Per account, its pending transactions of the window, money in positive. */
  const pendingInto = async (linkId: string, at: Date) => {
    const pending: { accountId: string; amount: Cents }[] = [];
    const range = {
      start_date: dayOf(new Date(at.getTime() - PENDING_WINDOW_DAYS * DAY_MS)),
      end_date: dayOf(at),
    };
    for (let page = 1; page <= LIST_MAX_PAGES; page++) {
      const answer = await client.request<{ transactions: MoneykitTransaction[]; total: number }>(
        'GET',
        `${linkPath(linkId)}/transactions`,
        { query: { ...range, page, size: LIST_PAGE_SIZE } },
      );
      for (const transaction of answer.transactions) {
        if (transaction.pending) {
          pending.push({ accountId: transaction.account_id, amount: intoAccount(transaction) });
        }
      }
      if (answer.transactions.length === 0 || page * LIST_PAGE_SIZE >= answer.total) break;
    }
    return sumByAccount(pending);
  };

  const readAccounts = async (linkId: string, at: Date) => {
    const accounts = (await listAccounts(linkId)).map(toAccount);
    return countPendingInCurrent(accounts, await pendingInto(linkId, at));
  };

  return {
    provider: 'moneykit',
    kind: 'live',

    async createLinkToken(request) {
      const answer = await client.request<{ link_session_token: string }>('POST', '/link-session', {
        body: {
          customer_user: { id: request.clientUserId },
          redirect_uri: request.redirectUrl ?? defaultRedirectUri,
          ...(request.update
            ? { existing_link_id: request.update.providerLinkId }
            : { settings: { products: { transactions: { required: true, prefetch: true } } } }),
        },
      });
      return {
        linkToken: answer.link_session_token,
        expiresAt: new Date(request.at.getTime() + LINK_SESSION_TTL_MS),
      };
    },

    // MoneyKit says nothing of an exchangeable token but through its exchange.
    previewToken: async () => ({ clientUserId: null, providerLinkId: null }),

    async exchangeToken(token) {
      let exchanged: { link_id: string; link: MoneykitLink };
      try {
        exchanged = await client.request('POST', '/link-session/exchange-token', {
          body: { exchangeable_token: token },
        });
      } catch (error) {
        // Any refusal of the token itself (not of Keel's keys) is the token's: unknown, expired or used.
        if (!(error instanceof AggregatorError) || error.errorType.startsWith('api_error.auth')) throw error;
        throw new AggregatorError({
          errorType: error.errorType,
          errorCode: error.errorCode,
          message: error.message,
          displayMessage: error.displayMessage,
          invalidToken: true,
        });
      }
      return { providerLinkId: exchanged.link_id, accessToken: null, clientUserId: null };
    },

    async describeLink(link, at) {
      const found = await client.request<MoneykitLink>('GET', linkPath(link.providerLinkId));
      return {
        institution: { id: found.institution_id, name: found.institution_name },
        accounts: await readAccounts(link.providerLinkId, at),
      };
    },

    async isLinkOf(link, clientUserId) {
      const answer = await client.request<{ links?: Record<string, unknown> | null }>(
        'GET',
        `/users/${encodeURIComponent(clientUserId)}/links`,
      );
      return Object.hasOwn(answer.links ?? {}, link.providerLinkId);
    },

    getAccounts: (link, at) => readAccounts(link.providerLinkId, at),

    async syncTransactions(link, cursor, options) {
      const size = Math.min(Math.max(options.count ?? PAGE_DEFAULT, 1), PAGE_MAX);
      const answer = await client.request<SyncAnswer>(
        'GET',
        `${linkPath(link.providerLinkId)}/transactions/sync`,
        {
          query: { cursor: cursor || null, size },
          signal: options.signal,
        },
      );
      const { created, updated, removed } = answer.transactions;
      const accountIds =
        removed.length === 0
          ? []
          : (answer.accounts ?? (await listAccounts(link.providerLinkId, options.signal))).map(
              (account) => account.account_id,
            );
      return {
        added: created.map(toTransaction),
        modified: updated.map(toTransaction),
        removed: removed.flatMap((transactionId) =>
          accountIds.map((accountId) => ({ transactionId, accountId })),
        ),
        nextCursor: answer.cursor.next ?? cursor ?? '',
        hasMore: answer.has_more,
      };
    },

    async refresh(link) {
      await client.request('POST', `${linkPath(link.providerLinkId)}/products`, {
        body: { products: ['accounts', 'transactions'] },
      });
    },

    async removeLink(link) {
      try {
        await client.request('DELETE', linkPath(link.providerLinkId));
      } catch (error) {
        if (!isLinkGone(error)) throw error;
      }
    },
  };
}
