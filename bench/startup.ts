/**
 * Start time and memory of the server as production runs it (`node apps/server/dist/main.js`, built
 * here first) against the tsx CLI on the TypeScript source (how production ran before). For each
 * database, `runs` starts of each, alternating: from spawn to the first 200 of /healthz; the resident
 * memory of the process tree then, and again after `requests` Report queries for the demo company; and
 * the time from SIGTERM to exit.
 *
 *   npm run bench -- startup [runs=5] [requests=5] [databases=postgres,pglite] [postgres-url=…]
 *
 * PostgreSQL: one scratch database, migrated and seeded with the demo company beforehand, servers in
 * production mode. PGlite: one scratch directory, likewise, servers in development mode (production
 * needs a PostgreSQL server); the embedded database's start-up (opening the directory) is part of the
 * figure. tsx caches what it compiles (in the system's temporary folder): its first start is slower
 * than the rest, which the median hides and the max shows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { print } from 'graphql';
import { systemClock } from '../apps/server/src/clock';
import { type Db, openDatabase } from '../apps/server/src/db/client';
import { openScratchPostgres } from '../apps/server/src/db/openScratchDatabase';
import { issueAccessToken } from '../apps/server/src/modules/auth/tokens';
import { REPORT_QUERY } from '../apps/web/src/features/financial/reportQuery';
import { BENCH_SECRET_KEY, seedDemoCompany } from './demoServer';
import { type BenchDatabase, describeMachine } from './scratchDatabases';
import {
  buildServer,
  findFreePort,
  type ServerVariant,
  spawnServer,
  treeRssMb,
  waitForOk,
} from './serverProcess';

type StartupBenchOptions = {
  runs: number;
  requests: number;
  databases: readonly BenchDatabase[];
  postgresUrl: string;
};

export const DEFAULT_STARTUP_BENCH: StartupBenchOptions = {
  runs: 5,
  requests: 5,
  databases: ['postgres', 'pglite'],
  postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
};

const VARIANTS: ServerVariant[] = ['compiled', 'tsx'];

type Sample = { startMs: number; rssStartMb: number; rssAfterMb: number; stopMs: number };

/** The demo company, and a token of its owner, on `db`. */
async function seedDemo(db: Db): Promise<{ entityId: string; token: string }> {
  const demo = await seedDemoCompany(db);
  const { token } = await issueAccessToken(db, systemClock, demo.ownerId, 24);
  return { entityId: demo.entityId, token };
}

async function measureOnce(
  variant: ServerVariant,
  env: Record<string, string>,
  demo: { entityId: string; token: string },
  requests: number,
): Promise<Sample> {
  const port = await findFreePort(3200, 3299);
  const started = performance.now();
  const server = spawnServer(variant, port, { ...env, APP_URL: `http://127.0.0.1:${port}` });
  try {
    const startMs = await waitForOk(server, '/healthz', started);
    const pid = server.child.pid as number;
    const rssStartMb = treeRssMb(pid);
    const body = JSON.stringify({ query: print(REPORT_QUERY), variables: { entityId: demo.entityId } });
    for (let request = 0; request < requests; request += 1) {
      const response = await fetch(`${server.origin}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${demo.token}` },
        body,
      });
      const answer = (await response.json()) as { data?: unknown; errors?: unknown };
      if (!answer.data || answer.errors) throw new Error(`Report failed: ${JSON.stringify(answer.errors)}`);
    }
    const rssAfterMb = treeRssMb(pid);
    const stopped = await server.stop();
    if (stopped.code !== 0)
      throw new Error(`The server exited with code ${stopped.code}:\n${server.output()}`);
    return { startMs, rssStartMb, rssAfterMb, stopMs: stopped.ms };
  } catch (error) {
    await server.stop(5_000);
    throw error;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

function printFigures(label: string, samples: Sample[]) {
  const line = (name: string, values: number[], unit: string, digits: number) => {
    const shown = (value: number) => `${value.toFixed(digits)} ${unit}`;
    return `    ${name.padEnd(34)} median ${shown(median(values)).padStart(9)}  (min ${shown(Math.min(...values))}, max ${shown(Math.max(...values))})`;
  };
  console.log(`  ${label} (${samples.length} starts):`);
  console.log(
    line(
      'spawn to first 200 of /healthz',
      samples.map((s) => s.startMs),
      'ms',
      0,
    ),
  );
  console.log(
    line(
      'RSS after start',
      samples.map((s) => s.rssStartMb),
      'MB',
      1,
    ),
  );
  console.log(
    line(
      'RSS after the Report requests',
      samples.map((s) => s.rssAfterMb),
      'MB',
      1,
    ),
  );
  console.log(
    line(
      'SIGTERM to exit',
      samples.map((s) => s.stopMs),
      'ms',
      0,
    ),
  );
}

async function benchDatabase(
  label: string,
  env: Record<string, string>,
  demo: { entityId: string; token: string },
  options: StartupBenchOptions,
) {
  console.log(`\n${label}:`);
  const samples: Record<ServerVariant, Sample[]> = { compiled: [], tsx: [] };
  for (let run = 0; run < options.runs; run += 1) {
    for (const variant of run % 2 === 0 ? VARIANTS : [...VARIANTS].reverse()) {
      samples[variant].push(await measureOnce(variant, env, demo, options.requests));
    }
  }
  printFigures('compiled: node --enable-source-maps apps/server/dist/main.js', samples.compiled);
  printFigures('tsx: tsx apps/server/src/main.ts', samples.tsx);
  const ratio = (pick: (sample: Sample) => number) =>
    (median(samples.tsx.map(pick)) / median(samples.compiled.map(pick))).toFixed(2);
  console.log(
    `  tsx against compiled (medians): start ×${ratio((s) => s.startMs)}, RSS after the requests ×${ratio((s) => s.rssAfterMb)}`,
  );
}

export async function runStartupBenchmark(options: StartupBenchOptions): Promise<void> {
  console.log(
    `\nServer start and memory: compiled against tsx, ${options.runs} starts each, ${options.requests} Report requests`,
  );
  console.log(describeMachine());
  console.log(`Server build: ${buildServer()}`);
  for (const kind of options.databases) {
    if (kind === 'postgres') {
      const target = await openScratchPostgres(options.postgresUrl, 'keel_bench_startup', { poolSize: 2 });
      try {
        const demo = await seedDemo(target.db);
        const env = {
          NODE_ENV: 'production',
          DATABASE_URL: target.url as string,
          SECRET_KEY: BENCH_SECRET_KEY,
          SMTP_URL: 'smtp://127.0.0.1:9',
          SANDBOX_FEATURES: 'banking,payments,plaid,moneykit,quickbooks,sms',
          SEED_DEMO: 'false',
          LOG_LEVEL: 'warn',
        };
        await benchDatabase(`${target.label}, production mode`, env, demo, options);
      } finally {
        await target.close();
      }
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'keel-bench-startup-'));
      try {
        const database = await openDatabase({ dataDir: join(dir, 'pglite') });
        const demo = await seedDemo(database.db).finally(() => database.close());
        const env = { DATA_DIR: dir, SECRET_KEY: BENCH_SECRET_KEY, SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
        await benchDatabase(`PGlite (${dir}), development mode`, env, demo, options);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
}
