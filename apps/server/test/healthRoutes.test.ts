import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/queryRows';
import { READINESS_DATABASE_TIMEOUT_MS } from '../src/http/readiness';
import { enqueueJob } from '../src/jobs/enqueueJob';
import { createTestApp, type TestApp } from './harness';
import { deferred, uniqueJobType } from './jobsTestKit';
import { createLedgerFixture } from './ledgerTestKit';
import { holdDatabase } from './observabilityTestKit';
import { eventually } from './sseTestKit';

/**
 * /healthz says the process answers; /readyz says this server should get traffic: the database
 * answers, its migrations are at head, the job runner goes round, and the server is not stopping.
 * A load balancer routes by them, so neither may be the web app's page, wait behind the admission
 * gate, or answer 200 for a server that cannot serve.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url });

describe('GET /healthz', () => {
  it('answers 200 {"status":"ok"}, never cached', async () => {
    const response = await get(t, '/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /readyz', () => {
  it('answers 200 naming each check when the database answers, migrations are at head and the runner goes round', async () => {
    const response = await get(t, '/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { server: 'serving', database: 'up', migrations: 'at_head', jobs: 'alive' },
    });
  });

  it('answers 503 from the moment stopping begins, while /healthz stays 200', async () => {
    const stopping = await createTestApp();
    try {
      expect((await get(stopping, '/readyz')).statusCode).toBe(200);
      stopping.app.lifecycle.beginStopping();
      const ready = await get(stopping, '/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'unavailable',
        checks: { server: 'stopping', database: 'skipped', migrations: 'skipped', jobs: 'skipped' },
      });
      const live = await get(stopping, '/healthz');
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
    } finally {
      await stopping.close();
    }
  });

  it('answers 503 when app.close() begins while it waits on the database, a job still draining', async () => {
    const type = uniqueJobType('Draining');
    const started = deferred();
    const finish = deferred();
    const closing = await createTestApp({
      env: { JOB_POLL_INTERVAL_MS: '50' },
      jobHandlers: {
        [type]: async () => {
          started.resolve();
          await finish.promise;
        },
      },
    });
    const company = await createLedgerFixture(closing, 'Closing Co');
    await enqueueJob(closing.db, { entityId: company.entityId, type });
    closing.app.jobRunner?.wake();
    await started.promise;

    const held = await holdDatabase(closing);
    const asked = get(closing, '/readyz');
    // The first close hook marks the server as stopping; the runner's then waits for the job.
    const closed = closing.app.close();
    await eventually(() => closing.app.lifecycle.stopping);
    await held.release();
    const ready = await asked;
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', checks: { server: 'stopping' } });
    // The close is still under way: the runner's hook waits for the job.
    expect(closing.app.jobRunner?.activeJobs).toBe(1);
    finish.resolve();
    await closed;
    await closing.database.close();
  });

  it('serves a request that arrives on an accepted connection once closing has begun, then closes it', async () => {
    // A proxy does not retry a POST that reached a server, so a stopping server must answer it, not 503.
    const stopping = await createTestApp({ env: { JOB_WORKER: 'false' } });
    await stopping.app.listen({ port: 0, host: '127.0.0.1' });
    const address = stopping.app.server.address();
    if (address === null || typeof address === 'string')
      throw new Error('the app is not listening on a port');
    const socket = connect(address.port, '127.0.0.1');
    await once(stopping.app.server, 'connection');
    stopping.app.server.close();
    const closed = stopping.app.close();
    await eventually(() => stopping.app.lifecycle.stopping);
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.on('end', () => resolve(text));
    });
    socket.write('GET /healthz HTTP/1.1\r\nHost: keel.test\r\nConnection: keep-alive\r\n\r\n');
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(text).toContain('{"status":"ok"}');
    await closed;
    await stopping.database.close();
  });

  it('answers 503 database: down once the database is closed', async () => {
    const closed = await createTestApp({ env: { JOB_WORKER: 'false' } });
    expect((await get(closed, '/readyz')).statusCode).toBe(200);
    await closed.database.close();
    try {
      const response = await get(closed, '/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        checks: { server: 'serving', database: 'down', migrations: 'unknown', jobs: 'off' },
      });
      // Only the states: nothing of the driver's error or the database's address.
      expect(response.body).not.toMatch(/postgres:|127\.0\.0\.1|closed|Error/i);
    } finally {
      await closed.app.close().catch(() => undefined);
    }
  });

  it('answers 503 database: timeout, within its deadline, when the database does not answer', async () => {
    const held = await holdDatabase(t);
    try {
      const started = performance.now();
      const response = await get(t, '/readyz');
      const took = performance.now() - started;
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'unavailable',
        checks: { server: 'serving', database: 'timeout', migrations: 'unknown' },
      });
      expect(took).toBeGreaterThanOrEqual(READINESS_DATABASE_TIMEOUT_MS - 50);
      expect(took).toBeLessThan(READINESS_DATABASE_TIMEOUT_MS + 1_500);
    } finally {
      await held.release();
    }
    expect((await get(t, '/readyz')).statusCode).toBe(200);
  });

  it("answers 503 migrations: behind when the database lacks this build's newest migration", async () => {
    const behind = await createTestApp({ env: { JOB_WORKER: 'false' } });
    try {
      const [newest] = await queryRows<{ id: number; hash: string; created_at: string }>(
        behind.db,
        sql`SELECT id, hash, created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
      );
      await behind.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${newest?.id}`);
      const response = await get(behind, '/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        checks: { server: 'serving', database: 'up', migrations: 'behind', jobs: 'off' },
      });
      await behind.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${newest?.id}, ${newest?.hash}, ${newest?.created_at}::bigint)`,
      );
      expect((await get(behind, '/readyz')).json()).toMatchObject({ status: 'ready' });
    } finally {
      await behind.close();
    }
  });

  it('answers 503 jobs: stopped once the job runner has stopped; a server without one is ready (jobs: off)', async () => {
    const runnerGone = await createTestApp();
    try {
      await runnerGone.app.jobRunner?.stop();
      const response = await get(runnerGone, '/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        checks: { server: 'serving', database: 'up', migrations: 'at_head', jobs: 'stopped' },
      });
    } finally {
      await runnerGone.close();
    }
    const noRunner = await createTestApp({ env: { JOB_WORKER: 'false' } });
    try {
      expect((await get(noRunner, '/readyz')).json()).toEqual({
        status: 'ready',
        checks: { server: 'serving', database: 'up', migrations: 'at_head', jobs: 'off' },
      });
    } finally {
      await noRunner.close();
    }
  });
});

describe('health routes and the rest of the server', () => {
  it('answer past a full admission gate, and never with the web app page', async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'keel-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    const busy = await createTestApp({
      env: { WEB_DIST: webDist, MAX_CONCURRENT_REQUESTS: '1', MAX_QUEUED_REQUESTS: '0' },
    });
    try {
      const fixture = await createLedgerFixture(busy, 'Busy Co');
      const held = await holdDatabase(busy);
      // One API request holds the gate's only place, waiting on the database.
      const holding = fixture.gql('query($e: ID!) { reports(entityId: $e) { id } }', { e: fixture.entityId });
      await eventually(
        async () => (await busy.app.inject({ method: 'GET', url: '/api/v1/entities' })).statusCode === 503,
      );
      const live = await get(busy, '/healthz');
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
      const ready = await get(busy, '/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['content-type']).toMatch(/^application\/json/);
      await held.release();
      await holding;
      const after = await get(busy, '/readyz');
      expect(after.statusCode).toBe(200);
      expect(after.headers['content-type']).toMatch(/^application\/json/);
      // The web app's fallback still serves its pages.
      expect((await get(busy, '/reports')).body).toContain('<div id="root">');
    } finally {
      await busy.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});
