/**
 * The transactions list benchmark: an entity with `transactions` imported transactions (two
 * entries each) on PostgreSQL and on PGlite, then the first page of BookkeepingTransactionsConnection
 * (listBookkeepingTransactions: 50 rows with their account and category sides, plus the total count)
 * - without a filter,
 * - with a common word (one name in 40 contains it) and a rare one (one name),
 * each again after a write (the counts kept with the ledger version are void, so each is counted afresh),
 * beside the same filtered page as a plain sequential scan (index scans switched off), in the same run.
 *
 *   npm run bench -- transactions [transactions=1000000] [runs=30] [databases=postgres,pglite]
 *   npx tsx bench/transactions.ts [--transactions 1000000] [--runs 30] [--databases postgres]
 *
 * Rows are written with INSERT ... SELECT generate_series (no rollups: the list does not read them).
 */

import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { fixedDayClock } from '../apps/server/src/clock';
import type { Db } from '../apps/server/src/db/client';
import type { ScratchDatabase } from '../apps/server/src/db/openScratchDatabase';
import { users } from '../apps/server/src/db/schema';
import { createEntity } from '../apps/server/src/modules/entities/service';
import { listBookkeepingTransactions } from '../apps/server/src/modules/transactions/service';
import { describeMachine, onEachDatabase } from './scratchDatabases';
import { formatMs, formatStats, type RunStats, timeRuns } from './stats';

type TransactionsBenchOptions = {
  transactions: number;
  runs: number;
  warmup: number;
  seqRuns: number;
  today: string;
  databases: readonly ('postgres' | 'pglite')[];
  postgresUrl: string;
};

export const DEFAULT_TRANSACTIONS_BENCH: TransactionsBenchOptions = {
  transactions: 1_000_000,
  runs: 30,
  warmup: 5,
  seqRuns: 5,
  today: '2026-11-22',
  databases: ['postgres', 'pglite'],
  postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
};

/** 40 vendors: each names one transaction in 40. */
const VENDORS = [
  'Figma',
  'Notion',
  'Amazon Web Services',
  'Google Workspace',
  'Slack',
  'Zoom',
  'GitHub',
  'Atlassian',
  'Salesforce',
  'HubSpot',
  'Stripe payout',
  'Gusto payroll',
  'WeWork',
  'Delta Air Lines',
  'Uber',
  'Lyft',
  'Starbucks',
  'Chipotle',
  'Home Depot',
  'Staples',
  'FedEx',
  'UPS',
  'DigiKey',
  'Mouser Electronics',
  'McMaster-Carr',
  'Verizon',
  'Comcast',
  'PG&E',
  'State Farm',
  'Customer payment',
  'Linear',
  'Vercel',
  'Datadog',
  'Sentry',
  'Twilio',
  'DocuSign',
  'Dropbox',
  'Adobe',
  'LinkedIn',
  'Apple',
];
const COMMON_WORD = 'figma';
/** One name: the numbers are unique and 6 digits long only from 100000 up. */
const RARE_WORD = 'invoice 424242';

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * An entity with its default chart and `count` imported transactions over five years, in batches.
 * Returns the entity and its owner.
 */
