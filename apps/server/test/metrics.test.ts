import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OPERATION_LABELS } from '../src/http/operationNames';
import { enqueueJob } from '../src/jobs/enqueueJob';
import { JobFailure } from '../src/jobs/jobHandler';
import { createTestApp, type TestApp } from './harness';
import { deferred, jobReaches, uniqueJobType } from './jobsTestKit';
import { createLedgerFixture, type LedgerFixture } from './ledgerTestKit';
import { holdDatabase, samplesOf, sampleValue, scrape } from './observabilityTestKit';
import { eventually, openSse } from './sseTestKit';

/**
 * GET /metrics: Prometheus' text, for this machine or a scraper holding METRICS_TOKEN only, with
 * label values a client cannot multiply, and each app's figures its own.
 */

const METRICS_TOKEN = 'metrics-token-0123456789abcdefghijklmnopqrstuvwxyz';
const ELSEWHERE = '203.0.113.9';

let t: TestApp;
let acme: LedgerFixture;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN } });
  acme = await createLedgerFixture(t, 'Metrics Co');
});
afterAll(() => t.close());

type Caller = { remoteAddress?: string; headers?: Record<string, string> };

const metricsAs = (app: TestApp, options: Caller) =>
  app.app.inject({ method: 'GET', url: '/metrics', ...options });
const unknownPathAs = (app: TestApp, options: Caller) =>
  app.app.inject({ method: 'GET', url: '/no-such-path', ...options });

/** What a caller can see of an answer: status, type and body (the path named in it aside). */
const visible = (response: Awaited<ReturnType<typeof metricsAs>>) => ({
  status: response.statusCode,
  type: response.headers['content-type'],
  body: response.body.replace(/\/metrics|\/no-such-path/, '<path>'),
});

