import { BENCH_PRODUCTION_ENV } from './demoServer';
/**
 * The input bounds benchmark: on a company with `transactions` imported transactions (two
 * entries each), through the real app (buildApp + app.inject, NODE_ENV=production):
 * - the transactions search at its longest allowed filter (255 characters) and at the shortest ones
 *   (1 and 2 characters, which the trigram index cannot serve), and a 300 KB filter, refused;
 * - the drawer's entry search over a bank account's whole history, longest and shortest;
 * - the heaviest request the cost limit lets through: two aliased short searches;
 * - the checks every request now passes (argument bounds and cost), alone, on the web app's Report query;
 * - 50 concurrent clients paging the transactions list for a few seconds: requests per second.
 *
 *   npm run bench -- inputs [transactions=1000000] [runs=10] [databases=postgres,pglite]
 */

import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { getOperationAST, parse } from 'graphql';
import { buildApp } from '../apps/server/src/app';
import { fixedDayClock } from '../apps/server/src/clock';
import { readConfig } from '../apps/server/src/config';
import type { ScratchDatabase } from '../apps/server/src/db/openScratchDatabase';
import { findInputLimitError } from '../apps/server/src/graphql/inputLimits';
import { operationCost } from '../apps/server/src/graphql/operationCost';
import { schema } from '../apps/server/src/graphql/schema';
import { issueAccessToken } from '../apps/server/src/modules/auth/tokens';
import { createProviders } from '../apps/server/src/providers/create';
import { describeMachine, onEachDatabase } from './scratchDatabases';
import { formatMs, formatStats, summarizeRuns, timeRuns } from './stats';
import { generateTransactions } from './transactions';

type InputBoundsBenchOptions = {
  transactions: number;
  runs: number;
  concurrency: number;
  loadSeconds: number;
  today: string;
  databases: readonly ('postgres' | 'pglite')[];
  postgresUrl: string;
};

export const DEFAULT_INPUT_BOUNDS_BENCH: InputBoundsBenchOptions = {
  transactions: 1_000_000,
  runs: 10,
  concurrency: 50,
  loadSeconds: 10,
  today: '2026-11-22',
  databases: ['postgres', 'pglite'],
  postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
};

const SEARCH = `query($entityId: ID!, $nameFilter: String) {
  bookkeepingTransactionsConnection(entityId: $entityId, nameFilter: $nameFilter) {
    count edges { node { id name amount date categoryName accountName } } } }`;
const TWO_SEARCHES = `query($entityId: ID!, $nameFilter: String) {
  a: bookkeepingTransactionsConnection(entityId: $entityId, nameFilter: $nameFilter) { count edges { node { id } } }
  b: bookkeepingTransactionsConnection(entityId: $entityId, nameFilter: $nameFilter, accountTypeFilter: "Bank") { count edges { node { id } } } }`;
const ENTRY_SEARCH = `query($accountId: ID!, $search: String) {
  reportEntries(accountId: $accountId) { entries(search: $search) { totalCount totalAmount edges { node { id name amount } } } } }`;
/** The web app's Report query (apps/web/src/features/financial/reportQuery.ts), for the checks' own cost. */
const WEB_REPORT_QUERY = `query Report($entityId: ID!, $reportId: ID, $startMonth: MonthKey, $actualsEndMonth: MonthKey, $endMonth: MonthKey) {
  report(entityId: $entityId, reportId: $reportId, startMonth: $startMonth, actualsEndMonth: $actualsEndMonth, endMonth: $endMonth) {
    id name startMonth endMonth actualsEndMonth currentMonth
    columns { key short title month year border period filter }
    lineItems { id parentId ancestry depth itemId itemType lineItemId accountId name amount from to cumulative isFinancial isMutable isLeaf sign defaultSign expr error columnValues }
    accounts { id name path parentId ancestry accountType accountGroup sign isMutable cumulative currentBalance }
  } }`;

/** 255 letters that no generated name contains. */
const LONGEST_FILTER = 'q'.repeat(255);

