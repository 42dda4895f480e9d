/**
 * Dashboards through the API: the demo company (Acme Robotics) and its first dashboard (three
 * charts: Revenue vs Expense, Cash balance, Payroll), the real server listening on a local port, and
 * `clients` concurrent HTTP clients (autocannon) sending the Dashboards operation with every chart's
 * figures (each series month by month over the dashboard's range, computed through the Financial
 * Report's engine and its cache) for `seconds`:
 * 1. one client, then `clients` clients, reading the dashboard as it is;
 * 2. the same with a dashboard of `charts` charts (the demo's three plus copies of them);
 * 3. `clients` clients while a writer books an entry every 200 ms, so every write invalidates the
 *    report the charts read and the next request computes it again.
 *
 *   npm run bench -- dashboard-api [clients=50] [seconds=15] [charts=12] [databases=pglite,postgres]
 */
import { sql } from 'drizzle-orm';
import type { ScratchDatabase } from '../apps/server/src/db/openScratchDatabase';
import { type DemoServer, rowsOf, withDemoServer } from './demoServer';
import { type LoadFigures, loadGraphql, printLoadFigures } from './loadClients';
import { type BenchDatabase, describeMachine, onEachDatabase } from './scratchDatabases';
import { formatMs } from './stats';

type DashboardApiBenchOptions = {
  clients: number;
  seconds: number;
  /** Charts on the dashboard in step 2. */
  charts: number;
  databases: readonly BenchDatabase[];
  postgresUrl: string;
};

export const DEFAULT_DASHBOARD_API_BENCH: DashboardApiBenchOptions = {
  clients: 50,
  seconds: 15,
  charts: 12,
  databases: ['pglite', 'postgres'],
  postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
};

/** What the dashboard page asks (spec §7 'Dashboards(entityId) (dashboards and reports)'), with figures. */
const DASHBOARDS = `query Dashboards($entityId: ID!) {
  dashboards(entityId: $entityId) {
    id name startMonth endMonth reportId
    positions { id x y w h }
    charts {
      id name dashboardId createdAt updatedAt
      highlight { name accountId reportId reportItemId isLeaf invert }
      dataGroups { id type data { id accountId reportId reportItemId isLeaf color name invert } }
      figures {
        startMonth endMonth actualsEndMonth months
        series { seriesId groupId type name color error points { month amount scenario actual forecast } }
        highlight { name error points { month amount scenario actual forecast } }
      }
    }
  }
  reports(entityId: $entityId) { id name }
}`;

const CREATE_CHART = `mutation BenchCreateChart($dashboardId: ID!, $name: String, $highlight: ChartHighlightInput,
  $dataGroups: [ChartDataGroupInput!]!) {
  createChart(dashboardId: $dashboardId, name: $name, highlight: $highlight, dataGroups: $dataGroups) { id errors }
}`;

const BOOK = `mutation Book($entityId: ID!, $accountId: ID!, $againstId: ID!, $date: Date!, $amount: Cents!) {
  createUserTransaction(entityId: $entityId, accountId: $accountId, againstId: $againstId, date: $date, amount: $amount) { id }
}`;

type ChartAnswer = {
  id: string;
  name: string;
  highlight: Record<string, unknown> | null;
  dataGroups: { type: string; data: Record<string, unknown>[] }[];
  figures: { months: string[]; series: { error: string | null; points: unknown[] }[] } | null;
};
type DashboardsAnswer = {
  errors?: unknown[];
  data?: { dashboards: { id: string; charts: ChartAnswer[] }[] };
};

export async function runDashboardApiBenchmark(options: DashboardApiBenchOptions): Promise<void> {
  console.log(
    `\nDashboards through the API: the Dashboards query with every chart's figures, ${options.clients} clients, ${options.seconds} s`,
  );
  console.log(describeMachine());
  await onEachDatabase(options.databases, options.postgresUrl, 'keel-bench-dashboards', async (target) => {
    console.log(`\n${target.label}:`);
    await benchOne(target, options);
  });
}

