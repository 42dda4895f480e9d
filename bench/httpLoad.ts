/**
 * The web app's Report query against a server that is already running, from this process only: the
 * load comes from outside the server, as a deployment's users' would. Start the server as the README
 * says (`npm start`, or the compiled server with DATABASE_URL), then:
 *
 *   npm run bench -- http-load [url=http://127.0.0.1:3000] [clients=50] [seconds=15] [runs=3]
 *     [warmup=5] [email=demo@keel.test] [password=keel-demo-2026] [entity='Acme Robotics Inc.'] [server-pid=N]
 *
 * It signs in (REST, as the login page does), opens the company named `entity` (else the first), sends
 * `warmup` seconds of load that is not counted (a fresh server's code is not yet optimised), then `runs`
 * timed runs of `seconds`.
 * Beside each figure it prints the machine's load average and the CPU time this load generator and, given
 * `server-pid`, the server used: a figure means little without what else the machine was doing.
 */

import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { print } from 'graphql';
import { REPORT_QUERY } from '../apps/web/src/features/financial/reportQuery';
import { type LoadFigures, loadGraphql } from './loadClients';
import { formatMs } from './stats';

type HttpLoadBenchOptions = {
  url: string;
  clients: number;
  seconds: number;
  runs: number;
  warmup: number;
  email: string;
  password: string;
  /** The company whose report is asked for, by name; the user's first company when it has none so named. */
  entity: string;
  serverPid: number | undefined;
};

export const DEFAULT_HTTP_LOAD_BENCH: HttpLoadBenchOptions = {
  url: 'http://127.0.0.1:3000',
  clients: 50,
  seconds: 15,
  runs: 3,
  warmup: 5,
  email: 'demo@keel.test',
  password: 'keel-demo-2026',
  entity: 'Acme Robotics Inc.',
  serverPid: undefined,
};

export async function runHttpLoadBenchmark(options: HttpLoadBenchOptions): Promise<void> {
  const base = options.url.replace(/\/$/, '');
  const token = await signIn(base, options.email, options.password);
  const entity = await findEntity(base, token, options.entity);
  const entityId = entity.id;
  const headers = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    'accept-encoding': 'gzip, deflate, br, zstd',
  };
  const body = JSON.stringify({
    operationName: 'Report',
    query: print(REPORT_QUERY),
    variables: { entityId },
  });
  const first = (await (await fetch(`${base}/graphql`, { method: 'POST', headers, body })).json()) as {
    data?: { report?: unknown };
    errors?: unknown;
  };
  if (first.errors || !first.data?.report) {
    throw new Error(`The Report query was not answered: ${JSON.stringify(first.errors)}`);
  }
  console.log(
    `\nReport query of ${entity.name} from a separate process: ${options.clients} clients against ${base}, ${options.runs} × ${options.seconds} s after ${options.warmup} s of warm-up`,
  );
  console.log(`Machine: ${cpus().length} cores; load average before ${formatLoad()}`);
  if (options.warmup > 0)
    await loadGraphql(`${base}/graphql`, headers, body, options.clients, options.warmup);
  const figures: LoadFigures[] = [];
  for (let run = 1; run <= options.runs; run++) {
    const ownBefore = process.cpuUsage();
    const serverBefore = processCpuSeconds(options.serverPid);
    const result = await loadGraphql(`${base}/graphql`, headers, body, options.clients, options.seconds);
    const own = process.cpuUsage(ownBefore);
    const serverAfter = processCpuSeconds(options.serverPid);
    figures.push(result);
    const cores = (seconds: number) => (seconds / options.seconds).toFixed(2);
    const server =
      serverBefore !== undefined && serverAfter !== undefined
        ? `  server ${cores(serverAfter - serverBefore)} cores`
        : '';
    console.log(
      `  run ${run}: ${result.requestsPerSecond.toFixed(0).padStart(5)} requests/s  p50 ${formatMs(result.p50).padStart(7)}  p99 ${formatMs(result.p99).padStart(7)}  ${result.kib.toFixed(1)} KiB each  errors ${result.errors}  non-2xx ${result.non2xx}  timeouts ${result.timeouts}  | load ${formatLoad()}  load generator ${cores((own.user + own.system) / 1e6)} cores${server}`,
    );
  }
  const sorted = [...figures].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const median = sorted[Math.floor(sorted.length / 2)];
  if (median) {
    console.log(
      `  median run: ${median.requestsPerSecond.toFixed(0)} requests/s, p99 ${formatMs(median.p99)}`,
    );
  }
}

function formatLoad(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ');
}

/** The CPU seconds a process on this machine has used so far (Linux /proc), or undefined. */
function processCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const answer = (await response.json()) as { auth?: { access_token?: string } };
  const token = answer.auth?.access_token;
  if (!token) throw new Error(`Could not sign in as ${email} (HTTP ${response.status})`);
  return token;
}

async function findEntity(base: string, token: string, name: string): Promise<{ id: string; name: string }> {
  const response = await fetch(`${base}/api/v1/entities`, { headers: { authorization: `Bearer ${token}` } });
  const answer = (await response.json()) as { entities?: { id: string; name: string }[] };
  const entity = answer.entities?.find((candidate) => candidate.name === name) ?? answer.entities?.[0];
  if (!entity) throw new Error('The signed-in user has no company');
  return entity;
}
