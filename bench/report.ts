/**
 * The report benchmark: a generated company on PostgreSQL and on PGlite, then
 * - the `report` query through the real app (buildApp + app.inject): the grid's query (answered from
 *   the report cache while nothing changes), the same after a write each time (the cache misses and
 *   the report is computed afresh), the same with keyed `values`, and the summary cards;
 * - the naive aggregation the rollup replaces: GROUP BY account, scenario, month over every entry;
 * - ReportEntries (the drawer's list, first page of 50) for the busiest account-month.
 * Times are wall-clock in this process around app.inject (no network), after warm-up runs.
 *
 *   npm run bench -- report [--entries 1000000] [--accounts 500] [--months 60] [--runs 30]
 *     [--databases postgres,pglite] [--postgres-url postgres://postgres@127.0.0.1:5432/postgres]
 *
 * PostgreSQL gets a fresh database (dropped after); PGlite a temporary directory (removed after).
 */

import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { defaultReportRange, monthBounds } from '@keel/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { fixedDayClock } from '../apps/server/src/clock';
import { readConfig } from '../apps/server/src/config';
import type { Db } from '../apps/server/src/db/client';
import type { ScratchDatabase } from '../apps/server/src/db/openScratchDatabase';
import { users } from '../apps/server/src/db/schema';
import { generateCompany } from '../apps/server/src/demo/generateCompany';
import { issueAccessToken } from '../apps/server/src/modules/auth/tokens';
import { readRangeRollups } from '../apps/server/src/modules/reports/loadReport';
import { createProviders } from '../apps/server/src/providers/create';
import { describeMachine, onEachDatabase } from './scratchDatabases';
import { formatMs, formatStats, type RunStats, timeRuns } from './stats';

type ReportBenchOptions = {
  entries: number;
  accounts: number;
  months: number;
  runs: number;
  warmup: number;
  /** Runs of the naive aggregation, which is slow. */
  naiveRuns: number;
  seed: string;
  today: string;
  databases: readonly ('postgres' | 'pglite')[];
  postgresUrl: string;
};

export const DEFAULT_REPORT_BENCH: ReportBenchOptions = {
  entries: 1_000_000,
  accounts: 500,
  months: 60,
  runs: 30,
  warmup: 5,
  naiveRuns: 10,
  seed: 'bench',
  today: '2026-11-22',
  databases: ['postgres', 'pglite'],
  postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
};

/** The grid's query: columns, every row with its values in column order, the accounts. */
const REPORT_GRID_QUERY = `query Report($entityId: ID!) {
  report(entityId: $entityId) {
    id name startMonth endMonth actualsEndMonth currentMonth
    columns { key short title month year border period filter }
    lineItems { id parentId ancestry depth itemId itemType lineItemId accountId name amount from to cumulative isFinancial isMutable isLeaf sign defaultSign expr error columnValues }
    accounts { id name path parentId ancestry accountType accountGroup sign isMutable cumulative currentBalance }
  }
}`;

/** The same rows with `values { key amount }`: one object per cell. */
const REPORT_KEYED_QUERY = `query Report($entityId: ID!) {
  report(entityId: $entityId) {
    id name columns { key }
    lineItems { id itemId name amount values { key amount } }
  }
}`;

/** The four dashboard cards. */
const REPORT_CARDS_QUERY = `query ReportCards($entityId: ID!) {
  report(entityId: $entityId) {
    summary {
      startingBalance { month actual forecast }
      incomeVsExpense { month income expense scenario }
      runway { months cashOutMonth label }
      spendByCategory { month categories { name accountId amount } }
    }
  }
}`;

const REPORT_ENTRIES_QUERY = `query ReportEntries($accountId: ID!, $startDate: Date!, $endDate: Date!, $actualsEndDate: Date!) {
  reportEntries(accountId: $accountId, startDate: $startDate, endDate: $endDate, actualsEndDate: $actualsEndDate, period: "month", timeZone: "UTC") {
    reportItem { name sign }
    entries(first: 50) { totalCount totalAmount edges { node { id date name memo amount transactionType } } }
  }
}`;

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

