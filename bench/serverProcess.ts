import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/**
 * Keel's server in a process of its own, as production runs it (`node apps/server/dist/main.js`) or as
 * it ran before the build existed (the tsx CLI on the TypeScript source), for the benches that
 * measure whole processes: start time, memory, several servers behind a proxy.
 */

export const REPO_ROOT = resolve(import.meta.dirname, '..');

export type ServerVariant = 'compiled' | 'tsx';

const SERVER_COMMANDS: Record<ServerVariant, { command: string; args: string[] }> = {
  compiled: { command: process.execPath, args: ['--enable-source-maps', 'apps/server/dist/main.js'] },
  tsx: { command: resolve(REPO_ROOT, 'node_modules/.bin/tsx'), args: ['apps/server/src/main.ts'] },
};

export type ServerProcess = {
  child: ChildProcess;
  origin: string;
  port: number;
  /** Output so far (standard output and error together), for the error when it fails. */
  output(): string;
  /** SIGTERM, then the exit code and how long it took; SIGKILL after `timeoutMs`. */
  stop(timeoutMs?: number): Promise<{ code: number | null; ms: number }>;
};

/** A free port of this machine between `low` and `high`, not in `avoid`. */
export async function findFreePort(
  low: number,
  high: number,
  avoid: readonly number[] = [],
): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (avoid.includes(port)) continue;
    const free = await new Promise<boolean>((done) => {
      const probe = createServer();
      probe.once('error', () => done(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port between ${low} and ${high}`);
}

/** Starts the server; `env` is added to this process's PATH and HOME only (no inherited settings). */
export function spawnServer(
  variant: ServerVariant,
  port: number,
  env: Record<string, string>,
): ServerProcess {
  const { command, args } = SERVER_COMMANDS[variant];
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return {
    child,
    origin: `http://127.0.0.1:${port}`,
    port,
    output: () => output,
    async stop(timeoutMs = 40_000) {
      const started = performance.now();
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const code = await exited;
      clearTimeout(killer);
      return { code, ms: performance.now() - started };
    },
  };
}

/** Polls `url` until it answers 200; the time from `since` (performance.now()) to that answer. */
export async function waitForOk(server: ServerProcess, path: string, since: number, timeoutMs = 120_000) {
  const deadline = since + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null) {
      throw new Error(`The server exited with code ${server.child.exitCode}:\n${server.output()}`);
    }
    try {
      const response = await fetch(`${server.origin}${path}`);
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) throw new Error(`No 200 from ${path} within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

/** Resident memory of a process and all its descendants (the tsx CLI runs the server in a child), in MB. */
export function treeRssMb(pid: number): number {
  let kilobytes = 0;
  const visit = (id: number) => {
    const status = readFileSync(`/proc/${id}/status`, 'utf8');
    kilobytes += Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0);
    for (const task of readdirSync(`/proc/${id}/task`)) {
      const children = readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) visit(Number(child));
    }
  };
  visit(pid);
  return kilobytes / 1024;
}

/** Builds the server as `npm run build -w apps/server` does; answers the build's own line. */
export function buildServer(): string {
  const built = spawnSync(process.execPath, ['apps/server/scripts/build.mjs'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`The server build failed:\n${built.stdout}${built.stderr}`);
  return built.stdout.trim();
}
