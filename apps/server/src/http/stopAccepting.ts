import type { Server as HttpServer } from 'node:http';
import { Server as NetServer } from 'node:net';

/** How long the connections accepted before the listener closed get to end on their own. */
export const ACCEPTED_CONNECTIONS_GRACE_MS = 500;

/**
 * Closes the listening socket, so new connections are refused (a proxy retries them on another server),
 * then gives the connections already accepted up to `graceMs` to end on their own before closing the
 * ones still idle.
 *
 * Node's `server.close()` would close every idle connection at once, and a connection the server
 * accepted an instant earlier counts as idle until its request has been read. The proxy has sent that
 * request, sees the connection reset, and answers its client 502: it does not resend a POST, which
 * might have run. Here that request is read and answered like any other (with `Connection: close`
 * while stopping), and only a client's truly idle kept-alive connection is closed after the grace.
 */
export async function stopAccepting(server: HttpServer, graceMs: number): Promise<void> {
  // The listener alone: net.Server's close, without http.Server's closing of idle connections.
  NetServer.prototype.close.call(server);
  const deadline = Date.now() + graceMs;
  while ((await openConnections(server)) > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  server.closeIdleConnections();
}

function openConnections(server: HttpServer): Promise<number> {
  return new Promise((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
}
