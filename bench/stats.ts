import { performance } from 'node:perf_hooks';

/** Timings of repeated runs, in milliseconds. */
export type RunStats = { runs: number; p50: number; p95: number; mean: number; min: number; max: number };

/** Nearest-rank percentile of ascending samples (p in 0-100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

export function summarizeRuns(samples: readonly number[]): RunStats {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    mean: sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length),
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/**
 * Runs `run` `warmup` times untimed, then `runs` times timed one after another; `prepare`, when given,
 * runs untimed before each (e.g. to make the next run miss a cache).
 */
export async function timeRuns(
  runs: number,
  warmup: number,
  run: () => Promise<unknown>,
  prepare?: () => Promise<unknown>,
): Promise<RunStats> {
  for (let i = 0; i < warmup; i++) {
    await prepare?.();
    await run();
  }
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    await prepare?.();
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return summarizeRuns(samples);
}

/** '12.3 ms' with three significant figures or so. */
export function formatMs(ms: number): string {
  return ms >= 100 ? `${ms.toFixed(0)} ms` : ms >= 10 ? `${ms.toFixed(1)} ms` : `${ms.toFixed(2)} ms`;
}

export function formatStats(stats: RunStats): string {
  return `p50 ${formatMs(stats.p50).padStart(9)}  p95 ${formatMs(stats.p95).padStart(9)}  (min ${formatMs(stats.min)}, max ${formatMs(stats.max)}, ${stats.runs} runs)`;
}
