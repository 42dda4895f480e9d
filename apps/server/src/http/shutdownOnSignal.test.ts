import { createServer, request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeConnectionsWhileStopping } from './closeConnectionsWhileStopping';
import { createServerLifecycle } from './lifecycle';
import { type StoppableApp, shutdownOnSignal } from './shutdownOnSignal';

/** An app whose close resolves, rejects, or never settles, writing down what happened in which order. */
function standInApp(close: 'resolves' | 'rejects' | 'never') {
  const steps: string[] = [];
  // A server that never listened: closing it closes nothing, but says so.
  const server = createServer().on('close', () => steps.push('listener closed'));
  const app: StoppableApp = {
    lifecycle: { beginStopping: () => steps.push('not ready') },
    server,
    close: () => {
      steps.push('app closing');
      if (close === 'never') return new Promise(() => {});
      if (close === 'rejects') return Promise.reject(new Error('a close hook failed'));
      steps.push('app closed');
      return Promise.resolve();
    },
    log: { info: () => {}, warn: () => {}, error: () => {} },
  };
  const exits: number[] = [];
  const handler = (delayMs: number, timeoutMs: number) =>
    shutdownOnSignal({
      app,
      closeDatabase: async () => {
        steps.push('database closed');
      },
      delayMs,
      timeoutMs,
      exit: (code) => {
        exits.push(code);
        steps.push(`exit ${code}`);
      },
    });
  return { steps, exits, handler };
}

describe('shutdownOnSignal', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('turns unready at once, serves through the delay, then stops listening, closes and exits 0', async () => {
    const { steps, handler } = standInApp('resolves');
    handler(2_000, 30_000)('SIGTERM');
    expect(steps).toEqual(['not ready']);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(steps).toEqual(['not ready']);
    await vi.advanceTimersByTimeAsync(1);
    expect(steps).toEqual([
      'not ready',
      'listener closed',
      'app closing',
      'app closed',
      'database closed',
      'exit 0',
    ]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(steps.filter((step) => step.startsWith('exit'))).toEqual(['exit 0']);
  });

  it('exits 1 at the deadline when the app never finishes closing, leaving the database alone', async () => {
    const { steps, exits, handler } = standInApp('never');
    handler(1_000, 5_000)('SIGTERM');
    await vi.advanceTimersByTimeAsync(4_999);
    expect(exits).toEqual([]);
    expect(steps).toEqual(['not ready', 'listener closed', 'app closing']);
    await vi.advanceTimersByTimeAsync(1);
    expect(exits).toEqual([1]);
    expect(steps).not.toContain('database closed');
  });

  it('counts the deadline from the signal, the delay included', async () => {
    const { exits, handler } = standInApp('never');
    handler(10_000, 3_000)('SIGINT');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(exits).toEqual([1]);
  });

  it('exits 1 at once on a second signal', async () => {
    const { steps, exits, handler } = standInApp('never');
    const onSignal = handler(5_000, 30_000);
    onSignal('SIGTERM');
    onSignal('SIGINT');
    expect(exits).toEqual([1]);
    expect(steps).toEqual(['not ready', 'exit 1']);
  });

  it('exits 1 when closing the app fails', async () => {
    const { steps, exits, handler } = standInApp('rejects');
    handler(0, 30_000)('SIGTERM');
    await vi.advanceTimersByTimeAsync(0);
    expect(exits).toEqual([1]);
    expect(steps).not.toContain('database closed');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(exits).toEqual([1]);
  });
});

/** A GET on a connection of its own: the status and body, or the connection's error. */
function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('shutdownOnSignal on a listening server', () => {
  it('refuses new connections while the app closes, finishes the request under way, then exits 0', async () => {
    const app = Fastify();
    app.decorate('lifecycle', createServerLifecycle());
    // As the job runner's: the app's close hooks take a while, and the server must not answer 503 meanwhile.
    app.addHook('preClose', () => new Promise<void>((resolve) => setTimeout(resolve, 300)));
    let finishSlowRequest: () => void = () => {};
    let slowRequestArrived: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      slowRequestArrived = resolve;
    });
    app.get('/slow', async () => {
      slowRequestArrived();
      await new Promise<void>((resolve) => {
        finishSlowRequest = resolve;
      });
      return { finished: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    let databaseClosed = false;
    let exited: (code: number) => void = () => {};
    const exitCode = new Promise<number>((resolve) => {
      exited = resolve;
    });

    const underWay = get(port, '/slow');
    await arrived;
    shutdownOnSignal({
      app,
      closeDatabase: async () => {
        databaseClosed = true;
      },
      delayMs: 0,
      timeoutMs: 10_000,
      exit: exited,
    })('SIGTERM');

    expect(app.lifecycle.stopping).toBe(true);
    await expect(get(port, '/slow')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(databaseClosed).toBe(false);
    finishSlowRequest();
    expect(await underWay).toEqual({ status: 200, body: '{"finished":true}' });
    expect(await exitCode).toBe(0);
    expect(databaseClosed).toBe(true);
  });
});

/**
 * Writes a POST on a connection the server has already accepted, and reads whatever comes back until the
 * server closes the connection: the answer, or '' when the connection was closed without one.
 */
function postOnAcceptedConnection(socket: ReturnType<typeof connect>): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('close', () => resolve(received));
    socket.on('error', () => {});
    const body = '{"amount":100}';
    socket.write(
      `POST /bookings HTTP/1.1\r\nHost: keel\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
  });
}

describe('shutdownOnSignal and a connection accepted as the listener closes', () => {
  it('reads and answers the request the proxy had sent on it, instead of closing it as idle', async () => {
    const app = Fastify();
    app.decorate('lifecycle', createServerLifecycle());
    closeConnectionsWhileStopping(app);
    const booked: unknown[] = [];
    app.post('/bookings', async (request) => {
      booked.push(request.body);
      return { booked: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    let exited: (code: number) => void = () => {};
    const exitCode = new Promise<number>((resolve) => {
      exited = resolve;
    });

    // A proxy's connection, accepted by the server, whose request has not arrived yet when the signal's
    // delay ends: Node's server.close() counted it idle and closed it, and the proxy answered 502.
    const accepted = new Promise<void>((resolve) => app.server.once('connection', () => resolve()));
    const socket = connect(port, '127.0.0.1');
    await accepted;
    shutdownOnSignal({
      app,
      closeDatabase: async () => {},
      delayMs: 0,
      timeoutMs: 10_000,
      exit: exited,
    })('SIGTERM');
    const answer = await postOnAcceptedConnection(socket);

    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('{"booked":true}');
    expect(booked).toEqual([{ amount: 100 }]);
    expect(await exitCode).toBe(0);
  });
});
