import type { FastifyBaseLogger } from 'fastify';
import { scrubLogText } from './logRedaction';

type YogaLogger = {
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
};

/** One of Yoga's log arguments as a field: a string scrubbed, anything else by its type only. */
function describeArgument(value: unknown): unknown {
  return typeof value === 'string' ? scrubLogText(value) : typeof value;
}

function write(
  log: FastifyBaseLogger,
  level: 'debug' | 'info' | 'warn',
  args: unknown[],
  otherwise = 'GraphQL Yoga',
) {
  const [first, ...rest] = args;
  const error = args.find((arg) => arg instanceof Error);
  const message = typeof first === 'string' ? scrubLogText(first) : otherwise;
  const others = rest.filter((arg) => !(arg instanceof Error));
  const details = others.length > 0 ? { details: others.map(describeArgument) } : {};
  log[level]({ ...(error ? { err: error } : {}), ...details }, message);
}

/**
 * GraphQL Yoga's logger, written into the app's. Yoga logs an error at `error` whenever the error
 * masking (graphql/server.ts maskError) hands back another error than it was given: a refusal the
 * database made (a deposit account's entries, a lost race) as much as a real failure. maskError itself
 * logs the unexpected ones at error, once; Yoga's copy goes to debug, so an expected refusal is never
 * an error line. Objects Yoga passes are never written as they are: they may hold the request.
 */
export function yogaLoggerOf(log: FastifyBaseLogger): YogaLogger {
  return {
    debug: (...args) => write(log, 'debug', args),
    info: (...args) => write(log, 'info', args),
    warn: (...args) => write(log, 'warn', args),
    error: (...args) => write(log, 'debug', args, 'GraphQL error answered by the error masking'),
  };
}
