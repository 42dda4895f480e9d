import { type Cents, PRODUCT_NAME } from '@keel/domain';
import {
  type AccountBase,
  AccountType,
  Configuration,
  CountryCode,
  type Item,
  PlaidApi,
  PlaidEnvironments,
  Products,
  type Transaction,
} from 'plaid';
import { countPendingInCurrent, sumByAccount } from './countPending';
import { decimalToCents } from './decimalCents';
import {
  type AggregatorAccount,
  type AggregatorAccountType,
  AggregatorError,
  type AggregatorInstitution,
  type AggregatorProvider,
  type AggregatorTransaction,
  type LinkCredential,
} from './index';
import { isItemGone, plaidFailure } from './plaidErrors';

/**
 * Provider A through Plaid's official SDK (`plaid`), chosen when PLAID_CLIENT_ID and PLAID_SECRET are
 * set (providers/create.ts). Plaid's words mapped onto the aggregator interface:
 *
 * - A link token (/link/token/create) opens Link for the company (user.client_user_id is its id) with
 *   the transactions product, in the US, in English; with an item's access token it opens update mode,
 *   which repairs the item's login. Link's public token is exchanged (/item/public_token/exchange) for
 *   the item id and its access token; an update-mode token exchanges to the same item. The item's
 *   institution and accounts are read afterwards (describeLink), so a failure there leaves the caller
 *   an item it can remove.
 * - Accounts come from /accounts/get. Plaid's current balance is the posted balance, so the pending
 *   transactions of the last PENDING_WINDOW_DAYS (/transactions/get) are added to it, as the books
 *   hold them (countPending.ts).
 * - The feed is /transactions/sync from the saved cursor, at most 500 changes a page. Plaid's amounts
 *   are positive for money out of the account: negated here, and read as decimals (decimalCents.ts).
 *   A posted transaction names the pending one it replaces (pending_transaction_id).
 * - refresh is /transactions/refresh; removeLink is /item/remove (an item already gone is removed).
 * - Refusals become AggregatorErrors (plaidErrors.ts); Plaid's passing troubles stay plain errors, so a
 *   job retries them. Abort signals reach the HTTP request.
 *
 * Plaid does not say which client user an item was made for, neither of a public token before its
 * exchange nor of the item after it: previewToken, exchanges and isLinkOf answer null. (Only
 * /link/token/get, asked about the link tokens Keel made for the company, would tie a public token to
 * it; Keel keeps no record of those.)
 */

export type PlaidEnvironment = 'sandbox' | 'production';

export type PlaidSettings = {
  clientId: string;
  secret: string;
  environment: PlaidEnvironment;
  /** Another address for Plaid's API (a proxy, or a local simulation in tests); overrides `environment`. */
  baseUrl?: string | undefined;
  timeoutMs?: number;
};

const PAGE_DEFAULT = 100;
const PAGE_MAX = 500;
/** How far back pending transactions are looked for (Plaid's pending ones post or drop within days). */
export const PENDING_WINDOW_DAYS = 30;
const TRANSACTIONS_GET_COUNT = 500;
const TRANSACTIONS_GET_MAX_PAGES = 40;
const DAY_MS = 86_400_000;

const TYPES: Record<AccountType, AggregatorAccountType> = {
  [AccountType.Depository]: 'depository',
  [AccountType.Credit]: 'credit',
  [AccountType.Loan]: 'loan',
  [AccountType.Investment]: 'investment',
  [AccountType.Brokerage]: 'investment',
  [AccountType.Other]: 'other',
};

