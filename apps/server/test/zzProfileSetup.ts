import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { afterAll, beforeAll } from 'vitest';

const session = new Session();
beforeAll(async () => {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
});
afterAll(async () => {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(`/tmp/prof-${Date.now()}.cpuprofile`, JSON.stringify(profile));
});

import { PGlite } from '@electric-sql/pglite';
const stats = new Map<string, { n: number; rows: number; ms: number }>();
for (const method of ['query'] as const) {
  const original = (PGlite.prototype as any)[method];
  (PGlite.prototype as any)[method] = async function (this: unknown, sqlText: string, ...rest: unknown[]) {
    const started = performance.now();
    const result = await original.call(this, sqlText, ...rest);
    const key = String(sqlText).replace(/\s+/g, ' ').slice(0, 140);
    const s = stats.get(key) ?? { n: 0, rows: 0, ms: 0 };
    s.n += 1;
    s.rows += result?.rows?.length ?? 0;
    s.ms += performance.now() - started;
    stats.set(key, s);
    return result;
  };
}
const originalTransaction = (PGlite.prototype as any).transaction;
(PGlite.prototype as any).transaction = function (this: unknown, callback: (tx: any) => unknown) {
  return originalTransaction.call(this, (tx: any) => {
    const q = tx.query.bind(tx);
    tx.query = async (sqlText: string, ...rest: unknown[]) => {
      const started = performance.now();
      const result = await q(sqlText, ...rest);
      const key = 'TX ' + String(sqlText).replace(/\s+/g, ' ').slice(0, 140);
      const s = stats.get(key) ?? { n: 0, rows: 0, ms: 0 };
      s.n += 1;
      s.rows += result?.rows?.length ?? 0;
      s.ms += performance.now() - started;
      stats.set(key, s);
      return result;
    };
    return callback(tx);
  });
};
afterAll(() => {
  const total = [...stats.values()].reduce((a, b) => a + b.ms, 0);
  writeFileSync('/tmp/sqltotal.txt', `${Math.round(total)} ms in ${[...stats.values()].reduce((a, b) => a + b.n, 0)} queries`);
  const top = [...stats.entries()].sort((a, b) => b[1].rows - a[1].rows).slice(0, 15);
  writeFileSync(`/tmp/sqlstats-${Date.now()}.txt`, top.map(([k, v]) => `${v.rows} rows ${v.n}x ${Math.round(v.ms)}ms ${k}`).join('\n') + '\n\nBY TIME\n' + [...stats.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25).map(([k, v]) => `${Math.round(v.ms)}ms ${v.n}x ${v.rows} rows ${k}`).join('\n'));
});
