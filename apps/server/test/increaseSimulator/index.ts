import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deliverRealTimeDecisionsTo, type RealTimeDecisionHook } from './cardAuthorizations';
import { addGroupEntity } from './entities';
import { errorAnswer, type RecordedRequest, type Simulation, send, serveRequest } from './http';
import { newId } from './identifiers';
import { simulatedRoutes } from './routes';
import type { SimulatorState } from './state';

/**
 * A local stand-in for Increase's banking API, for testing Keel's Increase adapter through the
 * official `increase` SDK (0.583.0) with no network. It keeps state in memory (one bank per
 * simulator), checks its inputs and answers the JSON shapes the SDK declares (each module imports its
 * types, so a missing field fails the typecheck).
 *
 * Simulated (every route is listed in `simulatedRoutes`, routes.ts):
 * - Bearer API key (401 `invalid_api_key_error`); request bodies up to 1 MB (413); Idempotency-Key on
 *   POST: the same key and body replay the first successful answer (header `Idempotent-Replayed`), a
 *   different body is a 409 `idempotency_key_already_used_error` (refusals are not kept, so a fixed
 *   request may reuse its key). Errors use Increase's body (`status`, `type`, `title`, `detail`, and
 *   `errors: [{ field, message }]` for 400s); a parameter the SDK does not declare is a 400 naming it.
 * - Entities (natural person, corporation): active, except a natural person identified by
 *   DECLINED_IDENTIFICATION_NUMBER, who is created disabled (failed verification).
 * - Accounts (interest rate "0.02"), account numbers (12 digits, routing SIMULATED_ROUTING_NUMBER),
 *   balances: current = the sum of the account's transactions; available = current plus the held
 *   amounts (negative) of its pending transactions.
 * - ACH and wire credits out: created with a hold; the simulations submit them (the hold is released
 *   and the transfer booked, −amount), return an ACH (+amount) and cancel a pending wire.
 * - Inbound ACH credits and interest payments (+amount), transactions and pending transactions.
 * - Cards (test BIN 400000, Luhn-valid numbers) and physical cards.
 * - Card authorizations decided in real time (cardAuthorizations.ts): the simulation makes a pending
 *   Real-Time Decision, delivered to `onRealTimeDecision`, answered through its action endpoint.
 * - Availability, for tests of an outage: `goDown` answers every request 503 (retry at once), `slowDown`
 *   keeps requests waiting until released, `restore` ends both.
 *
 * Not simulated: ACH debits (negative amounts), approvals, external accounts, declines, settlement,
 * card holds and declined card transactions, loans, joint/trust/government entities. Those parameters answer 400 "is not
 * simulated". An operation in the wrong state (closing a funded account, returning an unsubmitted
 * ACH, changing a canceled card) answers 400 `invalid_parameters_error`.
 *
 * Lists are newest first (created_at, then id, descending). Every object gets a distinct created_at
 * from the simulator's clock (a millisecond later than the last if need be), and the cursor names the
 * last object returned, so pages stay stable while new objects arrive.
 */

export type IncreaseSimulator = {
  baseURL: string;
  apiKey: string;
  /** Every request received, in order: method, path (no query), idempotency key or null. */
  readonly requests: ReadonlyArray<RecordedRequest>;
  /** Increase unavailable: every request from now on answers 503 until `restore`. */
  goDown(): void;
  /**
   * Increase slow: every request from now on waits, unanswered, until `release` (or `restore`); then it
   * is answered as usual. `waiting` counts the requests waiting now.
   */
  slowDown(): { release(): void; readonly waiting: number };
  /** Increase answering normally again (held requests are let go). */
  restore(): void;
  close(): Promise<void>;
};

/** Starts a simulator on 127.0.0.1 (a free port); `now` replaces the real clock. */
export async function startIncreaseSimulator(
  options: { apiKey?: string; now?: () => Date; onRealTimeDecision?: RealTimeDecisionHook } = {},
): Promise<IncreaseSimulator> {
  const simulation: Simulation = {
    apiKey: options.apiKey ?? 'simulated_increase_api_key',
    state: createState(options.now ?? (() => new Date())),
    routes: simulatedRoutes(),
    answered: new Map(),
    requests: [],
    availability: { down: false, held: null, waiting: 0 },
  };
  let releaseHeld: () => void = () => undefined;
  const letGo = () => {
    simulation.availability.held = null;
    releaseHeld();
  };
  deliverRealTimeDecisionsTo(simulation.state, options.onRealTimeDecision ?? null);
  const server = createServer((req, res) => {
    serveRequest(simulation, req, res).catch(() => {
      if (!res.headersSent) send(res, errorAnswer(500, 'internal_server_error', 'Internal error', null));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    apiKey: simulation.apiKey,
    requests: simulation.requests,
    goDown() {
      simulation.availability.down = true;
    },
    slowDown() {
      letGo();
      simulation.availability.held = new Promise<void>((resolve) => {
        releaseHeld = resolve;
      });
      return {
        release: letGo,
        get waiting() {
          return simulation.availability.waiting;
        },
      };
    },
    restore() {
      simulation.availability.down = false;
      letGo();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        letGo();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function createState(now: () => Date): SimulatorState {
  let last = 0;
  const state: SimulatorState = {
    stamp() {
      last = Math.max(now().getTime(), last + 1);
      return new Date(last).toISOString();
    },
    programId: newId('program'),
    groupEntityId: '',
    traceSequence: 0,
    entities: new Map(),
    accounts: new Map(),
    accountNumbers: new Map(),
    achTransfers: new Map(),
    wireTransfers: new Map(),
    inboundAchTransfers: new Map(),
    transactions: new Map(),
    pendingTransactions: new Map(),
    cards: new Map(),
    cardDetails: new Map(),
    physicalCards: new Map(),
  };
  state.groupEntityId = addGroupEntity(state).id;
  return state;
}
