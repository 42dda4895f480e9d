import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/harness';
import { AdmissionRefused, createAdmissionGate } from './admissionGate';

describe('admission gate', () => {
  it('admits up to the limit, queues the rest in order, and hands a released place to the next', async () => {
    const gate = createAdmissionGate({ maxRunning: 2, maxQueued: 5, maxWaitMs: 10_000 });
    const first = await gate.enter();
    const second = await gate.enter();
    const order: string[] = [];
    const third = gate.enter().then((release) => {
      order.push('third');
      return release;
    });
    const fourth = gate.enter().then((release) => {
      order.push('fourth');
      return release;
    });
    expect(gate.stats()).toEqual({ running: 2, queued: 2 });
    first();
    first(); // a second call changes nothing
    (await third)();
    second();
    (await fourth)();
    expect(order).toEqual(['third', 'fourth']);
    expect(gate.stats()).toEqual({ running: 0, queued: 0 });
  });

  it('refuses at once when the queue is full, with a Retry-After of at least a second', async () => {
    const gate = createAdmissionGate({ maxRunning: 1, maxQueued: 1, maxWaitMs: 10_000 });
    const running = await gate.enter();
    const waiting = gate.enter();
    const refusal = await gate.enter().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AdmissionRefused);
    expect((refusal as AdmissionRefused).reason).toBe('queue full');
    expect((refusal as AdmissionRefused).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    running();
    (await waiting)();
  });

  it('refuses a request that waited past its deadline, and it never runs', async () => {
    vi.useFakeTimers();
    try {
      const gate = createAdmissionGate({ maxRunning: 1, maxQueued: 5, maxWaitMs: 1_000 });
      const running = await gate.enter();
      let ran = false;
      const late = gate.enter().then(() => {
        ran = true;
      });
      const outcome = late.catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(1_001);
      expect(await outcome).toMatchObject({ reason: 'waited too long' });
      running();
      expect(ran).toBe(false);
      expect(gate.stats()).toEqual({ running: 0, queued: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops a waiting request whose client left', async () => {
    const gate = createAdmissionGate({ maxRunning: 1, maxQueued: 5, maxWaitMs: 10_000 });
    const running = await gate.enter();
    let leave: () => void = () => undefined;
    const waiting = gate
      .enter({
        onAbort: (listener) => {
          leave = listener;
          return () => undefined;
        },
      })
      .catch((error: unknown) => error);
    leave();
    expect(await waiting).toMatchObject({ reason: 'client left' });
    expect(gate.stats()).toEqual({ running: 1, queued: 0 });
    running();
    expect(gate.stats()).toEqual({ running: 0, queued: 0 });
  });

  it('stops watching for the client leaving once a request is admitted or refused', async () => {
    vi.useFakeTimers();
    try {
      const gate = createAdmissionGate({ maxRunning: 1, maxQueued: 5, maxWaitMs: 1_000 });
      const running = await gate.enter();
      const watching = new Set<string>();
      const watch = (name: string) => ({
        onAbort: () => {
          watching.add(name);
          return () => watching.delete(name);
        },
      });
      const admitted = gate.enter(watch('first'));
      vi.advanceTimersByTime(500);
      const refused = gate.enter(watch('second')).catch((error: unknown) => error);
      expect([...watching]).toEqual(['first', 'second']);
      running();
      const release = await admitted;
      expect([...watching]).toEqual(['second']);
      vi.advanceTimersByTime(1_000);
      expect(await refused).toMatchObject({ reason: 'waited too long' });
      expect(watching.size).toBe(0);
      release();
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets everything through when turned off', async () => {
    const gate = createAdmissionGate({ maxRunning: 0, maxQueued: 0, maxWaitMs: 100 });
    await Promise.all([gate.enter(), gate.enter(), gate.enter()]);
  });
});

describe('admission through the app', () => {
  it('answers a request past the limit with 503, a Retry-After and a coded error, and frees its places', async () => {
    const t = await createTestApp({ env: { MAX_CONCURRENT_REQUESTS: '1', MAX_QUEUED_REQUESTS: '0' } });
    try {
      const query = { query: '{ __typename }' };
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { 'content-type': 'application/json' },
          payload: query,
        });
      const [first, second] = await Promise.all([send(), send()]);
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(503);
      expect(Number(second.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(second.json().errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
      const rest = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
      const [refusedRest] = await Promise.all([
        t.app.inject({ method: 'GET', url: '/api/v1/auth/providers' }),
        t.app.inject({ method: 'GET', url: '/api/v1/auth/providers' }),
      ]).then((answers) => answers.filter((answer) => answer.statusCode === 503));
      expect(refusedRest?.json()).toMatchObject({ status: 503 });
      // Places are given back when answers are sent: later requests, one at a time, all run.
      for (let i = 0; i < 12; i++) expect((await send()).statusCode).toBe(200);
      expect(rest.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
