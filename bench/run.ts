/**
 * `npm run bench [-- <name> ... [flag=value ...]]` or `npx tsx bench/run.ts [<name> ...] [--flag value]`:
 * runs the named benchmarks (all when none is named). npm swallows `--flags` after a workspace script,
 * so through npm write them as `flag=value` (e.g. `npm run bench -- report entries=50000`).
 * Benchmarks print figures; they are not timed tests and never fail on speed.
 *
 * The server code runs as in production (NODE_ENV=production unless set): graphql-js, among others,
 * does extra development-only checks otherwise.
 *
 * To add a benchmark, write bench/<name>.ts exporting a runner and add it to BENCHMARKS below with the
 * flags it reads.
 */
import { parseArgs } from 'node:util';
import type { BenchDatabase } from './scratchDatabases';

process.env.NODE_ENV ??= 'production';
const { DEFAULT_REPORT_BENCH, runReportBenchmark } = await import('./report');
const { DEFAULT_TRANSACTIONS_BENCH, runTransactionsBenchmark } = await import('./transactions');
const { DEFAULT_GRID_BENCH, runGridBenchmark } = await import('./reportGrid');
const { DEFAULT_INPUT_BOUNDS_BENCH, runInputBoundsBenchmark } = await import('./inputBounds');
const { DEFAULT_REPORT_LOAD_BENCH, runReportLoadBenchmark } = await import('./reportLoad');
const { DEFAULT_FIRST_LOAD_BENCH, runFirstLoadBenchmark } = await import('./firstLoad');
const { DEFAULT_FORMULA_BENCH, runFormulaBenchmark } = await import('./formula');
const { DEFAULT_MODEL_API_BENCH, runModelApiBenchmark } = await import('./modelApi');
const { DEFAULT_DASHBOARD_API_BENCH, runDashboardApiBenchmark } = await import('./dashboardApi');
const { DEFAULT_HIRING_API_BENCH, runHiringApiBenchmark } = await import('./hiringApi');
const { DEFAULT_BILLING_API_BENCH, runBillingApiBenchmark } = await import('./billingApi');
const { DEFAULT_SETTINGS_API_BENCH, runSettingsApiBenchmark } = await import('./settingsApi');
const { DEFAULT_BANKING_API_BENCH, runBankingApiBenchmark } = await import('./bankingApi');
const { DEFAULT_LINKING_API_BENCH, runLinkingApiBenchmark } = await import('./linkingApi');
const { DEFAULT_ASSISTANT_API_BENCH, runAssistantApiBenchmark } = await import('./assistantApi');
const { DEFAULT_STARTUP_BENCH, runStartupBenchmark } = await import('./startup');
const { DEFAULT_HTTP_LOAD_BENCH, runHttpLoadBenchmark } = await import('./httpLoad');
const { DEFAULT_PROXY_LOAD_BENCH, runProxyLoadBenchmark } = await import('./proxyLoad');

const parsed = parseArgs({
  allowPositionals: true,
  options: {
    questions: { type: 'string' },
    entries: { type: 'string' },
    accounts: { type: 'string' },
    months: { type: 'string' },
    runs: { type: 'string' },
    requests: { type: 'string' },
    url: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    entity: { type: 'string' },
    'server-pid': { type: 'string' },
    warmup: { type: 'string' },
    'naive-runs': { type: 'string' },
    transactions: { type: 'string' },
    seed: { type: 'string' },
    today: { type: 'string' },
    databases: { type: 'string' },
    'postgres-url': { type: 'string' },
    'scroll-ms': { type: 'string' },
    clients: { type: 'string' },
    seconds: { type: 'string' },
    'web-dist': { type: 'string' },
    variables: { type: 'string' },
    outputs: { type: 'string' },
    charts: { type: 'string' },
  },
});
const values: Record<string, string | undefined> = { ...parsed.values };
const positionals: string[] = [];
for (const positional of parsed.positionals) {
  const match = /^([a-z-]+)=(.*)$/.exec(positional);
  if (match?.[1] && match[2] !== undefined) values[match[1]] = match[2];
  else positionals.push(positional);
}

function readCount(flag: string, fallback: number): number {
  const raw = values[flag];
  if (raw === undefined) return fallback;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 0) throw new Error(`--${flag} must be a whole number, got ${raw}`);
  return count;
}