type GraphqlCall = (query: string, variables: Record<string, unknown>) => Promise<number>;

/**
 * Sends one GraphQL request and fails loudly on errors; returns the response size in bytes. The body is
 * not parsed (that is the client's time, not the server's): a GraphQL error shows as an "errors" key.
 */
function graphqlCaller(app: FastifyInstance, token: string): GraphqlCall {
  return async (query, variables) => {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: JSON.stringify({ query, variables }),
    });
    if (response.statusCode !== 200 || response.body.includes('"errors":[')) {
      throw new Error(`GraphQL error (${response.statusCode}): ${response.body.slice(0, 500)}`);
    }
    return response.body.length;
  };
}

type ReportBenchResult = {
  database: string;
  report: RunStats;
  reportCold: RunStats;
  reportKeyed: RunStats;
  cards: RunStats;
  reportSql: RunStats;
  naive: RunStats;
  reportEntries: RunStats;
};

async function benchOne(target: ScratchDatabase, options: ReportBenchOptions): Promise<ReportBenchResult> {
  const { db } = target;
  console.log(`\n== ${target.label}`);
  const [owner] = await db
    .insert(users)
    .values({ email: `bench-${randomBytes(4).toString('hex')}@keel.test`, name: 'Bench Owner' })
    .returning({ id: users.id });
  if (!owner) throw new Error('Bench owner insert returned nothing');
  const generated = performance.now();
  const company = await generateCompany(db, {
    name: 'Bench Co',
    seed: options.seed,
    today: options.today,
    entries: options.entries,
    accounts: options.accounts,
    months: options.months,
    ownerUserId: owner.id,
    demo: false,
  });
  await db.execute(sql`ANALYZE`);
  console.log(
    `  generated ${company.entries.toLocaleString('en-US')} entries, ${company.accounts} accounts, ` +
      `${company.rollups.toLocaleString('en-US')} rollups over ${options.months} months in ` +
      `${((performance.now() - generated) / 1000).toFixed(1)} s`,
  );

  const config = readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '' });
  const clock = fixedDayClock(options.today);
  const app = await buildApp({ db, config, clock, providers: createProviders(config, db) });
  await app.ready();
  try {
    const { token } = await issueAccessToken(db, clock, owner.id, 24);
    const call = graphqlCaller(app, token);
    const entityId = company.entityId;
    const variables = { entityId };

    const size = await call(REPORT_GRID_QUERY, variables);
    const [shape] = await rowsOf<{ rollups: number }>(
      db,
      sql`SELECT count(*)::int AS rollups FROM monthly_rollups WHERE entity_id = ${entityId}::uuid`,
    );
    console.log(
      `  report response ${(size / 1024).toFixed(0)} KiB; ${shape?.rollups} rollup rows in the entity`,
    );

    const report = await timeRuns(options.runs, options.warmup, () => call(REPORT_GRID_QUERY, variables));
    console.log(`  report (grid query, columnValues) ${formatStats(report)}`);
    // The same after a write each time: the report cache misses and the report is computed afresh.
    const bumpVersion = () =>
      db.execute(
        sql`UPDATE entity_ledger_versions SET version = version + 1 WHERE entity_id = ${entityId}::uuid`,
      );
    const reportCold = await timeRuns(
      options.runs,
      options.warmup,
      () => call(REPORT_GRID_QUERY, variables),
      bumpVersion,
    );
    console.log(`  report after a write (cache miss)  ${formatStats(reportCold)}`);
    const reportKeyed = await timeRuns(options.runs, options.warmup, () =>
      call(REPORT_KEYED_QUERY, variables),
    );
    console.log(`  report (values { key amount })    ${formatStats(reportKeyed)}`);
    const cards = await timeRuns(options.runs, options.warmup, () => call(REPORT_CARDS_QUERY, variables));
    console.log(`  report summary cards              ${formatStats(cards)}`);

    // The report's own rollup read (the default report's range), for a like-for-like SQL comparison.
    const currentMonth = options.today.slice(0, 7);
    const range = { ...defaultReportRange(currentMonth), currentMonth };
    const reportSql = await timeRuns(options.runs, options.warmup, () =>
      readRangeRollups(db, entityId, range),
    );
    console.log(`  rollup read (the report's SQL)    ${formatStats(reportSql)}`);
    const naive = await timeRuns(options.naiveRuns, 1, () =>
      db.execute(sql`
        SELECT account_id, scenario, to_char(date, 'YYYY-MM') AS month, sum(amount) AS amount
        FROM entries WHERE entity_id = ${entityId}::uuid
        GROUP BY account_id, scenario, to_char(date, 'YYYY-MM')`),
    );
    console.log(`  naive GROUP BY over entries (SQL) ${formatStats(naive)}`);
    console.log(`  naive p50 / report p50: ${(naive.p50 / report.p50).toFixed(1)}x`);
    console.log(`  naive p50 / report after a write p50: ${(naive.p50 / reportCold.p50).toFixed(1)}x`);

    const [busy] = await rowsOf<{ account_id: string; month: string; entries: number }>(
      db,
      sql`SELECT account_id, to_char(date, 'YYYY-MM') AS month, count(*)::int AS entries
          FROM entries WHERE entity_id = ${entityId}::uuid
          GROUP BY account_id, to_char(date, 'YYYY-MM') ORDER BY entries DESC LIMIT 1`,
    );
    if (!busy) throw new Error('The company has no entries');
    const { firstDay, lastDay } = monthBounds(busy.month);
    const entriesVariables = {
      accountId: busy.account_id,
      startDate: firstDay,
      endDate: lastDay,
      actualsEndDate: options.today,
    };
    const reportEntries = await timeRuns(options.runs, options.warmup, () =>
      call(REPORT_ENTRIES_QUERY, entriesVariables),
    );
    console.log(
      `  ReportEntries, ${busy.entries.toLocaleString('en-US')} entries in ${busy.month} (first 50) ${formatStats(reportEntries)}`,
    );
    return {
      database: target.label,
      report,
      reportCold,
      reportKeyed,
      cards,
      reportSql,
      naive,
      reportEntries,
    };
  } finally {
    await app.close();
  }
}