async function benchOne(target: ScratchDatabase, options: InputBoundsBenchOptions) {
  const { db } = target;
  console.log(`\n== ${target.label}`);
  const started = performance.now();
  const { entityId, ownerId } = await generateTransactions(db, options);
  console.log(
    `  generated ${options.transactions.toLocaleString('en-US')} transactions in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const clock = fixedDayClock(options.today);
  const config = readConfig({
    ...BENCH_PRODUCTION_ENV,
    LOG_LEVEL: 'silent',
    WEB_DIST: '',
  });
  const app = await buildApp({ db, config, clock, providers: createProviders(config, db) });
  const { token } = await issueAccessToken(db, clock, ownerId, 24);
  const [bank] = (
    (await db.execute(
      sql`SELECT id FROM accounts WHERE entity_id = ${entityId}::uuid AND name = 'Banks' LIMIT 1`,
    )) as unknown as { rows: { id: string }[] }
  ).rows;
  const gql = async (query: string, variables: Record<string, unknown>) => {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ query, variables }),
    });
    const body = response.json() as { errors?: { message: string; extensions?: { code?: string } }[] };
    return body;
  };
  const timed = async (
    label: string,
    query: string,
    variables: Record<string, unknown>,
    expectRefusal = false,
  ) => {
    const first = await gql(query, variables);
    const refusedWith = first.errors?.[0]?.extensions?.code;
    if (Boolean(refusedWith) !== expectRefusal) {
      throw new Error(`${label}: ${JSON.stringify(first.errors ?? 'answered')}`);
    }
    const stats = await timeRuns(options.runs, 1, () => gql(query, variables));
    console.log(`  ${label.padEnd(58)} ${formatStats(stats)}${refusedWith ? `  (${refusedWith})` : ''}`);
    return stats;
  };

  try {
    const results = {
      longest: await timed('search, 255-character filter', SEARCH, { entityId, nameFilter: LONGEST_FILTER }),
      two: await timed("search, 2-character filter 'zq' (no trigram)", SEARCH, {
        entityId,
        nameFilter: 'zq',
      }),
      one: await timed("search, 1-character filter 'z'", SEARCH, { entityId, nameFilter: 'z' }),
      huge: await timed(
        'search, 300 KB filter: refused',
        SEARCH,
        { entityId, nameFilter: 'q'.repeat(300_000) },
        true,
      ),
      entriesLongest: await timed('drawer entry search, Banks, all dates, 255 characters', ENTRY_SEARCH, {
        accountId: bank?.id,
        search: LONGEST_FILTER,
      }),
      entriesShort: await timed("drawer entry search, Banks, all dates, 'zq'", ENTRY_SEARCH, {
        accountId: bank?.id,
        search: 'zq',
      }),
      heaviest: await timed("heaviest allowed: two aliased 'zq' searches", TWO_SEARCHES, {
        entityId,
        nameFilter: 'zq',
      }),
      threeRefused: await timed(
        'three aliased searches: refused by the cost limit',
        TWO_SEARCHES.replace(
          /\} \}$/,
          '} c: bookkeepingTransactionsConnection(entityId: $entityId, nameFilter: $nameFilter) { count } }',
        ),
        { entityId, nameFilter: 'zq' },
        true,
      ),
    };
    const load = await concurrentLoad(options, () =>
      gql(SEARCH, { entityId, nameFilter: null }).then((body) => {
        if (body.errors) throw new Error(JSON.stringify(body.errors));
      }),
    );
    console.log(
      `  ${options.concurrency} clients, transactions first page, ${options.loadSeconds} s: ${load.perSecond.toFixed(1)} requests/s, latency ${formatStats(load.latency)}`,
    );
    return { database: target.label, ...results, load };
  } finally {
    await app.close();
  }
}

/** `concurrency` clients each sending one request after another for `loadSeconds`. */
async function concurrentLoad(options: InputBoundsBenchOptions, request: () => Promise<void>) {
  const latencies: number[] = [];
  const deadline = performance.now() + options.loadSeconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        await request();
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: latencies.length / seconds, latency: summarizeRuns(latencies) };
}

/** The checks every request passes before it runs, alone: argument bounds and cost, in microseconds. */
function measureChecks() {
  const document = parse(WEB_REPORT_QUERY);
  const operation = getOperationAST(document);
  if (!operation) throw new Error('no operation');
  const variables = {
    entityId: '00000000-0000-4000-8000-000000000001',
    startMonth: '2025-01',
    endMonth: '2029-03',
  };
  const runs = 20_000;
  for (let i = 0; i < 1_000; i++) {
    findInputLimitError(schema, document, variables);
    operationCost(schema, operation, {}, variables);
  }
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    findInputLimitError(schema, document, variables);
    operationCost(schema, operation, {}, variables);
  }
  const micros = ((performance.now() - started) * 1000) / runs;
  console.log(`Checks on the web app's Report query (bounds + cost): ${micros.toFixed(1)} µs a request`);
  return micros;
}

export async function runInputBoundsBenchmark(options: InputBoundsBenchOptions) {
  console.log(
    `Input bounds benchmark: ${options.transactions.toLocaleString('en-US')} transactions; ${options.runs} timed runs each`,
  );
  console.log(describeMachine());
  const checksMicros = measureChecks();
  const results = await onEachDatabase(
    options.databases,
    options.postgresUrl,
    'keel-bench-inputs',
    (target) => benchOne(target, options),
  );
  console.log('\nSummary: the slowest request one caller can make (p50 / max)');
  for (const result of results) {
    console.log(
      `  ${result.database.split(' ')[0]?.padEnd(10)} two short searches ${formatMs(result.heaviest.p50)} / ${formatMs(result.heaviest.max)};` +
        ` one 'zq' search ${formatMs(result.two.p50)}; 255-char search ${formatMs(result.longest.p50)};` +
        ` 300 KB refused in ${formatMs(result.huge.p50)}; ${result.load.perSecond.toFixed(0)} req/s at ${options.concurrency} clients`,
    );
  }
  return { checksMicros, results };
}
