import autocannon from 'autocannon';
import { formatMs } from './stats';

/** What `clients` concurrent HTTP clients got from the server. */
export type LoadFigures = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  /** Bytes on the wire per answer (compressed when the client accepts it). */
  kib: number;
};

/**
 * `connections` clients POSTing `body` to `url` for `seconds` (autocannon). The clients run in a worker
 * thread, so they do not share the server's event loop. A request waits up to `timeoutSeconds`.
 */
export async function loadGraphql(
  url: string,
  headers: Record<string, string>,
  body: string,
  connections: number,
  seconds: number,
  timeoutSeconds = 10,
): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers,
    body,
    connections,
    duration: seconds,
    timeout: timeoutSeconds,
    workers: 1,
  });
  return figuresOf(result);
}

function figuresOf(result: autocannon.Result): LoadFigures {
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    kib: result.throughput.total / Math.max(1, result.requests.total) / 1024,
  };
}

/** One line of load figures, the label padded to `width`. */
export function printLoadFigures(label: string, figures: LoadFigures, width: number): void {
  console.log(
    `  ${label.padEnd(width)} ${figures.requestsPerSecond.toFixed(1).padStart(7)} requests/s  p50 ${formatMs(figures.p50).padStart(8)}  p99 ${formatMs(figures.p99).padStart(8)}  ${figures.kib.toFixed(0)} KiB each  errors ${figures.errors}  non-2xx ${figures.non2xx}  timeouts ${figures.timeouts}`,
  );
}
