import { useGraphQlJit } from '@envelop/graphql-jit';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createYoga } from 'graphql-yoga';
import type { AppDeps } from '../app';
import { authenticateToken, bearerToken } from '../modules/auth/tokens';
import { createContext } from './context';
import { schema } from './schema';
import { useGraphqlJsVariableCoercion } from './useGraphqlJsVariableCoercion';

type ServerContext = { req: FastifyRequest; reply: FastifyReply };

/** Mounts GraphQL Yoga at /graphql. Each request's context carries its viewer and the entity guard. */
export async function registerGraphql(app: FastifyInstance, deps: AppDeps) {
  const yoga = createYoga<ServerContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: deps.config.NODE_ENV !== 'production',
    logging: false,
    plugins: [
      EnvelopArmorPlugin({ maxDepth: { n: 10 }, costLimit: { maxCost: 20000 }, maxAliases: { n: 30 } }),
      // Compiles each operation once (cached by its text) into plain functions: the Report query's
      // thousands of rows and cells cost a fraction of graphql-js's interpreted execution.
      useGraphqlJsVariableCoercion(),
      useGraphQlJit(),
    ],
    context: async ({ req }) => {
      const token = bearerToken(req.headers.authorization);
      const viewer = token ? await authenticateToken(deps.db, deps.clock, token) : null;
      return createContext({ ...deps, viewer });
    },
  });

  app.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });
}
