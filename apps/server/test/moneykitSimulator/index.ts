import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { moneykitError } from './errors';
import { type MoneykitSimulation, type RecordedMoneykitRequest, send, serveMoneykitRequest } from './http';
import { completeConnect, expireAuth, linkRoutes } from './links';
import { createMoneykitState, type LinkSession, type MkLink, type MkTransaction, newMkId } from './state';
import {
  addTransaction,
  describeTransaction,
  postPendingTransactions,
  removeTransaction,
  transactionRoutes,
} from './transactions';

/**
 * A local stand-in for MoneyKit's REST API, for testing Keel's MoneyKit adapter with no network. The
 * shapes follow MoneyKit's public API reference (its OpenAPI document and the SDKs generated from it);
 * state is in memory (one MoneyKit per simulator).
 *
 * Simulated (every endpoint is in linkRoutes and transactionRoutes, plus /auth/token):
 * - POST /auth/token: client credentials (form-encoded, or HTTP Basic) give a bearer token for an hour
 *   of the simulator's clock; every other call needs it (401 api_error.auth.unauthorized without,
 *   api_error.auth.expired_access_token once expired).
 * - Link sessions (POST /link-session; existing_link_id reconnects a link) and `completeConnect`, what
 *   Connect does in the browser (user_good / pass_good); POST /link-session/exchange-token once
 *   (link_session_error.invalid_token_exchange after).
 * - Users: GET /users/{id}/links, the links made through the customer user's sessions and not deleted
 *   ({links: {link_id: link}}).
 * - Links: GET /links/{id}, DELETE (then link_error.deleted), GET /links/{id}/accounts (balances as
 *   decimal numbers: current is posted only, owed amounts positive), POST /links/{id}/products (202).
 *   `expireAuth` puts a link in state error with error_code auth_expired: its data calls then answer
 *   link_error.bad_state with link_error_code auth_expired until a reconnect.
 * - Institutions mk_bramble_bank (checking, savings, card) and mk_juniper_federal (checking, loan): 90
 *   days of history, the last 2 days pending; amounts are non-negative strings with type credit/debit.
 * - Transactions: GET /links/{id}/transactions/sync (cursor, size ≤ 500: a first sync pages through what
 *   is there, then the change log; `removed` lists ids), GET /links/{id}/transactions (page, size,
 *   start_date, end_date; newest first). Pending ones post as new transactions, the pending one removed.
 * - Bodies are checked: a field the reference does not name, or a missing one, is FastAPI's 422.
 *
 * Not simulated: webhooks, identity, account numbers, investments, a user's accounts and transactions.
 */
export type MoneykitSimulator = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  readonly requests: ReadonlyArray<RecordedMoneykitRequest>;
  /** Bearer tokens issued so far. */
  tokensIssued(): number;
  /** What Connect does with a session token in the browser: answers the exchangeable token (throws MoneyKit's refusal). */
  completeConnect(input: {
    linkSessionToken: string;
    institutionId?: string;
    username?: string;
    password?: string;
  }): {
    exchangeableToken: string;
    linkId: string;
  };
  session(token: string): LinkSession | null;
  link(linkId: string): MkLink | null;
  expireAuth(linkId: string): void;
  postPending(
    linkId: string,
    amountOf?: (pending: MkTransaction) => number,
  ): { pendingId: string; postedId: string }[];
  addTransaction(
    linkId: string,
    input: {
      mask: string;
      description: string;
      amountCents: number;
      type: 'credit' | 'debit';
      pending?: boolean;
    },
  ): string;
  removeTransaction(linkId: string, transactionId: string): boolean;
  describeTransaction(linkId: string, transactionId: string, description: string): boolean;
  /** The next call of `METHOD /template` (e.g. 'GET /links/:id/accounts') answers this error. */
  failNext(route: string, error: { status: number; code: string; message?: string }): void;
  close(): Promise<void>;
};

/** Starts a simulator on 127.0.0.1 (a free port); `now` replaces the real clock. */
export async function startMoneykitSimulator(
  options: { clientId?: string; clientSecret?: string; now?: () => Date } = {},
): Promise<MoneykitSimulator> {
  const state = createMoneykitState({
    clientId: options.clientId ?? 'simulated_moneykit_client',
    clientSecret: options.clientSecret ?? 'simulated_moneykit_secret',
    now: options.now ?? (() => new Date()),
  });
  const simulation: MoneykitSimulation = {
    state,
    routes: [...transactionRoutes(), ...linkRoutes()],
    requests: [],
    failures: new Map(),
    tokensIssued: 0,
  };
  const server = createServer((req, res) => {
    serveMoneykitRequest(simulation, req, res).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      send(res, 500, {
        error_code: 'api_error.internal',
        error_message: String(error),
        documentation_url: null,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const linkNamed = (linkId: string) => {
    const link = state.links.get(linkId);
    if (!link) throw new Error(`The simulator has no link ${linkId}`);
    return link;
  };
  const today = () => state.now().toISOString().slice(0, 10);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    clientId: state.clientId,
    clientSecret: state.clientSecret,
    requests: simulation.requests,
    tokensIssued: () => simulation.tokensIssued,
    completeConnect: (input) =>
      completeConnect(state, { username: 'user_good', password: 'pass_good', ...input }),
    session: (token) => state.sessions.get(token) ?? null,
    link: (linkId) => state.links.get(linkId) ?? null,
    expireAuth: (linkId) => expireAuth(state, linkId),
    postPending: (linkId, amountOf) => postPendingTransactions(linkNamed(linkId), today(), amountOf),
    addTransaction(linkId, input) {
      const link = linkNamed(linkId);
      const account = link.accounts.find((candidate) => candidate.mask === input.mask);
      if (!account) throw new Error(`Link ${linkId} has no account ••${input.mask}`);
      const transactionId = newMkId('txn');
      addTransaction(link, {
        transactionId,
        accountId: account.accountId,
        amountCents: input.amountCents,
        type: input.type,
        date: today(),
        description: input.description,
        rawDescription: input.description.toUpperCase(),
        category: 'other',
        pending: input.pending ?? true,
      });
      return transactionId;
    },
    removeTransaction: (linkId, transactionId) => removeTransaction(linkNamed(linkId), transactionId),
    describeTransaction: (linkId, transactionId, description) =>
      describeTransaction(linkNamed(linkId), transactionId, description),
    failNext(routeName, error) {
      const queue = simulation.failures.get(routeName) ?? [];
      queue.push(moneykitError(error.status, error.code, error.message ?? error.code));
      simulation.failures.set(routeName, queue);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
