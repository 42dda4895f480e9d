import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { type AdmissionGate, AdmissionRefused } from './admissionGate';
import { createOperationLabels, type OperationLabels } from './operationNames';

/**
 * The metrics of one app, in a registry of its own: tests build many apps in one process, and each
 * counts only its own requests. What is read from elsewhere at scrape time (the pool, the jobs, the
 * caches) is registered by registerMetricsRoute.ts; the process's own metrics are shared
 * (processMetrics.ts).
 */
export type AppMetrics = {
  registry: Registry;
  operationLabels: OperationLabels;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route'>;
  graphqlRequests: Counter<'operation' | 'outcome'>;
  graphqlDuration: Histogram<'operation'>;
  graphqlErrors: Counter<'code'>;
  graphqlStreams: Gauge;
  admissionRefusals: Counter<'reason'>;
};

/** Seconds; from a cached report (milliseconds) to the statement timeout and beyond. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createAppMetrics(): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    operationLabels: createOperationLabels(),
    httpRequests: new Counter({
      name: 'keel_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern (unmatched: no route) and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'keel_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer ending (event streams left out), by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    graphqlRequests: new Counter({
      name: 'keel_graphql_requests_total',
      help: 'GraphQL requests by operation name (anonymous; other: past the limit of names or malformed) and outcome (ok; refused: only expected errors; error: an unexpected error or a 5xx)',
      labelNames: ['operation', 'outcome'],
      registers,
    }),
    graphqlDuration: new Histogram({
      name: 'keel_graphql_request_duration_seconds',
      help: 'Time from a GraphQL request arriving (admission wait included) to its answer ending, by operation name; subscriptions left out',
      labelNames: ['operation'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    graphqlErrors: new Counter({
      name: 'keel_graphql_errors_total',
      help: 'Errors in GraphQL answers, by extensions.code (OTHER: a code Keel does not define)',
      labelNames: ['code'],
      registers,
    }),
    graphqlStreams: new Gauge({
      name: 'keel_graphql_subscriptions_open',
      help: 'GraphQL subscriptions streaming to a client now (server-sent events)',
      registers,
    }),
    admissionRefusals: new Counter({
      name: 'keel_admission_refusals_total',
      help: 'API requests the admission gate refused (answered 503), by reason',
      labelNames: ['reason'],
      registers,
    }),
  };
}

const REFUSAL_REASONS: Record<AdmissionRefused['reason'], string> = {
  'queue full': 'queue_full',
  'waited too long': 'waited_too_long',
  'client left': 'client_left',
};

/**
 * The admission gate, counted: its running and queued requests read at scrape time, and each refusal
 * by reason. The gate itself is unchanged.
 */
export function observeAdmissionGate(gate: AdmissionGate, metrics: AppMetrics): AdmissionGate {
  const registers = [metrics.registry];
  new Gauge({
    name: 'keel_admission_running',
    help: 'API requests running past the admission gate now',
    registers,
    collect() {
      this.set(gate.stats().running);
    },
  });
  new Gauge({
    name: 'keel_admission_queued',
    help: 'API requests waiting at the admission gate now',
    registers,
    collect() {
      this.set(gate.stats().queued);
    },
  });
  for (const reason of Object.values(REFUSAL_REASONS)) metrics.admissionRefusals.inc({ reason }, 0);
  return {
    async enter(abort) {
      try {
        return await gate.enter(abort);
      } catch (error) {
        if (error instanceof AdmissionRefused) {
          metrics.admissionRefusals.inc({ reason: REFUSAL_REASONS[error.reason] });
        }
        throw error;
      }
    },
    stats: () => gate.stats(),
  };
}
