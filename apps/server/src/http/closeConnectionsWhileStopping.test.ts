import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { closeConnectionsWhileStopping } from './closeConnectionsWhileStopping';
import { createServerLifecycle } from './lifecycle';

type Answer = { connection: string | undefined; socketClosed: Promise<void> };

/** A GET over a kept-alive connection: the Connection header, and when the socket closes. */
function get(port: number, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request({ port, path: '/', agent }, (response) => {
      response.resume();
      const socket = response.socket;
      const socketClosed = new Promise<void>((closed) => socket.once('close', () => closed()));
      response.on('end', () => resolve({ connection: response.headers.connection, socketClosed }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('closeConnectionsWhileStopping', () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  it('keeps connections alive while serving, and closes each after its answer once stopping', async () => {
    app = Fastify();
    app.decorate('lifecycle', createServerLifecycle());
    closeConnectionsWhileStopping(app);
    app.get('/', async () => ({ ok: true }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });

    const serving = await get(port, agent);
    expect(serving.connection).toBe('keep-alive');

    app.lifecycle.beginStopping();
    const stopping = await get(port, agent);
    expect(stopping.connection).toBe('close');
    await stopping.socketClosed;
    agent.destroy();
  });
});
