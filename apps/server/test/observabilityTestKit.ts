import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { poolStatsOf } from '../src/db/client';
import type { TestApp } from './harness';
import { deferred } from './jobsTestKit';

/** Test support for the health, metrics and log suites (test code only). */

export type LogLine = { level: number; msg?: string; [field: string]: unknown };

/** pino's levels by name. */
export const LEVEL = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;

/** A stream that keeps every log line the app writes, as text and parsed. */
export function captureLog() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return {
    stream,
    /** Everything logged so far, as written. */
    text: () => chunks.join(''),
    lines: (): LogLine[] =>
      chunks
        .join('')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as LogLine),
    clear: () => {
      chunks.length = 0;
    },
  };
}

/**
 * Takes every connection of the app's database (the one PGlite connection, or each of the pool's),
 * each inside a transaction that waits for `release()`: until then any other query waits.
 */
export async function holdDatabase(t: TestApp): Promise<{ release(): Promise<void> }> {
  const connections = poolStatsOf(t.db)?.max ?? 1;
  const gate = deferred();
  const started: Promise<void>[] = [];
  const held = Array.from({ length: connections }, () => {
    const began = deferred();
    started.push(began.promise);
    return t.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      began.resolve();
      await gate.promise;
    });
  });
  await Promise.all(started);
  return {
    async release() {
      gate.resolve();
      await Promise.all(held);
    },
  };
}

/** GET /metrics as this machine (app.inject's default peer is 127.0.0.1) and answers its text. */
export async function scrape(t: TestApp): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: '/metrics' });
  if (response.statusCode !== 200) throw new Error(`/metrics: ${response.statusCode}`);
  return response.body;
}

/** The samples of one metric in a scrape: label sets and values. */
export function samplesOf(text: string, name: string): { labels: Record<string, string>; value: number }[] {
  const samples: { labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1] ?? ''] = pair[2] ?? '';
    }
    samples.push({ labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the sample whose labels include `labels`, or undefined when there is none. */
export function sampleValue(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  return samplesOf(text, name).find((sample) =>
    Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;
}
