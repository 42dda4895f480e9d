import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppDeps } from './appDeps';
import { createBackgroundTasks } from './backgroundTasks';
import type { Config } from './config';
import { bindDatabaseClock } from './db/currentMonth';
import { registerGraphql } from './graphql/server';
import { AdmissionRefused, createAdmissionGate, holdAdmission } from './http/admissionGate';
import { type AppMetrics, createAppMetrics, observeAdmissionGate } from './http/appMetrics';
import { createServerLifecycle, type ServerLifecycle } from './http/lifecycle';
import { loggingOptionsOf } from './http/loggingOptions';
import { observeRequests } from './http/observeRequests';
import { registerHealthRoutes } from './http/registerHealthRoutes';
import { registerMetricsRoute } from './http/registerMetricsRoute';
import { registerJobs } from './jobs/registerJobs';
import { registerBankMirrorSchedule } from './modules/banking/bankMirrorSchedule';
import { registerAccountDocumentRoutes } from './rest/accountDocuments';
import { registerAuthRoutes } from './rest/auth';
import { registerBillingRoutes } from './rest/billing';
import { registerCardRoutes } from './rest/cards';
import { registerDevRoutes } from './rest/dev';
import { registerEntityRoutes } from './rest/entities';
import { registerIncreaseCardWebhooks } from './rest/increaseCardWebhooks';
import { problemOfError, sendProblem } from './rest/problem';
import { registerQuickbooksRoutes } from './rest/quickbooks';
import { registerSandboxAggregatorRoutes } from './rest/sandboxAggregators';
import { registerSandboxQuickbooksRoutes } from './rest/sandboxQuickbooks';
import { registerTransferReceiptRoutes } from './rest/transferReceipts';

/**
 * Builds the HTTP app. Tests call `app.inject()` on it; main.ts listens on a port. `logStream` takes the
 * log lines instead of standard output (tests read what was logged).
 */
export async function buildApp(
  deps: AppDeps,
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  bindDatabaseClock(deps.db, deps.clock);
  const app = Fastify({
    ...loggingOptionsOf(deps.config, options.logStream),
    bodyLimit: 1_048_576,
    trustProxy: deps.config.TRUST_PROXY,
    // A request that reaches a stopping server on a connection it had already accepted is served (with
    // `Connection: close`), not answered 503: the proxy would not retry a POST that reached a server,
    // so a 503 there is a failed request. Nothing new is accepted once the listening socket closes.
    return503OnClosing: false,
  });

  // First of the close hooks: readiness turns false before anything else stops.
  app.decorate('lifecycle', createServerLifecycle());
  app.addHook('preClose', async () => app.lifecycle.beginStopping());
  // Metrics of this app alone, and one log line per request (first of the onRequest hooks).
  app.decorate('metrics', createAppMetrics());
  observeRequests(app, app.metrics);

  app.setErrorHandler((error: Error & { statusCode?: number; validation?: unknown }, request, reply) => {
    const refusal = problemOfError(error);
    if (refusal) return sendProblem(reply, refusal.status, refusal.detail);
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'Unexpected error in a request');
    const detail = status === 500 ? 'Something went wrong' : error.message;
    return sendProblem(reply, status, detail);
  });

  // A vendor's scripts and frames only when its live API is configured: Stripe.js and its card frames,
  // Plaid Link, MoneyKit Connect (the sandboxes load nothing from the vendors).
  const vendors = vendorCspSources(deps.config);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'", ...vendors.default],
        'script-src': ["'self'", 'https://accounts.google.com', ...vendors.script],
        'frame-src': ["'self'", 'https://accounts.google.com', ...vendors.frame],
        'connect-src': ["'self'", 'https://accounts.google.com', ...vendors.connect],
        'style-src': ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
      },
    },
  });
  await app.register(formbody);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 10 * 1_048_576, files: 5, fields: 50 } });

  // Work a request starts and does not wait for (a password reset's lookup and email).
  const backgroundTasks = createBackgroundTasks(app.log);
  app.decorate('backgroundTasks', backgroundTasks);
  app.addHook('onClose', () => backgroundTasks.drain());
  // Realtime and the job runner, before GraphQL, whose subscriptions use them.
  await registerJobs(app, deps);
  registerBankMirrorSchedule(app, deps);
  registerHealthRoutes(app, deps);
  registerMetricsRoute(app, deps);

  admitApiRequests(app, deps.config);
  await registerAuthRoutes(app, deps);
  await registerEntityRoutes(app, deps);
  await registerBillingRoutes(app, deps);
  await registerCardRoutes(app, deps);
  registerIncreaseCardWebhooks(app, deps);
  await registerAccountDocumentRoutes(app, deps);
  await registerTransferReceiptRoutes(app, deps);
  registerSandboxAggregatorRoutes(app, deps);
  registerSandboxQuickbooksRoutes(app, deps);
  registerQuickbooksRoutes(app, deps);
  if (deps.config.DEV_ROUTES) await registerDevRoutes(app, deps);
  await registerGraphql(app, deps);
  await serveWebApp(app, deps.config);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Serving or stopping (http/lifecycle.ts): /readyz reads it, main.ts's shutdown sets it. */
    lifecycle: ServerLifecycle;
    /** This app's metrics (http/appMetrics.ts), served at /metrics. */
    metrics: AppMetrics;
  }
}

