import type { FastifyReply } from 'fastify';

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

export function sendProblem(reply: FastifyReply, status: number, detail: string): FastifyReply {
  return reply.status(status).type('application/problem+json').send(problem(status, detail));
}
