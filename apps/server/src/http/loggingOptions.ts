import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';
import { LOG_REDACT_PATHS, REDACTED, serializeLogError, serializeLogRequest } from './logRedaction';
import { QuietLogController } from './quietLogController';

/** An incoming request id we keep: a proxy's (nginx's `$request_id` is 32 hex digits), nothing longer. */
const REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

/**
 * The request id: the X-Request-ID a trusted proxy set (TRUST_PROXY on), when well formed, so the
 * proxy's access log and ours name a request alike; otherwise a new UUID. Without a trusted proxy the
 * header is the client's own and is ignored. The id goes back in the answer's X-Request-ID.
 */
function requestIdGenerator(config: Pick<Config, 'TRUST_PROXY'>): (request: IncomingMessage) => string {
  return (request) => {
    const given = request.headers['x-request-id'];
    if (config.TRUST_PROXY !== false && typeof given === 'string' && REQUEST_ID.test(given)) return given;
    return randomUUID();
  };
}

/**
 * Fastify's logging: pino at LOG_LEVEL, with Fastify's own 'incoming request' and 'request completed'
 * lines off (quietLogController.ts); http/observeRequests.ts writes one line per request instead. Credentials are redacted wherever they are logged, errors are serialized
 * without values (logRedaction.ts), and a logged request shows its path only.
 */
export function loggingOptionsOf(
  config: Pick<Config, 'LOG_LEVEL' | 'TRUST_PROXY'>,
  stream?: NodeJS.WritableStream,
): Pick<FastifyServerOptions, 'logger' | 'logController' | 'genReqId'> {
  return {
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            ...(stream ? { stream } : {}),
            redact: { paths: LOG_REDACT_PATHS, censor: REDACTED },
            serializers: { err: serializeLogError, req: serializeLogRequest },
          },
    logController: new QuietLogController(),
    genReqId: requestIdGenerator(config),
  };
}
