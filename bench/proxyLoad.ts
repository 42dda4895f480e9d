/**
 * Several servers behind nginx: the web app's Report query (the demo company, signed in as its owner)
 * from `clients` concurrent clients for `seconds`, through Debian's nginx with docs/deploying/keel-
 * nginx.conf, first with one compiled server behind it, then with two; the ratio of their request rates
 * from this one run. The servers run in production mode on one scratch PostgreSQL database, and the
 * load comes from autocannon's command line, a process of its own, so neither nginx, the servers nor
 * the clients share an event loop.
 *
 *   npm run bench -- proxy-load [clients=50] [seconds=10] [postgres-url=…]
 *
 * On a machine with fewer cores than servers + nginx + PostgreSQL + the clients, a second server adds
 * little: the figure says how much the machine, not Keel, lets a second server add.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { print } from 'graphql';
import { systemClock } from '../apps/server/src/clock';
import { openScratchPostgres } from '../apps/server/src/db/openScratchDatabase';
import { DEMO_COMPANY_NAME, DEMO_OWNER } from '../apps/server/src/demo/demoUsers';
import { seedDemoIfEmpty } from '../apps/server/src/demo/seedDemo';
import { issueAccessToken } from '../apps/server/src/modules/auth/tokens';
import { createSecretBox } from '../apps/server/src/secrets/secretBox';
import { decodeSecretKey } from '../apps/server/src/secrets/secretKey';
import { REPORT_QUERY } from '../apps/web/src/features/financial/reportQuery';
import { BENCH_SECRET_KEY, rowsOf } from './demoServer';
import { describeMachine } from './scratchDatabases';
import {
  buildServer,
  findFreePort,
  REPO_ROOT,
  type ServerProcess,
  spawnServer,
  waitForOk,
} from './serverProcess';

type ProxyLoadBenchOptions = { clients: number; seconds: number; postgresUrl: string };

export const DEFAULT_PROXY_LOAD_BENCH: ProxyLoadBenchOptions = {
  clients: 50,
  seconds: 10,
  postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
};

type LoadResult = { requestsPerSecond: number; p50: number; p99: number; non2xx: number; errors: number };

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(
  (path) => spawnSync(path, ['-v'], { stdio: 'ignore' }).status === 0,
);

/** nginx in front of `upstreams`, on `port`, until stopped; its files in `dir`. */
async function startNginx(dir: string, port: number, upstreams: number[]) {
  if (!NGINX) throw new Error("The proxy-load bench needs Debian's nginx: sudo apt-get install -y nginx");
  mkdirSync(dir, { recursive: true });
  const config = join(dir, 'nginx.conf');
  writeFileSync(
    config,
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream keel { ${upstreams.map((upstream) => `server 127.0.0.1:${upstream};`).join(' ')} }
  server {
    listen 127.0.0.1:${port};
    include ${resolve(REPO_ROOT, 'docs/deploying/keel-nginx.conf')};
  }
}
`,
  );
  const nginx = spawn(NGINX, ['-p', dir, '-c', config, '-e', join(dir, 'error.log'), '-g', 'daemon off;'], {
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    const answer = await fetch(`${origin}/healthz`).catch(() => null);
    if (answer?.status === 200) break;
    if (attempt > 200) throw new Error('nginx did not answer');
    await new Promise((done) => setTimeout(done, 50));
  }
  return {
    origin,
    stop: () =>
      new Promise<void>((done) => {
        nginx.once('exit', () => done());
        nginx.kill('SIGQUIT');
      }),
  };
}

/** autocannon's command line, in a process of its own, POSTing `body` to `url`. */
function loadThroughCli(
  url: string,
  token: string,
  body: string,
  options: ProxyLoadBenchOptions,
): LoadResult {
  const run = spawnSync(
    resolve(REPO_ROOT, 'node_modules/.bin/autocannon'),
    [
      '--json',
      '-c',
      String(options.clients),
      '-d',
      String(options.seconds),
      '-m',
      'POST',
      '-H',
      'content-type=application/json',
      '-H',
      `authorization=Bearer ${token}`,
      '-b',
      body,
      url,
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`autocannon failed: ${run.stderr}`);
  const result = JSON.parse(run.stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export async function runProxyLoadBenchmark(options: ProxyLoadBenchOptions): Promise<void> {
  console.log(
    `\nThe Report query through nginx at ${options.clients} clients for ${options.seconds} s: one server, then two`,
  );
  console.log(describeMachine());
  console.log(`Server build: ${buildServer()}`);
  const target = await openScratchPostgres(options.postgresUrl, 'keel_bench_proxy', { poolSize: 2 });
  const dir = mkdtempSync(join(tmpdir(), 'keel-bench-proxy-'));
  const servers: ServerProcess[] = [];
  try {
    const key = decodeSecretKey(BENCH_SECRET_KEY);
    if (!key) throw new Error('BENCH_SECRET_KEY is not a key');
    await seedDemoIfEmpty(target.db, systemClock, createSecretBox(key));
    const [owner] = await rowsOf<{ id: string }>(
      target.db,
      sql`SELECT id FROM users WHERE email = ${DEMO_OWNER.email}`,
    );
    const [entity] = await rowsOf<{ id: string }>(
      target.db,
      sql`SELECT id FROM entities WHERE name = ${DEMO_COMPANY_NAME}`,
    );
    if (!owner || !entity) throw new Error('The demo seed did not create its owner and company');
    const { token } = await issueAccessToken(target.db, systemClock, owner.id, 24);

    const proxyPort = await findFreePort(8200, 8299);
    const ports = [await findFreePort(3200, 3299)];
    ports.push(await findFreePort(3200, 3299, ports));
    for (const port of ports) {
      const server = spawnServer('compiled', port, {
        NODE_ENV: 'production',
        DATABASE_URL: target.url as string,
        SECRET_KEY: BENCH_SECRET_KEY,
        APP_URL: `http://127.0.0.1:${proxyPort}`,
        SMTP_URL: 'smtp://127.0.0.1:9',
        TRUST_PROXY: '127.0.0.1',
        SANDBOX_FEATURES: 'banking,payments,plaid,moneykit,quickbooks,sms',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      });
      servers.push(server);
      await waitForOk(server, '/readyz', performance.now());
    }
    const body = JSON.stringify({ query: print(REPORT_QUERY), variables: { entityId: entity.id } });
    const results: LoadResult[] = [];
    for (const count of [1, 2]) {
      const nginx = await startNginx(join(dir, `nginx-${count}`), proxyPort, ports.slice(0, count));
      try {
        results.push(loadThroughCli(`${nginx.origin}/graphql`, token, body, options));
      } finally {
        await nginx.stop();
      }
    }
    const [one, two] = results as [LoadResult, LoadResult];
    for (const [label, result] of [
      ['one server ', one],
      ['two servers', two],
    ] as const) {
      console.log(
        `  ${label}: ${result.requestsPerSecond.toFixed(1).padStart(7)} requests/s  p50 ${result.p50} ms  p99 ${result.p99} ms  (non-2xx ${result.non2xx}, errors ${result.errors})`,
      );
    }
    console.log(
      `  two servers against one: ×${(two.requestsPerSecond / one.requestsPerSecond).toFixed(2)} requests/s`,
    );
  } finally {
    for (const server of servers) await server.stop();
    rmSync(dir, { recursive: true, force: true });
    await target.close();
  }
}
