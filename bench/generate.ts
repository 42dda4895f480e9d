/**
 * Generates a company into a database and prints how long it took.
 *
 *   npx tsx bench/generate.ts --entries 1000000 --accounts 500 --months 60 \
 *     [--database-url postgres://...] [--data-dir ./data/bench] [--seed bench] [--today 2026-11-22]
 *   npx tsx bench/generate.ts --demo [--database-url ...|--data-dir ...]   (times the demo seed)
 *
 * Without --database-url the database is PGlite in --data-dir (default ./data/bench). The company is
 * owned by bench@keel.test (password keel-demo-2026), created on first use.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { systemClock } from '../apps/server/src/clock';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';
import { DEMO_PASSWORD } from '../apps/server/src/demo/demoUsers';
import { generateCompany } from '../apps/server/src/demo/generateCompany';
import { seedDemoIfEmpty } from '../apps/server/src/demo/seedDemo';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';

const BENCH_OWNER_EMAIL = 'bench@keel.test';

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '1000000' },
    accounts: { type: 'string', default: '500' },
    months: { type: 'string', default: '60' },
    seed: { type: 'string', default: 'bench' },
    today: { type: 'string' },
    name: { type: 'string' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string', default: './data/bench' },
    'batch-entries': { type: 'string', default: '10000' },
    demo: { type: 'boolean', default: false },
  },
});

function readCount(flag: string, value: string | undefined): number {
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0)
    throw new Error(`--${flag} must be a whole number, got ${value}`);
  return count;
}

async function openBenchDatabase(): Promise<Database> {
  const url = values['database-url'];
  return url ? openDatabase({ url }) : openDatabase({ dataDir: values['data-dir'] });
}

async function findOrCreateBenchOwner(database: Database): Promise<string> {
  const [existing] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, BENCH_OWNER_EMAIL));
  if (existing) return existing.id;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [created] = await database.db
    .insert(users)
    // The load benchmark signs in with the password: an unconfirmed address could not.
    .values({ email: BENCH_OWNER_EMAIL, name: 'Bench Owner', passwordHash, emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  if (!created) throw new Error('Bench owner insert returned nothing');
  return created.id;
}

function formatSeconds(seconds: number): string {
  return `${seconds.toFixed(2)} s`;
}

async function timeDemoSeed(database: Database): Promise<void> {
  const started = performance.now();
  const login = await seedDemoIfEmpty(database.db, systemClock);
  const seconds = (performance.now() - started) / 1000;
  if (!login) console.log('  The database has users already: the demo seed did nothing.');
  else console.log(`  Demo seeded (${login.entityName}, ${login.email}) in ${formatSeconds(seconds)}`);
}

async function main(): Promise<void> {
  const opened = performance.now();
  const database = await openBenchDatabase();
  const where = values['database-url'] ? 'PostgreSQL' : `PGlite (${values['data-dir']})`;
  console.log(
    `  Database: ${where}, opened and migrated in ${formatSeconds((performance.now() - opened) / 1000)}`,
  );
  try {
    if (values.demo) return await timeDemoSeed(database);
    const entries = readCount('entries', values.entries);
    const accounts = readCount('accounts', values.accounts);
    const months = readCount('months', values.months);
    const ownerUserId = await findOrCreateBenchOwner(database);
    const today = values.today ?? new Date().toISOString().slice(0, 10);
    const name = values.name ?? `Bench ${entries.toLocaleString('en-US')} entries`;
    console.log(
      `  Generating "${name}": ~${entries} entries, ${accounts} accounts, ${months} months to ${today}`,
    );
    let lastReport = performance.now();
    const company = await generateCompany(database.db, {
      name,
      seed: values.seed ?? 'bench',
      today,
      entries,
      accounts,
      months,
      ownerUserId,
      demo: false,
      batchEntries: readCount('batch-entries', values['batch-entries']),
      onProgress: (soFar, month) => {
        if (performance.now() - lastReport < 5_000) return;
        lastReport = performance.now();
        console.log(`    ... ${soFar.toLocaleString('en-US')} entries generated (through ${month})`);
      },
    });
    const analyzed = performance.now();
    await database.db.execute(sql`ANALYZE accounts, transactions, entries, monthly_rollups`);
    const analyzeSeconds = (performance.now() - analyzed) / 1000;
    const { seconds } = company;
    console.log(`  Entity ${company.entityId}`);
    console.log(`  accounts        ${company.accounts.toLocaleString('en-US').padStart(10)}`);
    console.log(`  transactions    ${company.transactions.toLocaleString('en-US').padStart(10)}`);
    console.log(`  entries         ${company.entries.toLocaleString('en-US').padStart(10)}`);
    console.log(`  monthly rollups ${company.rollups.toLocaleString('en-US').padStart(10)}`);
    console.log(`  chart           ${formatSeconds(seconds.chart)}`);
    console.log(
      `  ledger          ${formatSeconds(seconds.ledger)} (${Math.round(company.entries / seconds.ledger).toLocaleString('en-US')} entries/s)`,
    );
    console.log(`  rollups         ${formatSeconds(seconds.rollups)}`);
    console.log(`  total           ${formatSeconds(seconds.total)} (one transaction, committed)`);
    console.log(`  analyze         ${formatSeconds(analyzeSeconds)}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