/** Runs the benchmark on each database and prints a summary against the targets. */
export async function runReportBenchmark(options: ReportBenchOptions): Promise<ReportBenchResult[]> {
  console.log(
    `Report benchmark: ~${options.entries.toLocaleString('en-US')} entries, ${options.accounts} accounts, ` +
      `${options.months} months to ${options.today}; ${options.runs} timed runs after ${options.warmup} warm-up runs`,
  );
  console.log(describeMachine());
  const results = await onEachDatabase(options.databases, options.postgresUrl, 'keel-bench', (target) =>
    benchOne(target, options),
  );
  console.log(
    '\nSummary (aims: report p50 <= 10 ms and >= 50x the naive p50 on PostgreSQL; PGlite p50 < 250 ms)',
  );
  for (const result of results) {
    const target = result.database.startsWith('PostgreSQL') ? 10 : 250;
    const speedup = result.naive.p50 / result.report.p50;
    console.log(
      `  ${result.database.split(' ')[0]?.padEnd(10)} report p50 ${formatMs(result.report.p50)} / p95 ${formatMs(result.report.p95)}` +
        ` (${result.report.p50 <= target ? 'meets' : 'misses'} <= ${target} ms); after a write p50 ${formatMs(result.reportCold.p50)};` +
        ` naive p50 ${formatMs(result.naive.p50)}; ${speedup.toFixed(1)}x (${speedup >= 50 ? 'meets' : 'misses'} >= 50x); SQL alone ${(result.naive.p50 / result.reportSql.p50).toFixed(0)}x; ReportEntries p50 ${formatMs(result.reportEntries.p50)}`,
    );
  }
  return results;
}
