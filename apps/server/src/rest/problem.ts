import type { FastifyReply } from 'fastify';
import { type ErrorCode, KeelError } from '../errors';

/** The REST error shape (spec §8): status, type, title, detail. */
export type Problem = { status: number; type: string; title: string; detail: string };

const TITLES: Record<number, [type: string, title: string]> = {
  400: ['bad_request', 'Bad Request'],
  401: ['unauthorized', 'Unauthorized'],
  403: ['forbidden', 'Forbidden'],
  404: ['not_found', 'Not Found'],
  413: ['payload_too_large', 'Payload Too Large'],
  415: ['unsupported_media_type', 'Unsupported Media Type'],
  422: ['unprocessable_entity', 'Unprocessable Entity'],
  429: ['too_many_requests', 'Too Many Requests'],
  500: ['internal_error', 'Internal Server Error'],
};

export function problem(status: number, detail: string): Problem {
  const [type, title] = TITLES[status] ?? ['error', 'Error'];
  return { status, type, title, detail };
}

/** The status of each KeelError code a REST route can meet; any other code stays unexpected there (500). */
const STATUS_OF_CODE: Partial<Record<ErrorCode, number>> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TOO_MANY_REQUESTS: 429,
};

/**
 * A KeelError as REST answers it, its message as the detail: the REST edge's one mapping, which the
 * app's error handler (app.ts) applies to whatever a route throws. Null for any other error.
 */
export function problemOfError(error: unknown): Problem | null {
  if (!(error instanceof KeelError)) return null;
  const status = STATUS_OF_CODE[error.code];
  return status ? problem(status, error.message) : null;
}

export function sendProblem(reply: FastifyReply, status: number, detail: string): FastifyReply {
  return reply.status(status).type('application/problem+json').send(problem(status, detail));
}
