import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PlaidErrorType } from 'plaid';
import { plaidError } from './errors';
import { type PlaidSimulation, type RecordedPlaidRequest, send, servePlaidRequest } from './http';
import { completeLink, itemRoutes } from './items';
import {
  createPlaidState,
  type LinkTokenGrant,
  newPlaidId,
  type PublicTokenGrant,
  type SimItem,
  type SimTransaction,
} from './state';
import {
  addTransaction,
  postPendingTransactions,
  removeTransaction,
  renameTransaction,
  transactionRoutes,
} from './transactions';

/**
 * A local stand-in for Plaid's API, for testing Keel's Plaid adapter through the official `plaid` SDK
 * with no network. State is in memory (one Plaid per simulator); answers are built from the SDK's
 * types, so a missing field fails the typecheck.
 *
 * Simulated (every endpoint is listed in itemRoutes and transactionRoutes):
 * - Keys: client_id and secret in the body or as PLAID-CLIENT-ID / PLAID-SECRET headers (INVALID_API_KEYS
 *   when wrong, MISSING_FIELDS when absent). Bodies are checked: unknown fields UNKNOWN_FIELDS, missing
 *   ones MISSING_FIELDS, bad values INVALID_FIELD. Errors are Plaid's error object, status 400 mostly.
 * - Link: /link/token/create (new, or update mode with an access_token); `completeLink` is what Link does
 *   in the browser (user_good / pass_good, else INVALID_CREDENTIALS) and gives the public token;
 *   /item/public_token/exchange (once, within 30 minutes); /sandbox/public_token/create makes an item
 *   without Link. An update-mode token exchanges to the same item and access token.
 * - Items: /item/get, /item/remove (then ITEM_NOT_FOUND), /accounts/get, /accounts/balance/get,
 *   /institutions/get_by_id; /sandbox/item/reset_login makes every read ITEM_LOGIN_REQUIRED until update
 *   mode repairs the item.
 * - Institutions ins_109508 (checking, savings, card) and ins_109509 (checking, card): a new item gets
 *   90 days of history to the simulator's today, its last 2 days pending. Balances: `current` is posted
 *   only (pending left out), `available` less pending money out.
 * - Transactions: /transactions/sync (cursor, count ≤ 500; a first sync pages through what is there, then
 *   the change log: added, modified, removed), /transactions/get (newest first, count ≤ 500, offset),
 *   /transactions/refresh, /sandbox/transactions/create. The controls below change what the bank holds:
 *   pending ones post under new ids naming them (pending_transaction_id), removals, renames.
 *
 * Not simulated: webhooks, OAuth institutions, other products, TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION.
 */
export type PlaidSimulator = {
  baseUrl: string;
  clientId: string;
  secret: string;
  readonly requests: ReadonlyArray<RecordedPlaidRequest>;
  /** What Link does with a link token in the browser: answers the public token (throws Plaid's refusal). */
  completeLink(input: { linkToken: string; institutionId?: string; username?: string; password?: string }): {
    publicToken: string;
    itemId: string;
  };
  /** A link token Plaid issued (what it was created with), or null. */
  linkToken(linkToken: string): LinkTokenGrant | null;
  /** A public token Plaid issued (its item, whether it was exchanged), or null. */
  publicToken(publicToken: string): PublicTokenGrant | null;
  /** The item Plaid holds under this id, or null (removed, or never made). */
  item(itemId: string): SimItem | null;
  /** Posts the item's pending transactions (Plaid's sign: `amountOf` may change one, a tip). */
  postPending(
    itemId: string,
    amountOf?: (pending: SimTransaction) => number,
  ): { pendingId: string; postedId: string }[];
  /** A new transaction at the bank (pending unless told), on the account with this mask. */
  addTransaction(
    itemId: string,
    input: { mask: string; name: string; amountCents: number; pending?: boolean; date?: string },
  ): string;
  removeTransaction(itemId: string, transactionId: string): boolean;
  renameTransaction(itemId: string, transactionId: string, name: string): boolean;
  /** The next call of `path` answers this Plaid error instead (status, error_type, error_code). */
  failNext(
    path: string,
    error: { status: number; type: PlaidErrorType; code: string; message?: string },
  ): void;
  close(): Promise<void>;
};

/** Starts a simulator on 127.0.0.1 (a free port); `now` replaces the real clock. */
export async function startPlaidSimulator(
  options: { clientId?: string; secret?: string; now?: () => Date } = {},
): Promise<PlaidSimulator> {
  const state = createPlaidState({
    clientId: options.clientId ?? 'simulated_plaid_client_id',
    secret: options.secret ?? 'simulated_plaid_secret',
    now: options.now ?? (() => new Date()),
  });
  const simulation: PlaidSimulation = {
    state,
    routes: new Map([...itemRoutes(), ...transactionRoutes()]),
    requests: [],
    failures: new Map(),
  };
  const server = createServer((req, res) => {
    servePlaidRequest(simulation, req, res).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      send(res, 500, {
        error_type: 'API_ERROR',
        error_code: 'INTERNAL_SERVER_ERROR',
        error_message: String(error),
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const itemNamed = (itemId: string) => {
    const item = state.items.get(itemId);
    if (!item) throw new Error(`The simulator has no item ${itemId}`);
    return item;
  };
  const today = () => state.now().toISOString().slice(0, 10);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    clientId: state.clientId,
    secret: state.secret,
    requests: simulation.requests,
    completeLink: (input) => completeLink(state, { username: 'user_good', password: 'pass_good', ...input }),
    linkToken: (linkToken) => state.linkTokens.get(linkToken) ?? null,
    publicToken: (publicToken) => state.publicTokens.get(publicToken) ?? null,
    item: (itemId) => state.items.get(itemId) ?? null,
    postPending: (itemId, amountOf) => postPendingTransactions(itemNamed(itemId), today(), amountOf),
    addTransaction(itemId, input) {
      const item = itemNamed(itemId);
      const account = item.accounts.find((candidate) => candidate.mask === input.mask);
      if (!account) throw new Error(`Item ${itemId} has no account ••${input.mask}`);
      const date = input.date ?? today();
      const transactionId = newPlaidId();
      addTransaction(item, {
        transactionId,
        accountId: account.accountId,
        date,
        authorizedDate: date,
        name: input.name,
        merchantName: null,
        category: 'GENERAL_MERCHANDISE',
        amountCents: input.amountCents,
        pending: input.pending ?? true,
        pendingTransactionId: null,
      });
      return transactionId;
    },
    removeTransaction: (itemId, transactionId) => removeTransaction(itemNamed(itemId), transactionId),
    renameTransaction: (itemId, transactionId, name) =>
      renameTransaction(itemNamed(itemId), transactionId, name),
    failNext(path, error) {
      const queue = simulation.failures.get(path) ?? [];
      queue.push(plaidError(error.status, error.type, error.code, error.message ?? error.code.toLowerCase()));
      simulation.failures.set(path, queue);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
