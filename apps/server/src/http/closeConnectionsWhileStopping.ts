import type { FastifyInstance } from 'fastify';

/**
 * Once the server is stopping, every answer carries `Connection: close`: a client or proxy holding a
 * kept-alive connection opens its next one elsewhere (to a server that is still ready) instead of
 * sending its next request down a connection that is about to close.
 */
export function closeConnectionsWhileStopping(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (app.lifecycle.stopping && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
    return payload;
  });
}
