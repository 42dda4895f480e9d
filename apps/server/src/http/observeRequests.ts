import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../errors';
import type { AppMetrics } from './appMetrics';
import { pathOf } from './logRedaction';
import { UNKNOWN_OPERATION } from './operationNames';
import { type RequestFacts, requestFactsOf } from './requestFacts';

/**
 * Lines of calls a load balancer or Prometheus makes every few seconds are debug: the probes, and
 * scrapes that were let in (a refused /metrics call is worth an info line).
 */
const isRoutineCall = (route: string, status: number) =>
  route === '/healthz' || route === '/readyz' || (route === '/metrics' && status === 200);

/** The route label of a request no route matched (the web app's pages and files, unknown paths). */
const UNMATCHED_ROUTE = 'unmatched';

/** Every code Keel's GraphQL errors carry (ErrorCode, errors.ts); any other counts as OTHER. */
const ERROR_CODES: Record<ErrorCode, true> = {
  UNAUTHENTICATED: true,
  FORBIDDEN: true,
  BAD_USER_INPUT: true,
  NOT_FOUND: true,
  GRAPHQL_PARSE_FAILED: true,
  GRAPHQL_VALIDATION_FAILED: true,
  TIMEOUT: true,
  CONFLICT: true,
  SERVICE_UNAVAILABLE: true,
  TOO_MANY_REQUESTS: true,
  IDEMPOTENCY_IN_PROGRESS: true,
  IDEMPOTENCY_KEY_REUSED: true,
  IDEMPOTENCY_RESPONSE_UNAVAILABLE: true,
  FEATURE_UNAVAILABLE: true,
  CONFIRMATION_REQUIRED: true,
  INTERNAL_SERVER_ERROR: true,
};

const errorCodeLabel = (code: string) => (Object.hasOwn(ERROR_CODES, code) ? code : 'OTHER');

const ended = new WeakSet<object>();

/**
 * One log line per request, written when its answer ends (or the client leaves first), and the
 * request metrics. The line carries the request id (also sent back as X-Request-ID), the method, the
 * path without its query string, the route pattern, the status, the duration, and what the request
 * was about (http/requestFacts.ts: user, company, GraphQL operation and error codes). It is info;
 * warn for a 5xx (the failure itself is logged where it happened); debug for probes and scrapes.
 * Register before any other onRequest hook, so the clock and the id cover the admission wait too.
 */
export function observeRequests(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) endRequest(request, reply, metrics, true);
    });
  });
  app.addHook('onResponse', async (request, reply) => endRequest(request, reply, metrics, false));
}

/**
 * Marks the request's answer as an event stream (a GraphQL subscription), counted as open until its
 * connection closes; its duration is not a latency and is left out of the histograms.
 */
export function noteEventStream(request: FastifyRequest, reply: FastifyReply): void {
  requestFactsOf(request).streaming = true;
  const streams = request.server.metrics.graphqlStreams;
  streams.inc();
  reply.raw.once('close', () => streams.dec());
}

function endRequest(request: FastifyRequest, reply: FastifyReply, metrics: AppMetrics, aborted: boolean) {
  if (ended.has(request)) return;
  ended.add(request);
  const facts = requestFactsOf(request);
  const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
  const status = reply.statusCode;
  const seconds = reply.elapsedTime / 1000;
  countRequest(metrics, request.method, route, status, seconds, facts);
  const level = isRoutineCall(route, status) ? 'debug' : status >= 500 ? 'warn' : 'info';
  request.log[level](
    {
      method: request.method,
      path: pathOf(request.url),
      route,
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...(facts.userId ? { userId: facts.userId } : {}),
      ...(facts.entityId ? { entityId: facts.entityId } : {}),
      ...(facts.operationName ? { operation: facts.operationName } : {}),
      ...(facts.errorCodes?.length ? { errors: facts.errorCodes } : {}),
      ...(facts.streaming ? { stream: true } : {}),
      ...(aborted ? { aborted: true } : {}),
    },
    aborted ? 'request aborted' : 'request completed',
  );
}

function countRequest(
  metrics: AppMetrics,
  method: string,
  route: string,
  status: number,
  seconds: number,
  facts: RequestFacts,
) {
  metrics.httpRequests.inc({ method, route, status: String(status) });
  if (!facts.streaming) metrics.httpDuration.observe({ method, route }, seconds);
  if (route !== '/graphql' || method === 'OPTIONS') return;
  const operation = facts.operationLabel ?? UNKNOWN_OPERATION;
  metrics.graphqlRequests.inc({ operation, outcome: graphqlOutcome(status, facts.errorCodes ?? []) });
  if (!facts.streaming && facts.operationType !== 'subscription') {
    metrics.graphqlDuration.observe({ operation }, seconds);
  }
  for (const code of facts.errorCodes ?? []) metrics.graphqlErrors.inc({ code: errorCodeLabel(code) });
}

/**
 * ok: no errors; refused: only errors a client is expected to meet (bad input, no access, a conflict,
 * a limit, the admission gate's 503); error: anything unexpected.
 */
function graphqlOutcome(status: number, codes: string[]): 'ok' | 'refused' | 'error' {
  if ((status >= 500 && status !== 503) || codes.includes('INTERNAL_SERVER_ERROR')) return 'error';
  if (status >= 400 || codes.length > 0) return 'refused';
  return 'ok';
}