export async function generateTransactions(
  db: Db,
  options: Pick<TransactionsBenchOptions, 'transactions' | 'today'>,
): Promise<{ entityId: string; ownerId: string }> {
  const [owner] = await db
    .insert(users)
    .values({ email: `bench-${randomBytes(4).toString('hex')}@keel.test`, name: 'Bench Owner' })
    .returning({ id: users.id });
  if (!owner) throw new Error('Bench owner insert returned nothing');
  const entity = await createEntity(db, fixedDayClock(options.today), owner.id, 'Bench Transactions Co');
  const accountId = async (name: string) => {
    const [row] = await rowsOf<{ id: string }>(
      db,
      sql`SELECT id FROM accounts WHERE entity_id = ${entity.id}::uuid AND name = ${name} LIMIT 1`,
    );
    if (!row) throw new Error(`No account ${name}`);
    return row.id;
  };
  const [bank, card, income, expense] = await Promise.all(
    ['Banks', 'Credit Cards', 'Income', 'Expense'].map(accountId),
  );
  const vendors = sql.raw(`ARRAY[${VENDORS.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`);
  const batch = 200_000;
  for (let start = 1; start <= options.transactions; start += batch) {
    const end = Math.min(options.transactions, start + batch - 1);
    await db.execute(sql`
      WITH made AS (
        INSERT INTO transactions (entity_id, transaction_type, name, date)
        SELECT ${entity.id}::uuid, 'Imported',
               (${vendors})[1 + (i * 7) % ${VENDORS.length}] || ' invoice ' || i,
               ${options.today}::date - (i % 1826)
        FROM generate_series(${start}::int, ${end}::int) AS i
        RETURNING id, date, name
      ), numbered AS (
        SELECT made.*, row_number() OVER () AS n FROM made
      )
      INSERT INTO entries (entity_id, transaction_id, account_id, amount, date, name)
      SELECT ${entity.id}::uuid, id, leg.account_id, leg.amount, date, name
      FROM numbered,
      LATERAL (VALUES
        (CASE WHEN n % 3 = 0 THEN ${card}::uuid ELSE ${bank}::uuid END,
         CASE WHEN n % 5 = 0 THEN 1 ELSE -1 END * (100 + n % 90000)),
        (CASE WHEN n % 5 = 0 THEN ${income}::uuid ELSE ${expense}::uuid END,
         CASE WHEN n % 5 = 0 THEN -1 ELSE 1 END * (100 + n % 90000))
      ) AS leg(account_id, amount)`);
  }
  await db.execute(sql`ANALYZE transactions`);
  await db.execute(sql`ANALYZE entries`);
  return { entityId: entity.id, ownerId: owner.id };
}

type TransactionsBenchResult = {
  database: string;
  firstPage: RunStats;
  commonFilter: RunStats;
  rareFilter: RunStats;
  firstPageCold: RunStats;
  commonCold: RunStats;
  rareCold: RunStats;
  seqScan: RunStats;
};