describe('GET /metrics access', () => {
  it('serves Prometheus text, the process metrics included, to a caller on this machine', async () => {
    const response = await metricsAs(t, {});
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('# TYPE keel_http_requests_total counter');
    expect(response.body).toContain('# TYPE keel_graphql_request_duration_seconds histogram');
    expect(response.body).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(response.body).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('answers anyone else exactly as it answers an unknown path', async () => {
    expect((await metricsAs(t, {})).statusCode).toBe(200);
    const callers: Caller[] = [
      { remoteAddress: ELSEWHERE },
      // A proxy on this machine forwarding a visitor: loopback socket, but not this machine's caller.
      { headers: { 'x-forwarded-for': ELSEWHERE } },
      { headers: { forwarded: `for=${ELSEWHERE}` } },
      { remoteAddress: ELSEWHERE, headers: { authorization: `Bearer ${METRICS_TOKEN.slice(0, -1)}x` } },
      { remoteAddress: ELSEWHERE, headers: { authorization: METRICS_TOKEN } },
    ];
    for (const caller of callers) {
      const metrics = await metricsAs(t, caller);
      expect(metrics.statusCode).toBe(404);
      expect(visible(metrics)).toEqual(visible(await unknownPathAs(t, caller)));
      expect(metrics.body).not.toContain('keel_');
    }
  });

  it('lets a scraper holding METRICS_TOKEN in from another machine, and no one when none is set', async () => {
    const scraper = { remoteAddress: ELSEWHERE, headers: { authorization: `Bearer ${METRICS_TOKEN}` } };
    const response = await metricsAs(t, scraper);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('keel_http_requests_total');

    const withoutToken = await createTestApp({ env: { JOB_WORKER: 'false' } });
    try {
      expect((await metricsAs(withoutToken, scraper)).statusCode).toBe(404);
      expect((await metricsAs(withoutToken, {})).statusCode).toBe(200);
    } finally {
      await withoutToken.close();
    }
  });
});

describe('request metrics', () => {
  it('count HTTP requests by route pattern and status, never by the raw URL', async () => {
    const cardId = randomUUID();
    const secret = `s3cr3t${randomUUID()}`;
    await t.app.inject({ method: 'GET', url: `/api/v1/cards/${cardId}?token=${secret}` });
    await t.app.inject({ method: 'GET', url: `/nowhere/${secret}` });
    const text = await scrape(t);
    expect(
      sampleValue(text, 'keel_http_requests_total', {
        method: 'GET',
        route: '/api/v1/cards/:id',
        status: '401',
      }),
    ).toBe(1);
    expect(
      sampleValue(text, 'keel_http_requests_total', { route: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(cardId);
    expect(text).not.toContain(secret);
  });

  it('count GraphQL requests, their outcome, latency and error codes by operation name', async () => {
    const before = await scrape(t);
    const countOf = (text: string, labels: Record<string, string>) =>
      sampleValue(text, 'keel_graphql_requests_total', labels) ?? 0;
    await acme.gql('query Viewer { me { id } }');
    await t.graphql('query Viewer { me { id } }');
    await acme.gql(
      'mutation Book($e: ID!) { createUserTransaction(entityId: $e, accountId: "nowhere", date: "2026-11-01", amount: 1) { id } }',
      { e: acme.entityId },
    );
    const text = await scrape(t);
    expect(
      countOf(text, { operation: 'Viewer', outcome: 'ok' }) -
        countOf(before, { operation: 'Viewer', outcome: 'ok' }),
    ).toBe(1);
    expect(
      countOf(text, { operation: 'Viewer', outcome: 'refused' }) -
        countOf(before, { operation: 'Viewer', outcome: 'refused' }),
    ).toBe(1);
    expect(countOf(text, { operation: 'Book', outcome: 'refused' })).toBe(1);
    expect(sampleValue(text, 'keel_graphql_request_duration_seconds_count', { operation: 'Viewer' })).toBe(
      (sampleValue(before, 'keel_graphql_request_duration_seconds_count', { operation: 'Viewer' }) ?? 0) + 2,
    );
    expect(
      (sampleValue(text, 'keel_graphql_errors_total', { code: 'UNAUTHENTICATED' }) ?? 0) -
        (sampleValue(before, 'keel_graphql_errors_total', { code: 'UNAUTHENTICATED' }) ?? 0),
    ).toBe(1);
  });

  it('give at most MAX_OPERATION_LABELS names a label of their own; the rest and malformed ones count as other', async () => {
    const fresh = await createTestApp({ env: { JOB_WORKER: 'false' } });
    try {
      const ask = (body: Record<string, unknown>) =>
        fresh.app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
      for (let i = 0; i < MAX_OPERATION_LABELS + 25; i++) {
        await ask({ query: `query Random${i}x${randomUUID().slice(0, 8)} { __typename }` });
      }
      await ask({ query: 'query { __typename }', operationName: 'not a name' });
      await ask({ query: `query ${'Long'.repeat(20)} { __typename }` });
      await ask({ query: '{ __typename }' });
      const text = await scrape(fresh);
      const operations = new Set(
        samplesOf(text, 'keel_graphql_requests_total').map((s) => s.labels.operation),
      );
      expect(operations.size).toBe(MAX_OPERATION_LABELS + 2);
      expect(operations.has('anonymous')).toBe(true);
      const others = samplesOf(text, 'keel_graphql_requests_total').filter(
        (s) => s.labels.operation === 'other',
      );
      expect(others.reduce((sum, sample) => sum + sample.value, 0)).toBe(27);
      const histogramNames = new Set(
        samplesOf(text, 'keel_graphql_request_duration_seconds_count').map((s) => s.labels.operation),
      );
      expect(histogramNames.size).toBe(MAX_OPERATION_LABELS + 2);
    } finally {
      await fresh.close();
    }
  });

  it("are each app's own", async () => {
    const other = await createTestApp({ env: { JOB_WORKER: 'false' } });
    try {
      const before = sampleValue(await scrape(other), 'keel_http_requests_total', { route: '/healthz' }) ?? 0;
      for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(sampleValue(await scrape(other), 'keel_http_requests_total', { route: '/healthz' }) ?? 0).toBe(
        before,
      );
      await other.app.inject({ method: 'GET', url: '/healthz' });
      expect(sampleValue(await scrape(other), 'keel_http_requests_total', { route: '/healthz' })).toBe(
        before + 1,
      );
    } finally {
      await other.close();
    }
  });
});

describe('server metrics', () => {
  it("show the admission gate's running and queued requests and count its refusals by reason", async () => {
    const gated = await createTestApp({
      env: {
        JOB_WORKER: 'false',
        MAX_CONCURRENT_REQUESTS: '1',
        MAX_QUEUED_REQUESTS: '1',
        REQUEST_QUEUE_TIMEOUT_MS: '1000',
      },
    });
    try {
      const fixture = await createLedgerFixture(gated, 'Gated Co');
      // Read from the registry while the database is held (a scrape would wait for the job counts).
      const metric = async (name: string, labels: Record<string, string> = {}) =>
        sampleValue(await gated.app.metrics.registry.getSingleMetricAsString(name), name, labels);
      const held = await holdDatabase(gated);
      const reports = () =>
        fixture.gql('query($e: ID!) { reports(entityId: $e) { id } }', { e: fixture.entityId });
      const running = reports();
      const queued = reports();
      await eventually(async () => (await metric('keel_admission_queued')) === 1);
      expect(await metric('keel_admission_running')).toBe(1);
      const refused = await gated.app.inject({ method: 'GET', url: '/api/v1/entities' });
      expect(refused.statusCode).toBe(503);
      expect(await metric('keel_admission_refusals_total', { reason: 'queue_full' })).toBe(1);
      expect(await metric('keel_admission_refusals_total', { reason: 'waited_too_long' })).toBe(0);
      // The queued request passes its deadline while the first still waits on the database.
      expect((await queued).errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');
      expect(await metric('keel_admission_refusals_total', { reason: 'waited_too_long' })).toBe(1);
      await held.release();
      await running;
      const after = await scrape(gated);
      expect(sampleValue(after, 'keel_admission_running')).toBe(0);
      expect(sampleValue(after, 'keel_admission_queued')).toBe(0);
    } finally {
      await gated.close();
    }
  });

  it('show the database pool on PostgreSQL, and nothing of a pool on the embedded database', async () => {
    const text = await scrape(t);
    if (t.databaseUrl) {
      expect(sampleValue(text, 'keel_db_pool_max_connections')).toBe(4);
      expect(sampleValue(text, 'keel_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
      expect(sampleValue(text, 'keel_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sampleValue(text, 'keel_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toContain('keel_db_pool');
    }
  });

  it('read the jobs queued and running from the database, and count the failed ones this server ran', async () => {
    const blocking = uniqueJobType('Blocking');
    const failing = uniqueJobType('Failing');
    const started = deferred();
    const finish = deferred();
    const worker = await createTestApp({
      env: { JOB_POLL_INTERVAL_MS: '50' },
      jobHandlers: {
        [blocking]: async () => {
          started.resolve();
          await finish.promise;
        },
        [failing]: async () => {
          throw new JobFailure('The bank refused this', { retry: false });
        },
      },
    });
    try {
      const fixture = await createLedgerFixture(worker, 'Jobs Co');
      const failed = await enqueueJob(worker.db, { entityId: fixture.entityId, type: failing });
      await jobReaches(worker, failed.id, 'failed');
      await enqueueJob(worker.db, { entityId: fixture.entityId, type: blocking });
      await started.promise;
      const queuedBefore = sampleValue(await scrape(worker), 'keel_jobs', { state: 'queued' }) ?? -1;
      // A type no runner of this server runs waits in the queue.
      await enqueueJob(worker.db, { entityId: fixture.entityId, type: uniqueJobType('Nobody') });
      const text = await scrape(worker);
      expect(sampleValue(text, 'keel_jobs', { state: 'running' })).toBe(1);
      expect(sampleValue(text, 'keel_jobs', { state: 'queued' })).toBe(queuedBefore + 1);
      expect(sampleValue(text, 'keel_jobs_oldest_due_seconds')).toBeGreaterThanOrEqual(0);
      expect(sampleValue(text, 'keel_job_attempts_total', { type: failing, outcome: 'failed' })).toBe(1);
      expect(sampleValue(text, 'keel_job_runner_alive')).toBe(1);
      expect(sampleValue(text, 'keel_job_runner_active_jobs')).toBe(1);
      finish.resolve();
    } finally {
      finish.resolve();
      await worker.close();
    }
  });

  it('count report cache hits and misses, and the subscriptions open', async () => {
    const report = `query Report($e: ID!) { report(entityId: $e, startMonth: "2026-01", endMonth: "2026-12",
      actualsEndMonth: "2026-11") { lineItems { accountId } } }`;
    const before = await scrape(t);
    const lookups = (text: string, labels: Record<string, string>) =>
      sampleValue(text, 'keel_report_cache_lookups_total', labels) ?? 0;
    expect((await acme.gql(report, { e: acme.entityId })).errors).toBeUndefined();
    expect((await acme.gql(report, { e: acme.entityId })).errors).toBeUndefined();
    const text = await scrape(t);
    expect(
      lookups(text, { cache: 'answers', result: 'miss' }) -
        lookups(before, { cache: 'answers', result: 'miss' }),
    ).toBe(1);
    expect(
      lookups(text, { cache: 'answers', result: 'hit' }) -
        lookups(before, { cache: 'answers', result: 'hit' }),
    ).toBe(1);
    expect(lookups(text, { cache: 'figures', result: 'miss' })).toBeGreaterThan(0);

    const baseUrl = await listenOnLocalPort(t);
    const subscription = await openSse(
      baseUrl,
      'subscription Jobs($e: ID!) { entityJobWasUpdated(entityId: $e) { jobStatus { id } } }',
      { e: acme.entityId },
      acme.owner.token,
    );
    expect(subscription.status).toBe(200);
    const open = await scrape(t);
    expect(sampleValue(open, 'keel_graphql_subscriptions_open')).toBe(1);
    const realtimeBefore = sampleValue(text, 'keel_realtime_subscriptions') ?? 0;
    expect(sampleValue(open, 'keel_realtime_subscriptions')).toBe(realtimeBefore + 1);
    subscription.close();
    await eventually(async () => sampleValue(await scrape(t), 'keel_graphql_subscriptions_open') === 0);
    // A subscription's lifetime is not a latency: the histogram leaves it out.
    expect(
      sampleValue(await scrape(t), 'keel_graphql_request_duration_seconds_count', { operation: 'Jobs' }),
    ).toBeUndefined();
  });
});

/** Listens on a free port of this machine in 3300–3399 (the range these tests may use). */
async function listenOnLocalPort(app: TestApp): Promise<string> {
  const address = app.app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = 3300 + Math.floor(Math.random() * 100);
    try {
      return await app.app.listen({ port, host: '127.0.0.1' });
    } catch (error) {
      if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
    }
  }
  throw new Error('No free port in 3300–3399');
}
