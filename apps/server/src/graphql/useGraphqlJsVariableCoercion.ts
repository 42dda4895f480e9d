import type { Plugin } from '@envelop/core';
import { getOperationAST, getVariableValues } from 'graphql';

/**
 * Coerces an operation's variables with graphql-js before execution, answering its errors when they
 * fail. graphql-jit (which runs the operation after this) coerces variables itself but drops the
 * scalars' own messages ('Month must be YYYY-MM') for a generic 'Expected type MonthKey'; users get
 * the clear one this way, with the scalar's BAD_USER_INPUT code.
 */
export function useGraphqlJsVariableCoercion(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const operation = getOperationAST(args.document, args.operationName);
      if (!operation?.variableDefinitions?.length) return;
      const coerced = getVariableValues(
        args.schema,
        operation.variableDefinitions,
        args.variableValues ?? {},
      );
      if (coerced.errors) setResultAndStopExecution({ errors: coerced.errors });
    },
  };
}
