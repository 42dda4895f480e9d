import { collectDefaultMetrics, Registry } from 'prom-client';

let registry: Registry | undefined;

/**
 * prom-client's default metrics (process_* and nodejs_*: CPU, memory, event loop lag, GC, handles),
 * in a registry of their own made on the first scrape. They describe the process, not an app, so the
 * process has one set: collecting them starts an event-loop delay monitor and a GC observer that
 * live as long as the process, and one per app would pile up in a process that builds many apps (the
 * tests).
 */
export function processMetricsRegistry(): Registry {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
  }
  return registry;
}
