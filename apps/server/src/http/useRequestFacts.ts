import type { FastifyRequest } from 'fastify';
import { type DocumentNode, getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Context } from '../graphql/context';
import { type OperationLabels, wellFormedOperationName } from './operationNames';
import { type RequestFacts, requestFactsOf } from './requestFacts';

type ServerContext = { req: FastifyRequest };

/** The most distinct error codes kept for one request's log line. */
const MAX_ERROR_CODES = 10;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function noteOperationName(facts: RequestFacts, labels: OperationLabels, given: unknown) {
  facts.operationName = wellFormedOperationName(given);
  facts.operationLabel = labels.labelOf(given);
}

function noteDocument(
  facts: RequestFacts | undefined,
  labels: OperationLabels,
  document: DocumentNode,
  operationName: string | null | undefined,
) {
  const operation = getOperationAST(document, operationName);
  if (!facts || !operation) return;
  facts.operationType = `${operation.operation}`;
  // A document with one named operation needs no operationName: its own name is the one to count.
  if (facts.operationName === undefined && operation.name) {
    noteOperationName(facts, labels, operation.name.value);
  }
}

/**
 * Notes the GraphQL operation's name and kind on the request (http/requestFacts.ts), for its log line
 * and the metrics' operation label. First in the plugin list: answers that end early (an idempotent
 * replay, a cached report) still carry the name.
 */
export function useOperationFacts(labels: OperationLabels): Plugin<Context, ServerContext> {
  return {
    onRequest({ serverContext }) {
      const { req } = serverContext;
      const source = req.method === 'GET' ? req.query : req.body;
      noteOperationName(requestFactsOf(req), labels, isRecord(source) ? source.operationName : undefined);
    },
    onExecute({ args }) {
      noteDocument(args.contextValue.requestFacts, labels, args.document, args.operationName);
    },
    onSubscribe({ args }) {
      noteDocument(args.contextValue.requestFacts, labels, args.document, args.operationName);
    },
  };
}

/**
 * Notes the codes of the answer's errors on the request. After useErrorCodes in the plugin list, so
 * every error has its code by then.
 */
export function useErrorCodeFacts(): Plugin<Context, ServerContext> {
  return {
    onResultProcess({ result, serverContext }) {
      const results = Array.isArray(result) ? result : [result];
      const codes = new Set<string>();
      for (const single of results) {
        if (!isRecord(single) || !Array.isArray(single.errors)) continue;
        for (const error of single.errors as { extensions?: { code?: unknown } }[]) {
          const code = error.extensions?.code;
          if (typeof code === 'string' && codes.size < MAX_ERROR_CODES) codes.add(code);
        }
      }
      if (codes.size > 0) requestFactsOf(serverContext.req).errorCodes = [...codes];
    },
  };
}
