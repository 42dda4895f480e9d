import type { FastifyReply, FastifyRequest } from 'fastify';
import fastify from 'fastify';

/**
 * Fastify's own per-request log lines, minus the ones http/observeRequests.ts replaces: 'incoming
 * request', 'request completed' and 'Route … not found' carry the full URL, query string included
 * (password reset links, invitation and file tokens). Its other lines (a stream or a serializer that
 * failed) stay; they log the error, whose serializer keeps values out (logRedaction.ts).
 */
export class QuietLogController extends fastify.LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    _request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) reply.log.error({ err: error }, 'request errored');
  }

  override routeNotFound(): void {}
}