async function benchOne(
  target: ScratchDatabase,
  options: TransactionsBenchOptions,
): Promise<TransactionsBenchResult> {
  const { db } = target;
  console.log(`\n== ${target.label}`);
  const started = performance.now();
  const { entityId } = await generateTransactions(db, options);
  console.log(
    `  generated ${options.transactions.toLocaleString('en-US')} transactions (${(options.transactions * 2).toLocaleString('en-US')} entries) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const page = (nameFilter: string | null) => () => listBookkeepingTransactions(db, { entityId, nameFilter });
  const counts = await Promise.all([COMMON_WORD, RARE_WORD].map(async (word) => (await page(word)()).count));
  console.log(
    `  '${COMMON_WORD}' matches ${counts[0]?.toLocaleString('en-US')}, '${RARE_WORD}' matches ${counts[1]}`,
  );

  const firstPage = await timeRuns(options.runs, options.warmup, page(null));
  console.log(`  first page, no filter (50 rows + count)      ${formatStats(firstPage)}`);
  const commonFilter = await timeRuns(options.runs, options.warmup, page(COMMON_WORD));
  console.log(`  first page, name filter '${COMMON_WORD}'           ${formatStats(commonFilter)}`);
  const rareFilter = await timeRuns(options.runs, options.warmup, page(RARE_WORD));
  console.log(`  first page, name filter '${RARE_WORD}'   ${formatStats(rareFilter)}`);
  // The same after a write each time: the kept counts are void and each filter is counted afresh.
  const bumpVersion = () =>
    db.execute(
      sql`UPDATE entity_ledger_versions SET version = version + 1 WHERE entity_id = ${entityId}::uuid`,
    );
  const firstPageCold = await timeRuns(options.runs, options.warmup, page(null), bumpVersion);
  console.log(`  no filter, after a write (count afresh)      ${formatStats(firstPageCold)}`);
  const commonCold = await timeRuns(options.runs, options.warmup, page(COMMON_WORD), bumpVersion);
  console.log(`  '${COMMON_WORD}', after a write (count afresh)          ${formatStats(commonCold)}`);
  const rareCold = await timeRuns(options.runs, options.warmup, page(RARE_WORD), bumpVersion);
  console.log(`  '${RARE_WORD}', after a write (count afresh)  ${formatStats(rareCold)}`);
  // The same filtered page (rows and count) with the indexes out of play: what the trigram index saves.
  const seqScan = await timeRuns(options.seqRuns, 1, () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_indexscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      await tx.execute(sql`SET LOCAL enable_indexonlyscan = off`);
      await tx.execute(sql`SELECT id, name, date FROM transactions
        WHERE entity_id = ${entityId}::uuid AND transaction_type <> 'Budget' AND name ILIKE ${`%${RARE_WORD}%`}
        ORDER BY date DESC, id DESC LIMIT 51`);
      await tx.execute(sql`SELECT count(*) FROM transactions
        WHERE entity_id = ${entityId}::uuid AND transaction_type <> 'Budget' AND name ILIKE ${`%${RARE_WORD}%`}`);
    }),
  );
  console.log(`  same rare filter, sequential scan (SQL)       ${formatStats(seqScan)}`);
  return {
    database: target.label,
    firstPage,
    commonFilter,
    rareFilter,
    firstPageCold,
    commonCold,
    rareCold,
    seqScan,
  };
}

/** Runs the benchmark on each database and prints a summary against the target. */
export async function runTransactionsBenchmark(
  options: TransactionsBenchOptions,
): Promise<TransactionsBenchResult[]> {
  console.log(
    `Transactions benchmark: ${options.transactions.toLocaleString('en-US')} transactions; ${options.runs} timed runs after ${options.warmup} warm-up runs`,
  );
  console.log(describeMachine());
  const results = await onEachDatabase(options.databases, options.postgresUrl, 'keel-bench-tx', (target) =>
    benchOne(target, options),
  );
  console.log('\nSummary (aim: any filtered first page p50 <= 20 ms on PostgreSQL)');
  for (const result of results) {
    console.log(
      `  ${result.database.padEnd(10)} no filter p50 ${formatMs(result.firstPage.p50)} / p95 ${formatMs(result.firstPage.p95)};` +
        ` '${COMMON_WORD}' p50 ${formatMs(result.commonFilter.p50)} / p95 ${formatMs(result.commonFilter.p95)};` +
        ` rare p50 ${formatMs(result.rareFilter.p50)} / p95 ${formatMs(result.rareFilter.p95)};` +
        ` after a write: no filter ${formatMs(result.firstPageCold.p50)}, '${COMMON_WORD}' ${formatMs(result.commonCold.p50)},` +
        ` rare ${formatMs(result.rareCold.p50)}; sequential scan p50 ${formatMs(result.seqScan.p50)}`,
    );
  }
  return results;
}

/** Run directly: `npx tsx bench/transactions.ts [--transactions N] [--runs N] [--databases postgres,pglite]`. */
if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.NODE_ENV ??= 'production';
  const { values } = parseArgs({
    options: {
      transactions: { type: 'string' },
      runs: { type: 'string' },
      databases: { type: 'string' },
      'postgres-url': { type: 'string' },
    },
  });
  const defaults = DEFAULT_TRANSACTIONS_BENCH;
  runTransactionsBenchmark({
    ...defaults,
    transactions: values.transactions ? Number(values.transactions) : defaults.transactions,
    runs: values.runs ? Number(values.runs) : defaults.runs,
    databases: values.databases
      ? values.databases
          .split(',')
          .filter((name): name is 'postgres' | 'pglite' => name === 'postgres' || name === 'pglite')
      : defaults.databases,
    postgresUrl: values['postgres-url'] ?? process.env.BENCH_POSTGRES_URL ?? defaults.postgresUrl,
  }).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