type CspSources = { default: string[]; script: string[]; frame: string[]; connect: string[] };

/** The sources Stripe.js needs (https://docs.stripe.com/security/guide#content-security-policy). */
const STRIPE_CSP: CspSources = {
  default: [],
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The sources Plaid Link needs (plaid.com/docs/link/web, 'CSP directives'): its script
 * (link-initialize.js; the host, so whatever else Link loads from it passes too) and iframe from
 * cdn.plaid.com, and the API of the environment the server's keys belong to (PLAID_ENV). Plaid's page
 * also lists script-src 'unsafe-inline' (or a page nonce); Keel does not loosen its policy so.
 */
const plaidLinkCsp = (env: Config['PLAID_ENV']): CspSources => ({
  default: ['https://cdn.plaid.com'],
  script: ['https://cdn.plaid.com'],
  frame: ['https://cdn.plaid.com'],
  connect: [`https://${env}.plaid.com`],
});

/**
 * What MoneyKit Connect needs: its web SDK (@moneykit/connect, bundled with the app) draws Connect in
 * an iframe from https://connect.moneykit.com and talks to it by postMessage only. MoneyKit publishes
 * no CSP list; this is the SDK's one host (its index.js, github.com/moneykit/connect-js).
 */
const MONEYKIT_CONNECT_CSP: CspSources = {
  default: [],
  script: [],
  frame: ['https://connect.moneykit.com'],
  connect: [],
};

/** The vendors' sources for the vendors whose live APIs the server's keys turn on. */
function vendorCspSources(config: Config): CspSources {
  const live = [
    config.STRIPE_PUBLISHABLE_KEY ? STRIPE_CSP : null,
    config.PLAID_CLIENT_ID ? plaidLinkCsp(config.PLAID_ENV) : null,
    config.MONEYKIT_CLIENT_ID ? MONEYKIT_CONNECT_CSP : null,
  ].filter((sources) => sources !== null);
  return {
    default: live.flatMap((sources) => sources.default),
    script: live.flatMap((sources) => sources.script),
    frame: live.flatMap((sources) => sources.frame),
    connect: live.flatMap((sources) => sources.connect),
  };
}

const API_PREFIXES = ['/api/', '/graphql', '/oauth/', '/userinfo/'];

const isApiPath = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * API requests pass the admission gate (http/admissionGate.ts): at most MAX_CONCURRENT_REQUESTS run at
 * once, the others wait their turn up to REQUEST_QUEUE_TIMEOUT_MS; one refused (queue full, deadline
 * passed) gets 503 with Retry-After and never runs, and one whose client left while waiting is dropped.
 */
function admitApiRequests(app: FastifyInstance, config: Config) {
  const gate = observeAdmissionGate(
    createAdmissionGate({
      maxRunning: config.MAX_CONCURRENT_REQUESTS,
      maxQueued: config.MAX_QUEUED_REQUESTS,
      maxWaitMs: config.REQUEST_QUEUE_TIMEOUT_MS,
    }),
    app.metrics,
  );
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url)) return;
    try {
      // The socket closing while the request waits: the client left (a request's own 'close' also
      // fires once its body is read, so it is not the signal).
      const release = await gate.enter({
        onAbort: (listener) => {
          const socket = request.raw.socket;
          socket?.once('close', listener);
          return () => socket?.off('close', listener);
        },
      });
      reply.raw.once('close', release);
      reply.raw.once('finish', release);
      holdAdmission(request, release);
    } catch (error) {
      if (!(error instanceof AdmissionRefused)) throw error;
      reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.reason === 'client left') return reply.code(503).send();
      if (request.url.startsWith('/graphql')) {
        return reply
          .code(503)
          .send({ errors: [{ message: error.message, extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
      }
      return sendProblem(reply, 503, error.message);
    }
  });
}

/** A file of the build whose name carries its content hash (Vite's `assets/name-[hash].ext`). */
const HASHED_ASSET = /[/\\]assets[/\\][^/\\]+-[\w-]{8,}\.\w+(\.(br|gz))?$/;

/** A hashed file never changes under its name: browsers keep it a year without asking again. */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app when there is one, with every other GET answered by index.html (client-side
 * routes). API paths, and everything when no web app is built, get the REST 404 problem.
 *
 * Files go out brotli- or gzip-compressed when the build wrote `.br`/`.gz` beside them (the web app's
 * Vite build does) and the browser accepts it. Hashed assets are cached for good; index.html and the
 * other unhashed files are revalidated on every load (`no-cache`), so a new build is picked up at once.
 */
async function serveWebApp(app: FastifyInstance, config: Config) {
  const root = config.WEB_DIST ? resolve(config.WEB_DIST) : '';
  const hasWebApp = root !== '' && existsSync(resolve(root, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', HASHED_ASSET.test(path) ? IMMUTABLE_CACHE : 'no-cache');
      },
      // The compressed copies are chosen by Accept-Encoding, never asked for by name.
      globIgnore: ['**/*.br', '**/*.gz'],
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!hasWebApp || request.method !== 'GET' || API_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      return sendProblem(reply, 404, `No route for ${request.method} ${path}`);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
