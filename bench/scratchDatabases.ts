import { cpus, loadavg } from 'node:os';
import {
  openScratchPglite,
  openScratchPostgres,
  type ScratchDatabase,
} from '../apps/server/src/db/openScratchDatabase';

export type BenchDatabase = 'postgres' | 'pglite';

/**
 * Runs `bench` on a fresh scratch database of each kind in turn (PostgreSQL: a new database on the
 * server at `postgresUrl`, without a statement timeout since benchmarks load millions of rows; PGlite:
 * a temporary directory), throwing each away after, and returns the results in order.
 */
export async function onEachDatabase<T>(
  databases: readonly BenchDatabase[],
  postgresUrl: string,
  prefix: string,
  bench: (target: ScratchDatabase) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  for (const kind of databases) {
    const target =
      kind === 'postgres'
        ? await openScratchPostgres(postgresUrl, prefix.replace(/-/g, '_'), { statementTimeoutMs: 0 })
        : await openScratchPglite(prefix);
    try {
      results.push(await bench(target));
    } finally {
      await target.close();
    }
  }
  return results;
}

/** The machine line every benchmark prints first: figures on a shared machine are noisy. */
export function describeMachine(): string {
  return `Machine: ${cpus().length} cores, load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ')} (shared machines make figures noisy)`;
}