/** The SDK client, its keys sent as Plaid's PLAID-CLIENT-ID and PLAID-SECRET headers. */
export function createPlaidClient(settings: PlaidSettings): PlaidApi {
  const basePath = settings.baseUrl ?? PlaidEnvironments[settings.environment];
  if (!basePath) throw new Error(`Plaid has no ${settings.environment} environment`);
  return new PlaidApi(
    new Configuration({
      basePath,
      baseOptions: {
        timeout: settings.timeoutMs ?? 30_000,
        headers: { 'PLAID-CLIENT-ID': settings.clientId, 'PLAID-SECRET': settings.secret },
      },
    }),
  );
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const cents = (amount: number | null | undefined): Cents | null =>
  amount === null || amount === undefined ? null : decimalToCents(amount);
/** Plaid's amount (positive: money out) as the interface's (positive: money in). */
const intoAccount = (amount: number): Cents => {
  const value = decimalToCents(amount);
  return value === 0 ? 0 : -value;
};

function toAccount(account: AccountBase): AggregatorAccount {
  return {
    accountId: account.account_id,
    name: account.name,
    officialName: account.official_name ?? null,
    mask: account.mask ?? null,
    type: TYPES[account.type] ?? 'other',
    subtype: account.subtype ?? null,
    balances: {
      current: cents(account.balances.current),
      available: cents(account.balances.available),
      limit: cents(account.balances.limit),
    },
  };
}

function toTransaction(transaction: Transaction): AggregatorTransaction {
  return {
    transactionId: transaction.transaction_id,
    accountId: transaction.account_id,
    date: transaction.date,
    name: transaction.name || transaction.merchant_name || 'Bank transaction',
    merchantName: transaction.merchant_name ?? null,
    category: transaction.personal_finance_category?.primary ?? transaction.category?.[0] ?? null,
    amount: intoAccount(transaction.amount),
    pending: transaction.pending,
    pendingTransactionId: transaction.pending_transaction_id ?? null,
  };
}

const noAccessToken = () =>
  new AggregatorError({
    errorType: 'INVALID_INPUT',
    errorCode: 'INVALID_ACCESS_TOKEN',
    message: 'this item has no access token',
  });

const accessTokenOf = (link: LinkCredential): string => {
  if (!link.accessToken) throw noAccessToken();
  return link.accessToken;
};

export function createPlaidAggregator(client: PlaidApi): AggregatorProvider {
  /** One SDK call: its answer's body, or its failure mapped (an aborted signal wins). */
  const call = async <T>(
    request: (options: { signal?: AbortSignal }) => Promise<{ data: T }>,
    signal?: AbortSignal,
  ): Promise<T> => {
    signal?.throwIfAborted();
    try {
      return (await request(signal ? { signal } : {})).data;
    } catch (error) {
      signal?.throwIfAborted();
      throw plaidFailure(error);
    }
  };

  /** Per account, the pending transactions of the window, money in positive. */
  const pendingInto = async (accessToken: string, at: Date) => {
    const range = {
      start_date: dayOf(new Date(at.getTime() - PENDING_WINDOW_DAYS * DAY_MS)),
      end_date: dayOf(at),
    };
    const pending: { accountId: string; amount: Cents }[] = [];
    let offset = 0;
    for (let page = 0; page < TRANSACTIONS_GET_MAX_PAGES; page++) {
      const answer = await call((options) =>
        client.transactionsGet(
          { access_token: accessToken, ...range, options: { count: TRANSACTIONS_GET_COUNT, offset } },
          options,
        ),
      );
      for (const transaction of answer.transactions) {
        if (transaction.pending) {
          pending.push({ accountId: transaction.account_id, amount: intoAccount(transaction.amount) });
        }
      }
      offset += answer.transactions.length;
      if (answer.transactions.length === 0 || offset >= answer.total_transactions) break;
    }
    return sumByAccount(pending);
  };

  const readAccounts = async (accessToken: string, at: Date) => {
    const { accounts, item } = await call((options) =>
      client.accountsGet({ access_token: accessToken }, options),
    );
    const pending = await pendingInto(accessToken, at);
    return { accounts: countPendingInCurrent(accounts.map(toAccount), pending), item };
  };

  const institutionOf = async (item: Item): Promise<AggregatorInstitution> => {
    const id = item.institution_id ?? 'unknown';
    if (item.institution_name || !item.institution_id) {
      return { id, name: item.institution_name || 'Bank' };
    }
    const { institution } = await call((options) =>
      client.institutionsGetById({ institution_id: id, country_codes: [CountryCode.Us] }, options),
    );
    return { id, name: institution.name };
  };

  return {
    provider: 'plaid',
    kind: 'live',

    async createLinkToken(request) {
      const update = request.update;
      const answer = await call((options) =>
        client.linkTokenCreate(
          {
            client_name: PRODUCT_NAME,
            language: 'en',
            country_codes: [CountryCode.Us],
            user: { client_user_id: request.clientUserId },
            // Update mode names the item; its products are the item's.
            ...(update ? { access_token: accessTokenOf(update) } : { products: [Products.Transactions] }),
            ...(request.redirectUrl ? { redirect_uri: request.redirectUrl } : {}),
          },
          options,
        ),
      );
      return { linkToken: answer.link_token, expiresAt: new Date(answer.expiration) };
    },

    // Plaid says nothing of a public token but through its exchange.
    previewToken: async () => ({ clientUserId: null, providerLinkId: null }),

    async exchangeToken(token) {
      const exchanged = await call((options) =>
        client.itemPublicTokenExchange({ public_token: token }, options),
      );
      return { providerLinkId: exchanged.item_id, accessToken: exchanged.access_token, clientUserId: null };
    },

    async describeLink(link, at) {
      const { accounts, item } = await readAccounts(accessTokenOf(link), at);
      return { institution: await institutionOf(item), accounts };
    },

    // An item does not name the client user its Link session was made for.
    isLinkOf: async () => null,

    async getAccounts(link, at) {
      return (await readAccounts(accessTokenOf(link), at)).accounts;
    },

    async syncTransactions(link, cursor, options) {
      const count = Math.min(Math.max(options.count ?? PAGE_DEFAULT, 1), PAGE_MAX);
      const page = await call(
        (requestOptions) =>
          client.transactionsSync(
            { access_token: accessTokenOf(link), count, ...(cursor ? { cursor } : {}) },
            requestOptions,
          ),
        options.signal,
      );
      return {
        added: page.added.map(toTransaction),
        modified: page.modified.map(toTransaction),
        removed: page.removed.map((removed) => ({
          transactionId: removed.transaction_id,
          accountId: removed.account_id,
        })),
        nextCursor: page.next_cursor,
        hasMore: page.has_more,
      };
    },

    async refresh(link) {
      await call((options) => client.transactionsRefresh({ access_token: accessTokenOf(link) }, options));
    },

    async removeLink(link) {
      if (!link.accessToken) return;
      const accessToken = link.accessToken;
      try {
        await call((options) => client.itemRemove({ access_token: accessToken }, options));
      } catch (error) {
        if (!isItemGone(error)) throw error;
      }
    },
  };
}
