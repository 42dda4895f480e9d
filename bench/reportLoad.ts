/**
 * The Financial Report under load: the demo seed (Acme Robotics) on PostgreSQL and
 * on PGlite, the real server listening on a local port, and `clients` concurrent HTTP clients
 * (autocannon) sending the web app's own Report query (apps/web/src/features/financial/reportQuery.ts)
 * for `seconds`. Then the same while one writer edits the ledger every 50 ms, checking after each write
 * that the next report shows it (a stale answer is counted and printed, never hidden).
 *
 *   npm run bench -- load [clients=50] [seconds=15] [databases=postgres,pglite]
 *   npx tsx bench/run.ts load --clients 50 --seconds 15
 */

import { sql } from 'drizzle-orm';
import { print } from 'graphql';
import type { Db } from '../apps/server/src/db/client';
import type { ScratchDatabase } from '../apps/server/src/db/openScratchDatabase';
import { REPORT_QUERY } from '../apps/web/src/features/financial/reportQuery';
import { rowsOf, withDemoServer } from './demoServer';
import { type LoadFigures, loadGraphql, printLoadFigures } from './loadClients';
import { type BenchDatabase, describeMachine, onEachDatabase } from './scratchDatabases';

type ReportLoadBenchOptions = {
  clients: number;
  seconds: number;
  databases: readonly BenchDatabase[];
  postgresUrl: string;
};

export const DEFAULT_REPORT_LOAD_BENCH: ReportLoadBenchOptions = {
  clients: 50,
  seconds: 15,
  databases: ['postgres', 'pglite'],
  postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
};

export async function runReportLoadBenchmark(options: ReportLoadBenchOptions): Promise<void> {
  console.log(
    `\nReport under load: the web app's Report query on the demo company, ${options.clients} clients, ${options.seconds} s`,
  );
  console.log(describeMachine());
  await onEachDatabase(options.databases, options.postgresUrl, 'keel-bench-load', async (target) => {
    console.log(`\n${target.label}:`);
    await benchOne(target, options);
  });
}

async function benchOne(target: ScratchDatabase, options: ReportLoadBenchOptions): Promise<void> {
  await withDemoServer(target, async ({ db, url, headers, entityId }) => {
    // gql.tada's documents carry no source text (`loc`) unless they hold fragments: print them, as the
    // web app's Apollo client does.
    const body = JSON.stringify({
      operationName: 'Report',
      query: print(REPORT_QUERY),
      variables: { entityId: entityId },
    });
    const { 'accept-encoding': _encoding, ...uncompressed } = headers;
    // Refused requests are 1 KiB answers that would pass for fast reports: check one before timing.
    const first = (await (await fetch(url, { method: 'POST', headers, body })).json()) as ReportAnswer;
    if (first.errors || !first.data?.report)
      throw new Error(`The Report query was not answered: ${JSON.stringify(first.errors)}`);
    const single = await loadGraphql(url, headers, body, 1, Math.min(5, options.seconds));
    printReportLoad('1 client', single);
    const many = await loadGraphql(url, headers, body, options.clients, options.seconds);
    printReportLoad(`${options.clients} clients`, many);
    const plain = await loadGraphql(url, uncompressed, body, options.clients, options.seconds);
    printReportLoad(`${options.clients} clients, no compression`, plain);
    const writes = await withWriter(url, headers, body, db, entityId, () =>
      loadGraphql(url, headers, body, options.clients, options.seconds),
    );
    printReportLoad(`${options.clients} clients + a writer every 50 ms`, writes.figures);
    console.log(
      `  writer: ${writes.writes} writes, each followed by a report; stale reports after a write: ${writes.stale}`,
    );
  });
}

const BOOK = `mutation Book($entityId: ID!, $accountId: ID!, $againstId: ID!, $date: Date!, $amount: Cents!) {
  createUserTransaction(entityId: $entityId, accountId: $accountId, againstId: $againstId, date: $date, amount: $amount) { id }
}`;

type ReportAnswer = {
  errors?: unknown[];
  data?: {
    report: {
      columns: { key: string }[];
      lineItems: { accountId: string | null; isLeaf: boolean; columnValues: number[] }[];
    };
  };
};

/**
 * Runs `during` while a writer, every 50 ms, books an expense on the demo company's Rent for today
 * through the API and, once it is acknowledged, asks for the report: Rent's cell for this month must
 * have grown by exactly the amount (nobody else writes), or the answer is counted as stale.
 */
async function withWriter(
  url: string,
  headers: Record<string, string>,
  reportBody: string,
  db: Db,
  entityId: string,
  during: () => Promise<LoadFigures>,
): Promise<{ figures: LoadFigures; writes: number; stale: number }> {
  const [rent] = await rowsOf<{ id: string }>(
    db,
    sql`SELECT id FROM accounts WHERE entity_id = ${entityId}::uuid AND name = 'Rent'`,
  );
  const [bank] = await rowsOf<{ id: string }>(
    db,
    sql`SELECT id FROM accounts WHERE entity_id = ${entityId}::uuid AND name = 'Mercury Checking'`,
  );
  if (!rent || !bank) throw new Error('The demo company has no Rent or Mercury Checking account');
  const today = new Date().toISOString().slice(0, 10);
  const rentShown = async () => {
    const response = await fetch(url, { method: 'POST', headers, body: reportBody });
    const answer = (await response.json()) as ReportAnswer;
    const report = answer.data?.report;
    const column = report?.columns.findIndex((c) => c.key === today.slice(0, 7)) ?? -1;
    const row = report?.lineItems.find((item) => item.accountId === rent.id && !item.isLeaf);
    const value = row?.columnValues[column];
    if (value === undefined) throw new Error('The report has no Rent cell for this month');
    return value;
  };
  let writing = true;
  let writes = 0;
  let stale = 0;
  const writer = async () => {
    let shown = await rentShown();
    while (writing) {
      const amount = 100 + writes;
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          query: BOOK,
          variables: { entityId, accountId: rent.id, againstId: bank.id, date: today, amount },
        }),
      });
      const answer = (await response.json()) as { errors?: unknown[] };
      if (answer.errors) throw new Error(`The writer was refused: ${JSON.stringify(answer.errors)}`);
      writes += 1;
      const now = await rentShown();
      if (now !== shown + amount) stale += 1;
      shown = now;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const writing$ = writer();
  try {
    const figures = await during();
    return { figures, writes, stale };
  } finally {
    writing = false;
    await writing$;
  }
}

function printReportLoad(label: string, figures: LoadFigures): void {
  printLoadFigures(label, figures, 34);
}