/** `databases=postgres,pglite`: which databases to bench, in order. */
function readDatabases(fallback: readonly BenchDatabase[]): BenchDatabase[] {
  return (values.databases ?? fallback.join(','))
    .split(',')
    .map((name) => name.trim())
    .filter((name): name is BenchDatabase => name === 'postgres' || name === 'pglite');
}

function readPostgresUrl(fallback: string): string {
  return values['postgres-url'] ?? process.env.BENCH_POSTGRES_URL ?? fallback;
}

const BENCHMARKS: Record<string, () => Promise<unknown>> = {
  /** Report query vs the naive aggregation, and ReportEntries (bench/report.ts). */
  report: () => {
    const defaults = DEFAULT_REPORT_BENCH;
    return runReportBenchmark({
      entries: readCount('entries', defaults.entries),
      accounts: readCount('accounts', defaults.accounts),
      months: readCount('months', defaults.months),
      runs: readCount('runs', defaults.runs),
      warmup: readCount('warmup', defaults.warmup),
      naiveRuns: readCount('naive-runs', defaults.naiveRuns),
      seed: values.seed ?? defaults.seed,
      today: values.today ?? defaults.today,
      databases: readDatabases(defaults.databases),
      postgresUrl: readPostgresUrl(defaults.postgresUrl),
    });
  },
  /** The transactions list's first page with and without a name filter (bench/transactions.ts). */
  transactions: () =>
    runTransactionsBenchmark({
      ...DEFAULT_TRANSACTIONS_BENCH,
      transactions: readCount('transactions', DEFAULT_TRANSACTIONS_BENCH.transactions),
      runs: readCount('runs', DEFAULT_TRANSACTIONS_BENCH.runs),
      databases: readDatabases(DEFAULT_TRANSACTIONS_BENCH.databases),
      postgresUrl: readPostgresUrl(DEFAULT_TRANSACTIONS_BENCH.postgresUrl),
    }),
  /** The Financial Report grid in Chromium: first render and scrolling frame times (bench/reportGrid.ts). */
  grid: () =>
    runGridBenchmark({
      ...DEFAULT_GRID_BENCH,
      entries: readCount('entries', DEFAULT_GRID_BENCH.entries),
      accounts: readCount('accounts', DEFAULT_GRID_BENCH.accounts),
      months: readCount('months', DEFAULT_GRID_BENCH.months),
      runs: readCount('runs', DEFAULT_GRID_BENCH.runs),
      scrollMs: readCount('scroll-ms', DEFAULT_GRID_BENCH.scrollMs),
    }),
  /** The slowest requests the input bounds allow, and 50 concurrent clients (bench/inputBounds.ts). */
  inputs: () =>
    runInputBoundsBenchmark({
      ...DEFAULT_INPUT_BOUNDS_BENCH,
      transactions: readCount('transactions', DEFAULT_INPUT_BOUNDS_BENCH.transactions),
      runs: readCount('runs', DEFAULT_INPUT_BOUNDS_BENCH.runs),
      databases: readDatabases(DEFAULT_INPUT_BOUNDS_BENCH.databases),
      postgresUrl: readPostgresUrl(DEFAULT_INPUT_BOUNDS_BENCH.postgresUrl),
    }),
  /** The web app's Report query at 50 concurrent clients, with and without a writer (bench/reportLoad.ts). */
  load: () =>
    runReportLoadBenchmark({
      clients: readCount('clients', DEFAULT_REPORT_LOAD_BENCH.clients),
      seconds: readCount('seconds', DEFAULT_REPORT_LOAD_BENCH.seconds),
      databases: readDatabases(DEFAULT_REPORT_LOAD_BENCH.databases),
      postgresUrl: readPostgresUrl(DEFAULT_REPORT_LOAD_BENCH.postgresUrl),
    }),
  /** Cold and warm page loads in Chromium: /login usable, /financial's grid and cards (bench/firstLoad.ts). */
  'first-load': () =>
    runFirstLoadBenchmark({
      runs: readCount('runs', DEFAULT_FIRST_LOAD_BENCH.runs),
      webDists: values['web-dist']?.split(',') ?? DEFAULT_FIRST_LOAD_BENCH.webDists,
      today: values.today ?? DEFAULT_FIRST_LOAD_BENCH.today,
    }),
  /** Model formulas: full evaluation and one-input re-evaluation of a generated model (bench/formula.ts). */
  formula: () =>
    runFormulaBenchmark({
      ...DEFAULT_FORMULA_BENCH,
      variables: readCount('variables', DEFAULT_FORMULA_BENCH.variables),
      months: readCount('months', DEFAULT_FORMULA_BENCH.months),
      runs: readCount('runs', DEFAULT_FORMULA_BENCH.runs),
      warmup: readCount('warmup', DEFAULT_FORMULA_BENCH.warmup),
      seed: readCount('seed', DEFAULT_FORMULA_BENCH.seed),
    }),
  /** A 1,000-variable model built, saved and read through the API, and the model screen under load (bench/modelApi.ts). */
  'model-api': () =>
    runModelApiBenchmark({
      ...DEFAULT_MODEL_API_BENCH,
      variables: readCount('variables', DEFAULT_MODEL_API_BENCH.variables),
      months: readCount('months', DEFAULT_MODEL_API_BENCH.months),
      runs: readCount('runs', DEFAULT_MODEL_API_BENCH.runs),
      outputs: readCount('outputs', DEFAULT_MODEL_API_BENCH.outputs),
      clients: readCount('clients', DEFAULT_MODEL_API_BENCH.clients),
      seconds: readCount('seconds', DEFAULT_MODEL_API_BENCH.seconds),
      seed: readCount('seed', DEFAULT_MODEL_API_BENCH.seed),
      databases: readDatabases(DEFAULT_MODEL_API_BENCH.databases),
      postgresUrl: readPostgresUrl(DEFAULT_MODEL_API_BENCH.postgresUrl),
    }),
  /** The Dashboards query with every chart's figures at 50 concurrent clients (bench/dashboardApi.ts). */
  'dashboard-api': () =>
    runDashboardApiBenchmark({
      clients: readCount('clients', DEFAULT_DASHBOARD_API_BENCH.clients),
      seconds: readCount('seconds', DEFAULT_DASHBOARD_API_BENCH.seconds),
      charts: readCount('charts', DEFAULT_DASHBOARD_API_BENCH.charts),
      databases: readDatabases(DEFAULT_DASHBOARD_API_BENCH.databases),
      postgresUrl: readPostgresUrl(DEFAULT_DASHBOARD_API_BENCH.postgresUrl),
    }),
  /** A salary saved and the HiringPlan query at 50 concurrent clients (bench/hiringApi.ts). */
  'hiring-api': () =>
    runHiringApiBenchmark({
      runs: readCount('runs', DEFAULT_HIRING_API_BENCH.runs),
      clients: readCount('clients', DEFAULT_HIRING_API_BENCH.clients),
      seconds: readCount('seconds', DEFAULT_HIRING_API_BENCH.seconds),
      databases: readDatabases(DEFAULT_HIRING_API_BENCH.databases),
      postgresUrl: readPostgresUrl(DEFAULT_HIRING_API_BENCH.postgresUrl),
    }),
  /** The team, profile and security pages' queries at 50 concurrent clients (bench/settingsApi.ts). */
  'settings-api': () =>
    runSettingsApiBenchmark({
      runs: readCount('runs', DEFAULT_SETTINGS_API_BENCH.runs),
      clients: readCount('clients', DEFAULT_SETTINGS_API_BENCH.clients),
      seconds: readCount('seconds', DEFAULT_SETTINGS_API_BENCH.seconds),
      databases: readDatabases(DEFAULT_SETTINGS_API_BENCH.databases),
      postgresUrl: readPostgresUrl(DEFAULT_SETTINGS_API_BENCH.postgresUrl),
    }),
  /** The banking pages' queries and a statement PDF at 50 concurrent clients; an ACH sent (bench/bankingApi.ts). */
  'banking-api': () =>
    runBankingApiBenchmark({
      runs: readCount('runs', DEFAULT_BANKING_API_BENCH.runs),
      clients: readCount('clients', DEFAULT_BANKING_API_BENCH.clients),
      seconds: readCount('seconds', DEFAULT_BANKING_API_BENCH.seconds),
      databases: readDatabases(DEFAULT_BANKING_API_BENCH.databases),
      postgresUrl: readPostgresUrl(DEFAULT_BANKING_API_BENCH.postgresUrl),
    }),
  /** The accounts pages at 50 clients, and a bank linked on one server heard on another (bench/linkingApi.ts). */
  'linking-api': () =>
    runLinkingApiBenchmark({
      runs: readCount('runs', DEFAULT_LINKING_API_BENCH.runs),
      clients: readCount('clients', DEFAULT_LINKING_API_BENCH.clients),
      seconds: readCount('seconds', DEFAULT_LINKING_API_BENCH.seconds),
      databases: readDatabases(DEFAULT_LINKING_API_BENCH.databases),
      postgresUrl: readPostgresUrl(DEFAULT_LINKING_API_BENCH.postgresUrl),
    }),
  /** 'Ask Keel AI': 50 members asking at once, streamed answers, the thread reopened (bench/assistantApi.ts). */
  'assistant-api': () =>
    runAssistantApiBenchmark({
      clients: readCount('clients', DEFAULT_ASSISTANT_API_BENCH.clients),
      questions: readCount('questions', DEFAULT_ASSISTANT_API_BENCH.questions),
      seconds: readCount('seconds', DEFAULT_ASSISTANT_API_BENCH.seconds),
      databases: readDatabases(DEFAULT_ASSISTANT_API_BENCH.databases),
      postgresUrl: readPostgresUrl(DEFAULT_ASSISTANT_API_BENCH.postgresUrl),
    }),
  /** The billing page: subscribe, pay and cancel, and its Billing query at 50 clients (bench/billingApi.ts). */
  'billing-api': () =>
    runBillingApiBenchmark({
      runs: readCount('runs', DEFAULT_BILLING_API_BENCH.runs),
      clients: readCount('clients', DEFAULT_BILLING_API_BENCH.clients),
      seconds: readCount('seconds', DEFAULT_BILLING_API_BENCH.seconds),
      databases: readDatabases(DEFAULT_BILLING_API_BENCH.databases),
      postgresUrl: readPostgresUrl(DEFAULT_BILLING_API_BENCH.postgresUrl),
    }),
  /** The server's start time and memory, compiled against tsx, in processes of their own (bench/startup.ts). */
  startup: () =>
    runStartupBenchmark({
      runs: readCount('runs', DEFAULT_STARTUP_BENCH.runs),
      requests: readCount('requests', DEFAULT_STARTUP_BENCH.requests),
      databases: readDatabases(DEFAULT_STARTUP_BENCH.databases),
      postgresUrl: readPostgresUrl(DEFAULT_STARTUP_BENCH.postgresUrl),
    }),
  /** The Report query at 50 clients through nginx: one server against two (bench/proxyLoad.ts). */
  'proxy-load': () =>
    runProxyLoadBenchmark({
      clients: readCount('clients', DEFAULT_PROXY_LOAD_BENCH.clients),
      seconds: readCount('seconds', DEFAULT_PROXY_LOAD_BENCH.seconds),
      postgresUrl: readPostgresUrl(DEFAULT_PROXY_LOAD_BENCH.postgresUrl),
    }),
  /** The Report query from this process against a server already running at `url` (bench/httpLoad.ts). */
  'http-load': () =>
    runHttpLoadBenchmark({
      url: values.url ?? DEFAULT_HTTP_LOAD_BENCH.url,
      clients: readCount('clients', DEFAULT_HTTP_LOAD_BENCH.clients),
      seconds: readCount('seconds', DEFAULT_HTTP_LOAD_BENCH.seconds),
      runs: readCount('runs', DEFAULT_HTTP_LOAD_BENCH.runs),
      warmup: readCount('warmup', DEFAULT_HTTP_LOAD_BENCH.warmup),
      email: values.email ?? DEFAULT_HTTP_LOAD_BENCH.email,
      password: values.password ?? DEFAULT_HTTP_LOAD_BENCH.password,
      entity: values.entity ?? DEFAULT_HTTP_LOAD_BENCH.entity,
      serverPid: values['server-pid'] === undefined ? undefined : readCount('server-pid', 0),
    }),
  // Other benchmarks (API load, web) go here.
};

/** Benchmarks that need something started first (a server to load): run only when named. */
const ONLY_WHEN_NAMED = new Set(['http-load']);

async function main(): Promise<void> {
  const names =
    positionals.length > 0
      ? positionals
      : Object.keys(BENCHMARKS).filter((name) => !ONLY_WHEN_NAMED.has(name));
  for (const name of names) {
    const benchmark = BENCHMARKS[name];
    if (!benchmark)
      throw new Error(`Unknown benchmark ${name}; known: ${Object.keys(BENCHMARKS).join(', ')}`);
    await benchmark();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
