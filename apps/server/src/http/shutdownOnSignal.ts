import type { Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerLifecycle } from './lifecycle';
import { ACCEPTED_CONNECTIONS_GRACE_MS, stopAccepting } from './stopAccepting';

/** What stopping needs of the app (a Fastify instance), narrowed so a test can give it a stand-in. */
export type StoppableApp = {
  lifecycle: Pick<ServerLifecycle, 'beginStopping'>;
  /** The HTTP server: its listening socket closes once the delay is over. */
  server: Server;
  close(): Promise<unknown>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

type ShutdownOptions = {
  app: StoppableApp;
  closeDatabase(): Promise<void>;
  /** SHUTDOWN_DELAY_MS: how long the server keeps serving, unready, before it stops taking connections. */
  delayMs: number;
  /** SHUTDOWN_TIMEOUT_MS: the whole shutdown's deadline, counted from the signal. */
  timeoutMs: number;
  exit(code: number): void;
};

/**
 * The answer to SIGTERM and SIGINT, as a handler for both. In order:
 *
 * 1. readiness turns false (/readyz answers 503), so a load balancer that checks it stops sending
 *    requests here, while the server still answers any it sends for `delayMs`;
 * 2. the listening socket closes: a proxy's new connections are refused, which it retries on another
 *    server (nothing was sent, so even a POST is safe to retry). Closing the app then would answer them
 *    503 instead, for as long as its close hooks take. The connections accepted just before are read
 *    and answered, for up to half a second, before the app closes (`stopAccepting`);
 * 3. the app closes: requests under way finish, subscriptions end, the job runner hands back what it
 *    cannot finish, the assistant's replies are stored;
 * 4. the database closes, and the process exits 0.
 *
 * Past `timeoutMs` from the signal the process exits 1, wherever it is; so does a second signal.
 */
export function shutdownOnSignal(options: ShutdownOptions): (signal: string) => void {
  const { app, delayMs, timeoutMs, exit } = options;
  let stopping = false;

  const stop = async (signal: string) => {
    const deadline = setTimeout(() => {
      app.log.error({ timeoutMs }, 'Shutdown did not finish within SHUTDOWN_TIMEOUT_MS: exiting now');
      exit(1);
    }, timeoutMs);
    try {
      app.lifecycle.beginStopping();
      app.log.info({ signal, delayMs, timeoutMs }, 'Stopping: not ready from now on');
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      await stopAccepting(app.server, ACCEPTED_CONNECTIONS_GRACE_MS);
      await app.close();
      await options.closeDatabase();
      app.log.info('Stopped');
      clearTimeout(deadline);
      exit(0);
    } catch (error) {
      clearTimeout(deadline);
      app.log.error({ err: error }, 'Shutdown failed');
      exit(1);
    }
  };

  return (signal) => {
    if (stopping) {
      app.log.warn({ signal }, 'A second signal while stopping: exiting now');
      exit(1);
      return;
    }
    stopping = true;
    void stop(signal);
  };
}
