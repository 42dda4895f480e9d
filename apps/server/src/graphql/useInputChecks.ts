import type { Plugin } from '@envelop/core';
import {
  type ASTNode,
  BREAK,
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLSchema,
  getOperationAST,
  getVariableValues,
  Kind,
  visit,
} from 'graphql';
import { apiError } from '../errors';
import { toGraphQLError } from './errors';
import { argumentsByVariable, findInputLimitError } from './inputLimits';
import { OPERATION_COST_MAX, operationCost } from './operationCost';

/**
 * The checks a request passes before it runs, each refusal a coded error naming the field:
 * 1. its variables, coerced by graphql-js (graphql-jit, which runs the operation after this, coerces
 *    them too but drops the scalars' own messages such as 'Month must be YYYY-MM'); a variable that
 *    does not fit its type is BAD_USER_INPUT with `extensions.field`, the argument it feeds;
 * 2. every argument's bounds (inputLimits.ts): text lengths, list sizes, no NUL or lone surrogate;
 * 3. the operation's cost (operationCost.ts).
 * Literal values that do not fit their type are refused earlier, by validation; `onValidate` names
 * their field the same way.
 */
export function useInputChecks(): Plugin {
  return {
    onValidate({ params }) {
      return ({ result }) => {
        for (const error of result) nameFieldOfError(error, params.documentAST);
      };
    },
    // Subscriptions are checked the same way before they subscribe.
    onSubscribe({ args, setResultAndStopExecution }) {
      const refusal = checkOperation(args);
      if (refusal) setResultAndStopExecution(refusal);
    },
    onExecute({ args, setResultAndStopExecution }) {
      const refusal = checkOperation(args);
      if (refusal) setResultAndStopExecution(refusal);
    },
  };
}

type OperationArgs = {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName?: string | null;
  variableValues?: unknown;
};

/** The answer refusing the operation (its variables, bounds or cost), or null when it may run. */
function checkOperation(args: OperationArgs): { errors: GraphQLError[] } | null {
  const operation = getOperationAST(args.document, args.operationName);
  if (!operation) return null;
  let variables: Record<string, unknown> = {};
  if (operation.variableDefinitions?.length) {
    const coerced = getVariableValues(
      args.schema,
      operation.variableDefinitions,
      (args.variableValues ?? {}) as Record<string, unknown>,
    );
    if (coerced.errors) {
      const fields = argumentsByVariable(args.document);
      return { errors: coerced.errors.map((error) => variableError(error, fields)) };
    }
    variables = coerced.coerced;
  }
  const limitError = findInputLimitError(args.schema, args.document, variables);
  if (limitError) return { errors: [limitError] };
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of args.document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  const cost = operationCost(args.schema, operation, fragments, variables);
  if (cost <= OPERATION_COST_MAX) return null;
  return {
    errors: [
      toGraphQLError(
        apiError(
          'GRAPHQL_VALIDATION_FAILED',
          `This request asks for too much at once (cost ${cost.toLocaleString('en-US')}; at most ${OPERATION_COST_MAX.toLocaleString('en-US')}): ask for fewer items or aliases, or split it`,
        ),
      ),
    ],
  };
}

/** A variable's coercion error, coded BAD_USER_INPUT (unless its scalar gave a code) and naming its field. */
function variableError(error: GraphQLError, fields: ReadonlyMap<string, string>): GraphQLError {
  const definition = error.nodes?.[0];
  const variable = definition?.kind === Kind.VARIABLE_DEFINITION ? definition.variable.name.value : null;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    originalError: error.originalError,
    extensions: {
      ...error.extensions,
      code: error.extensions.code ?? 'BAD_USER_INPUT',
      ...(variable ? { field: fields.get(variable) ?? variable } : {}),
    },
  });
}

/**
 * Adds `extensions.field` to a validation error about a literal argument value (say `date: "0000-01-01"`):
 * the name of the argument that holds the node the error points at.
 */
function nameFieldOfError(error: GraphQLError, document: DocumentNode | undefined): void {
  const node = error.nodes?.[0];
  if (!node || !document || 'field' in error.extensions) return;
  const field = argumentHolding(document, node);
  if (field) (error.extensions as Record<string, unknown>).field = field;
}

function argumentHolding(document: DocumentNode, target: ASTNode): string | null {
  let found: string | null = null;
  visit(document, {
    enter(node, _key, parent, _path, ancestors) {
      if (node !== target) return undefined;
      // `ancestors` stops above the direct parent, so the parent is looked at first.
      const lineage = [...ancestors, parent];
      for (let i = lineage.length - 1; i >= 0; i -= 1) {
        const ancestor = lineage[i];
        if (ancestor && !Array.isArray(ancestor) && (ancestor as ASTNode).kind === Kind.ARGUMENT) {
          found = (ancestor as { name: { value: string } }).name.value;
          break;
        }
      }
      return BREAK;
    },
  });
  return found;
}
