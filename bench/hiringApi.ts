/**
 * The hiring plan through the API: the demo company (Acme Robotics, 20 staff, 3 open roles,
 * a contractor) on the real server listening on a local port, signed in as its owner:
 * 1. Save: the page's UpdateJobPosition of one position's salary (the plan is locked, its four
 *    forecasts rewritten for 60 months and the report's figures move), request to response, `runs`
 *    times, salaries taking turns;
 * 2. Load: `clients` concurrent HTTP clients (autocannon) sending the page's HiringPlan query for
 *    `seconds`, alone and while a writer saves a salary every 200 ms.
 *
 *   npm run bench -- hiring-api [runs=20] [clients=50] [seconds=15] [databases=pglite,postgres]
 */
import { print } from 'graphql';
import type { ScratchDatabase } from '../apps/server/src/db/openScratchDatabase';
import {
  HIRING_PLAN_QUERY,
  UPDATE_JOB_POSITION_MUTATION,
} from '../apps/web/src/features/hiring/hiringQueries';
import { type DemoServer, withDemoServer } from './demoServer';
import { type LoadFigures, loadGraphql, printLoadFigures } from './loadClients';
import { type BenchDatabase, describeMachine, onEachDatabase } from './scratchDatabases';
import { formatStats, timeRuns } from './stats';

type HiringApiBenchOptions = {
  runs: number;
  clients: number;
  seconds: number;
  databases: readonly BenchDatabase[];
  postgresUrl: string;
};

export const DEFAULT_HIRING_API_BENCH: HiringApiBenchOptions = {
  runs: 20,
  clients: 50,
  seconds: 15,
  databases: ['pglite', 'postgres'],
  postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
};

/** What the writer waits between saves in the mixed run. */
const WRITER_PAUSE_MS = 200;

// gql.tada's documents carry no source text: print them, as the web app's Apollo client does.
const HIRING_PLAN_BODY = print(HIRING_PLAN_QUERY);
const UPDATE_JOB_POSITION_BODY = print(UPDATE_JOB_POSITION_MUTATION);

type PlanAnswer = {
  errors?: unknown[];
  data?: { hiringPlan: { jobPositions: { id: string; salary: number | null }[] } };
};

export async function runHiringApiBenchmark(options: HiringApiBenchOptions): Promise<void> {
  console.log(
    `\nHiring plan through the API: a salary saved (${options.runs} runs), the HiringPlan query at ${options.clients} clients, ${options.seconds} s`,
  );
  console.log(describeMachine());
  await onEachDatabase(options.databases, options.postgresUrl, 'keel-bench-hiring', async (target) => {
    console.log(`\n${target.label}:`);
    await benchOne(target, options);
  });
}

async function benchOne(target: ScratchDatabase, options: HiringApiBenchOptions): Promise<void> {
  await withDemoServer(target, async (server) => {
    const body = JSON.stringify({
      operationName: 'HiringPlan',
      query: HIRING_PLAN_BODY,
      variables: { entityId: server.entityId },
    });
    const employee = await firstSalariedPosition(server, body);
    let turn = 0;
    const save = () => saveSalary(server, employee.id, employee.salary + (turn++ % 2 === 0 ? 1_000 : 0));
    const saves = await timeRuns(options.runs, 2, save);
    console.log(`  UpdateJobPosition (salary; 4 forecasts rewritten)   ${formatStats(saves)}`);
    printLoad(
      'HiringPlan, 1 client',
      await loadGraphql(server.url, server.headers, body, 1, Math.min(5, options.seconds)),
    );
    printLoad(
      `HiringPlan, ${options.clients} clients`,
      await loadGraphql(server.url, server.headers, body, options.clients, options.seconds),
    );
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await save();
        written += 1;
        await new Promise((resolve) => setTimeout(resolve, WRITER_PAUSE_MS));
      }
    })();
    try {
      printLoad(
        `HiringPlan + a salary saved every ${WRITER_PAUSE_MS} ms, ${options.clients} clients`,
        await loadGraphql(server.url, server.headers, body, options.clients, options.seconds),
      );
    } finally {
      writing = false;
      await writer;
    }
    console.log(`    writer: ${written} salaries saved`);
    await saveSalary(server, employee.id, employee.salary);
  });
}

/** A filled position of the demo plan (refused or empty answers stop the bench: they would pass for fast ones). */
async function firstSalariedPosition(server: DemoServer, body: string) {
  const response = await fetch(server.url, { method: 'POST', headers: server.headers, body });
  const answer = (await response.json()) as PlanAnswer;
  const position = answer.data?.hiringPlan.jobPositions.find((row) => row.salary !== null);
  if (answer.errors || !position || position.salary === null) {
    throw new Error(`HiringPlan was not answered with a salaried position: ${JSON.stringify(answer.errors)}`);
  }
  return { id: position.id, salary: position.salary };
}

async function saveSalary(server: DemoServer, id: string, salary: number): Promise<void> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: server.headers,
    body: JSON.stringify({ query: UPDATE_JOB_POSITION_BODY, variables: { id, salary } }),
  });
  const answer = (await response.json()) as {
    errors?: unknown[];
    data?: { updateJobPosition: { errors: string[] } };
  };
  if (answer.errors || answer.data?.updateJobPosition.errors.length) {
    throw new Error(`UpdateJobPosition was refused: ${JSON.stringify(answer.errors ?? answer.data)}`);
  }
}

function printLoad(label: string, figures: LoadFigures): void {
  printLoadFigures(label, figures, 62);
}
