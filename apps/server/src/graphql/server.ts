import { useGraphQlJit } from '@envelop/graphql-jit';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type DocumentNode,
  type GraphQLError,
  getOperationAST,
  NoSchemaIntrospectionCustomRule,
  OperationTypeNode,
} from 'graphql';
import { createYoga, maskError, type Plugin } from 'graphql-yoga';
import type { AppDeps } from '../appDeps';
import { errorFromFeature } from '../errors';
import { releaseAdmissionEarly } from '../http/admissionGate';
import { noteEventStream } from '../http/observeRequests';
import { requestFactsOf } from '../http/requestFacts';
import { useErrorCodeFacts, useOperationFacts } from '../http/useRequestFacts';
import { yogaLoggerOf } from '../http/yogaLogger';
import { REPLY_DRAIN_MS, stopReplyTasks } from '../modules/assistant/replyTasks';
import { authenticateToken, bearerToken } from '../modules/auth/tokens';
import { useReportAnswerCache } from '../modules/reports/useReportAnswerCache';
import { clientOf } from '../rest/requestInput';
import { createContext, type Viewer } from './context';
import { errorFromDatabase } from './databaseErrors';
import { graphqlErrorOf, toGraphQLError } from './errors';
import { useIdempotencyKeys } from './idempotency';
import { schema } from './schema';
import { useErrorCodes } from './useErrorCodes';
import { useInputChecks } from './useInputChecks';
import { useSubscriptionStreams } from './useSubscriptionStreams';

type ServerContext = { req: FastifyRequest; reply: FastifyReply };

/** Armor's limits answer as validation failures, with the code every GraphQL error carries. */
const codeArmorRefusal = (_context: unknown, error: GraphQLError) => {
  (error.extensions as Record<string, unknown>).code ??= 'GRAPHQL_VALIDATION_FAILED';
};
const armorRefusal = { onReject: [codeArmorRefusal] };

const isSubscription = (document: DocumentNode, operationName: string | null | undefined) =>
  getOperationAST(document, operationName)?.operation === OperationTypeNode.SUBSCRIPTION;

/**
 * Mounts GraphQL Yoga at /graphql. Each request's context carries its viewer and the entity guard.
 * Introspection, GraphiQL and field suggestions follow GRAPHQL_INTROSPECTION (off unless set); CORS
 * allows APP_URL's origin and CORS_ORIGINS only.
 */
export async function registerGraphql(app: FastifyInstance, deps: AppDeps) {
  const { config } = deps;
  const disableIntrospection: Plugin = {
    onValidate({ addValidationRule }) {
      addValidationRule(NoSchemaIntrospectionCustomRule);
    },
  };
  // The viewer is looked up once per request, for the idempotency keys and the context alike.
  const viewers = new WeakMap<FastifyRequest, Promise<Viewer | null>>();
  const viewerOf = (req: FastifyRequest) => {
    let viewer = viewers.get(req);
    if (!viewer) {
      const token = bearerToken(req.headers.authorization);
      viewer = token ? authenticateToken(deps.db, deps.clock, token) : Promise.resolve(null);
      viewer.then(
        (found) => {
          if (found) requestFactsOf(req).userId = found.userId;
        },
        () => undefined,
      );
      viewers.set(req, viewer);
    }
    return viewer;
  };
  // A stopping server gives the assistant's replies in progress a moment, then stores the rest as
  // interrupted, so none is left 'streaming' (after the job runner's preClose: it uses the database only).
  app.addHook('preClose', () => stopReplyTasks(deps.db, REPLY_DRAIN_MS));
  const yoga = createYoga<ServerContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: config.GRAPHQL_INTROSPECTION,
    landingPage: false,
    // Request headers asked for in a preflight (Authorization, Idempotency-Key) are allowed; the
    // idempotency answers' headers are exposed to pages of the allowed origins.
    cors: {
      origin: config.CORS_ORIGINS,
      credentials: true,
      methods: ['GET', 'POST'],
      exposedHeaders: ['Idempotent-Replayed', 'Retry-After'],
    },
    logging: yogaLoggerOf(app.log),
    maskedErrors: {
      // Expected failures keep their message and code: a database refusal, an off feature, and every
      // KeelError the services throw, answered here (the GraphQL edge) with its `extensions`. Anything
      // else is logged in full here and reaches the client as 'Unexpected error.' with
      // INTERNAL_SERVER_ERROR, never with its details.
      maskError(error, message) {
        const known = errorFromDatabase(error) ?? errorFromFeature(error);
        if (known) return toGraphQLError(known);
        const coded = graphqlErrorOf(error);
        if (coded) return coded;
        const masked = maskError(error, message, false);
        if (masked !== error) app.log.error({ err: error }, 'Unexpected error in a GraphQL request');
        return masked;
      },
    },
    plugins: [
      useOperationFacts(app.metrics.operationLabels),
      useIdempotencyKeys({ ...deps, log: app.log, backgroundTasks: app.backgroundTasks, viewerOf }),
      EnvelopArmorPlugin({
        maxDepth: { n: 10, ...armorRefusal },
        maxAliases: { n: 30, ...armorRefusal },
        maxDirectives: { n: 50, ...armorRefusal },
        maxTokens: { n: 1_000, ...armorRefusal },
        // Replaced by operationCost.ts, which counts the items a paged field returns.
        costLimit: { enabled: false },
        blockFieldSuggestion: { enabled: !config.GRAPHQL_INTROSPECTION },
      }),
      ...(config.GRAPHQL_INTROSPECTION ? [] : [disableIntrospection]),
      useInputChecks(),
      // Report answers replayed while the entity's ledger is unchanged (after the checks above).
      useReportAnswerCache(),
      // Compiles each operation once (cached by its text) into plain functions: the Report query's
      // thousands of rows and cells cost a fraction of graphql-js's interpreted execution. Not for
      // subscriptions: graphql-jit 0.8 hands a subscription's `subscribe` the operation's variables in
      // place of the field's arguments (`$e` instead of `entityId`); graphql-js subscribes them.
      useGraphQlJit({}, { enableIf: (args) => !isSubscription(args.document, args.operationName) }),
      useErrorCodes(app.log),
      useErrorCodeFacts(),
      useSubscriptionStreams(),
    ],
    context: async ({ req }) =>
      createContext({
        ...deps,
        realtime: app.realtime,
        viewer: await viewerOf(req),
        client: clientOf(req),
        requestFacts: requestFactsOf(req),
      }),
  });

  app.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
        // A subscription: set up (its access checked) under the admission gate, then streamed outside
        // it. Proxies that buffer answers (nginx) are asked not to, or events would wait in them.
        releaseAdmissionEarly(req);
        noteEventStream(req, reply);
        reply.header('x-accel-buffering', 'no');
      }
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });
}
