/**
 * The billing page through the API: the demo company (Acme Robotics, whose Pro Plan
 * subscription waits for its first payment) on the real server listening on a local port, signed in as
 * its owner, payments on the sandbox:
 * 1. Write: a whole subscription's life, `runs` times: Subscribe Now (startSubscription), Submit with
 *    the test card 4242 4242 4242 4242 (confirmSubscription), Cancel Subscription (cancelSubscription),
 *    each timed request to response;
 * 2. Load: `clients` concurrent HTTP clients (autocannon) sending the page's Billing query (the
 *    subscription and the price computed from the ledger) for `seconds`, and 1 client for comparison.
 *
 *   npm run bench -- billing-api [runs=20] [clients=50] [seconds=15] [databases=pglite,postgres]
 */
import { print } from 'graphql';
import type { ScratchDatabase } from '../apps/server/src/db/openScratchDatabase';
import {
  BILLING_QUERY,
  CANCEL_SUBSCRIPTION_MUTATION,
  CONFIRM_SUBSCRIPTION_MUTATION,
  START_SUBSCRIPTION_MUTATION,
} from '../apps/web/src/features/settings/billing/billingQueries';
import { type DemoServer, withDemoServer } from './demoServer';
import { type LoadFigures, loadGraphql, printLoadFigures } from './loadClients';
import { type BenchDatabase, describeMachine, onEachDatabase } from './scratchDatabases';
import { formatStats, summarizeRuns } from './stats';

type BillingApiBenchOptions = {
  runs: number;
  clients: number;
  seconds: number;
  databases: readonly BenchDatabase[];
  postgresUrl: string;
};

export const DEFAULT_BILLING_API_BENCH: BillingApiBenchOptions = {
  runs: 20,
  clients: 50,
  seconds: 15,
  databases: ['pglite', 'postgres'],
  postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
};

// gql.tada's documents carry no source text: print them, as the web app's Apollo client does.
const BILLING_BODY = print(BILLING_QUERY);
const START_BODY = print(START_SUBSCRIPTION_MUTATION);
const CONFIRM_BODY = print(CONFIRM_SUBSCRIPTION_MUTATION);
const CANCEL_BODY = print(CANCEL_SUBSCRIPTION_MUTATION);

const TEST_CARD = {
  cardNumber: '4242 4242 4242 4242',
  cardExpiry: '12 / 40',
  cardCvc: '123',
  cardName: 'Bench',
};

export async function runBillingApiBenchmark(options: BillingApiBenchOptions): Promise<void> {
  console.log(
    `\nBilling through the API: subscribe, pay and cancel (${options.runs} runs), the Billing query at ${options.clients} clients, ${options.seconds} s`,
  );
  console.log(describeMachine());
  await onEachDatabase(options.databases, options.postgresUrl, 'keel-bench-billing', async (target) => {
    console.log(`\n${target.label}:`);
    await benchOne(target, options);
  });
}

async function benchOne(target: ScratchDatabase, options: BillingApiBenchOptions): Promise<void> {
  await withDemoServer(target, async (server) => {
    const body = JSON.stringify({
      operationName: 'Billing',
      query: BILLING_BODY,
      variables: { entityId: server.entityId },
    });
    const plan = await call<{ proPlan: { price: number; working: string } }>(server, body);
    console.log(`  demo company: ${plan.proPlan.working}`);

    let subscriptionId = '';
    const start = async () => {
      const data = await call<{ startSubscription: { id: string; status: string } }>(
        server,
        JSON.stringify({ query: START_BODY, variables: { entityId: server.entityId } }),
      );
      subscriptionId = data.startSubscription.id;
    };
    const confirm = async () => {
      const data = await call<{ confirmSubscription: { errors: string[] } }>(
        server,
        JSON.stringify({ query: CONFIRM_BODY, variables: { id: subscriptionId, ...TEST_CARD } }),
      );
      if (data.confirmSubscription.errors.length > 0) {
        throw new Error(`confirmSubscription refused: ${data.confirmSubscription.errors.join(' ')}`);
      }
    };
    const cancel = () =>
      call(server, JSON.stringify({ query: CANCEL_BODY, variables: { id: subscriptionId } }));
    const starts: number[] = [];
    const confirms: number[] = [];
    const cancels: number[] = [];
    // One untimed round first (the demo's own subscription is the first started: it is reused).
    for (let round = 0; round <= options.runs; round++) {
      const times = [await timed(start), await timed(confirm), await timed(cancel)];
      if (round === 0) continue;
      starts.push(times[0] ?? 0);
      confirms.push(times[1] ?? 0);
      cancels.push(times[2] ?? 0);
    }
    console.log(`  startSubscription (new subscription)   ${formatStats(summarizeRuns(starts))}`);
    console.log(`  confirmSubscription (card 4242, paid)  ${formatStats(summarizeRuns(confirms))}`);
    console.log(`  cancelSubscription                     ${formatStats(summarizeRuns(cancels))}`);
    // Leave the demo as it was seeded: a subscription waiting for its first payment.
    await start();

    printLoad(
      'Billing, 1 client',
      await loadGraphql(server.url, server.headers, body, 1, Math.min(5, options.seconds)),
    );
    printLoad(
      `Billing, ${options.clients} clients`,
      await loadGraphql(server.url, server.headers, body, options.clients, options.seconds),
    );
  });
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** A request's data; refused or failed answers stop the bench (they would pass for fast ones). */
async function call<T>(server: DemoServer, body: string): Promise<T> {
  const response = await fetch(server.url, { method: 'POST', headers: server.headers, body });
  const answer = (await response.json()) as { errors?: unknown[]; data?: T };
  if (answer.errors || !answer.data) throw new Error(`Refused: ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

function printLoad(label: string, figures: LoadFigures): void {
  printLoadFigures(label, figures, 40);
}