async function benchOne(target: ScratchDatabase, options: DashboardApiBenchOptions): Promise<void> {
  await withDemoServer(target, async (server) => {
    const body = JSON.stringify({
      operationName: 'Dashboards',
      query: DASHBOARDS,
      variables: { entityId: server.entityId },
    });
    const demo = await readDashboard(server, body);
    const seconds = options.seconds;
    printDashboardLoad(
      `demo dashboard (${demo.charts.length} charts, ${seriesCount(demo.charts)} series), 1 client`,
      await loadGraphql(server.url, server.headers, body, 1, Math.min(5, seconds)),
    );
    printDashboardLoad(
      `demo dashboard, ${options.clients} clients`,
      await loadGraphql(server.url, server.headers, body, options.clients, seconds),
    );
    const grown = await addCopies(server, demo, options.charts, body);
    printDashboardLoad(
      `${grown.charts.length} charts (${seriesCount(grown.charts)} series), ${options.clients} clients`,
      await loadGraphql(server.url, server.headers, body, options.clients, seconds),
    );
    const { figures, writes } = await withWriter(server, () =>
      loadGraphql(server.url, server.headers, body, options.clients, seconds),
    );
    printDashboardLoad(
      `${grown.charts.length} charts + a writer every 200 ms, ${options.clients} clients`,
      figures,
    );
    const sorted = [...writes].sort((a, b) => a - b);
    console.log(
      `    writer: ${writes.length} entries booked, p50 ${formatMs(sorted[Math.floor(sorted.length / 2)] ?? Number.NaN)}`,
    );
  });
}

/** The dashboard as the query answers it; refused or figure-less answers stop the bench (they would pass for fast ones). */
async function readDashboard(server: DemoServer, body: string) {
  const response = await fetch(server.url, { method: 'POST', headers: server.headers, body });
  const answer = (await response.json()) as DashboardsAnswer;
  const dashboard = answer.data?.dashboards[0];
  if (answer.errors || !dashboard)
    throw new Error(`Dashboards was not answered: ${JSON.stringify(answer.errors)}`);
  const broken = dashboard.charts.filter(
    (chart) => !chart.figures || chart.figures.series.some((series) => series.error !== null),
  );
  if (dashboard.charts.length === 0 || broken.length > 0) {
    throw new Error(
      `The demo dashboard's charts have no figures: ${broken.map((chart) => chart.name).join(', ')}`,
    );
  }
  return dashboard;
}

/** Copies of the demo's charts until the dashboard holds `total`. */
async function addCopies(
  server: DemoServer,
  demo: { id: string; charts: ChartAnswer[] },
  total: number,
  body: string,
) {
  for (let i = demo.charts.length; i < total; i++) {
    const source = demo.charts[i % demo.charts.length];
    if (!source) break;
    const response = await fetch(server.url, {
      method: 'POST',
      headers: server.headers,
      body: JSON.stringify({
        query: CREATE_CHART,
        variables: {
          dashboardId: demo.id,
          name: `${source.name} (${i + 1})`,
          highlight: source.highlight,
          dataGroups: source.dataGroups.map((group) => ({
            type: group.type,
            data: group.data.map(({ id: _id, ...series }) => series),
          })),
        },
      }),
    });
    const answer = (await response.json()) as {
      errors?: unknown[];
      data?: { createChart: { errors: string[] } };
    };
    if (answer.errors || answer.data?.createChart.errors.length) {
      throw new Error(`createChart was refused: ${JSON.stringify(answer.errors ?? answer.data)}`);
    }
  }
  return readDashboard(server, body);
}

/** Runs `during` while a writer books a small expense on Rent every 200 ms, timing each booking. */
async function withWriter(server: DemoServer, during: () => Promise<LoadFigures>) {
  const [rent] = await rowsOf<{ id: string }>(
    server.db,
    sql`SELECT id FROM accounts WHERE entity_id = ${server.entityId}::uuid AND name = 'Rent'`,
  );
  const [bank] = await rowsOf<{ id: string }>(
    server.db,
    sql`SELECT id FROM accounts WHERE entity_id = ${server.entityId}::uuid AND name = 'Mercury Checking'`,
  );
  if (!rent || !bank) throw new Error('The demo company has no Rent or Mercury Checking account');
  const today = new Date().toISOString().slice(0, 10);
  const writes: number[] = [];
  let writing = true;
  const writer = async () => {
    while (writing) {
      const started = performance.now();
      const response = await fetch(server.url, {
        method: 'POST',
        headers: server.headers,
        body: JSON.stringify({
          query: BOOK,
          variables: {
            entityId: server.entityId,
            accountId: rent.id,
            againstId: bank.id,
            date: today,
            amount: 100 + writes.length,
          },
        }),
      });
      const answer = (await response.json()) as { errors?: unknown[] };
      if (answer.errors) throw new Error(`The writer was refused: ${JSON.stringify(answer.errors)}`);
      writes.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const writing$ = writer();
  try {
    return { figures: await during(), writes };
  } finally {
    writing = false;
    await writing$;
  }
}

function seriesCount(charts: readonly ChartAnswer[]): number {
  return charts.reduce((sum, chart) => sum + (chart.figures?.series.length ?? 0), 0);
}

function printDashboardLoad(label: string, figures: LoadFigures): void {
  printLoadFigures(label, figures, 62);
}
