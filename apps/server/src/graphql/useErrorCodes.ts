import type { FastifyBaseLogger } from 'fastify';
import type { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { ErrorCode } from '../errors';
import { scrubLogText } from '../http/logRedaction';

/**
 * The last word on error codes: every error of an answer leaves with `extensions.code`. Errors that
 * reach here without one (a library's refusal that set none) get the code of the phase they come
 * from, and are logged, since each of them is a gap to close where it was raised.
 */
export function useErrorCodes(log: FastifyBaseLogger): Plugin {
  return {
    onResultProcess({ result }) {
      const results = Array.isArray(result) ? result : [result];
      for (const single of results) {
        if (!single || typeof single !== 'object' || !('errors' in single)) continue;
        for (const error of single.errors ?? []) {
          const extensions = error.extensions as Record<string, unknown> | undefined;
          if (extensions?.code) continue;
          const code = inferredCode(error);
          if (extensions) extensions.code = code;
          else (error as { extensions?: Record<string, unknown> }).extensions = { code };
          // The message may quote what the client sent (a variable's value).
          log.warn({ message: scrubLogText(error.message), code }, 'GraphQL error without a code');
        }
      }
    },
  };
}

function inferredCode(error: GraphQLError): ErrorCode {
  if (error.path) return 'INTERNAL_SERVER_ERROR';
  if (/limit of \d+ exceeded/i.test(error.message)) return 'GRAPHQL_VALIDATION_FAILED';
  if (error.message.startsWith('Syntax Error')) return 'GRAPHQL_PARSE_FAILED';
  if (error.message.startsWith('Variable "$')) return 'BAD_USER_INPUT';
  return 'GRAPHQL_VALIDATION_FAILED';
}
