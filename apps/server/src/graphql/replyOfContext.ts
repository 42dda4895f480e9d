import type { FastifyReply } from 'fastify';
import type { Context } from './context';

const isReply = (value: unknown): value is FastifyReply =>
  typeof value === 'object' &&
  value !== null &&
  'setCookie' in value &&
  typeof value.setCookie === 'function' &&
  'header' in value &&
  typeof value.header === 'function';

/**
 * The HTTP reply a resolver's answer goes out on, for the rare field that must set a cookie (an
 * HttpOnly one cannot be set by the page). Yoga hands every resolver its server context (graphql/
 * server.ts passes `{ req, reply }`) merged into the context; Context leaves it out so that resolvers
 * do not reach for HTTP by habit.
 */
export function replyOfContext(ctx: Context): FastifyReply {
  const reply: unknown = 'reply' in ctx ? ctx.reply : undefined;
  if (!isReply(reply)) throw new Error('This GraphQL request has no HTTP reply to set a cookie on');
  return reply;
}
