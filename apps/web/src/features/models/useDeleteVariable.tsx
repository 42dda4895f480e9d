import { CombinedGraphQLErrors } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { findFormulasUsing } from '@keel/domain';
import { type ReactNode, useState } from 'react';
import { DeleteVariableDialog } from './DeleteVariableDialog';
import { DELETE_VARIABLE_MUTATION, type ModelVariable } from './modelQueries';
import { useModelActions } from './useModelActions';

type Asked = { variable: Pick<ModelVariable, 'id' | 'name'>; usedBy: string[] };

/**
 * Deletes a model's variable (DeleteVariable, through useModelActions). A variable that formulas read
 * asks first: the returned `dialog` names those formulas (found in `variables`, or in the
 * server's CONFIRMATION_REQUIRED refusal when the page was behind), and 'Delete anyway' sends the
 * delete again with confirmUsedByFormulas. A variable nothing reads is deleted at once.
 */
export function useDeleteVariable(variables: readonly ModelVariable[]): {
  deleteVariable: (variable: Pick<ModelVariable, 'id' | 'name'>) => void;
  dialog: ReactNode;
} {
  const client = useApolloClient();
  const run = useModelActions();
  const [request, setRequest] = useState<Asked | null>(null);

  const send = (variable: Asked['variable'], confirmed: boolean) =>
    run(`${variable.name} not deleted`, async () => {
      try {
        return await client.mutate({
          mutation: DELETE_VARIABLE_MUTATION,
          variables: { variableId: variable.id, ...(confirmed ? { confirmUsedByFormulas: true } : {}) },
        });
      } catch (error) {
        const usedBy = readUsedBy(error);
        if (!usedBy) throw error;
        setRequest({ variable, usedBy });
        return null;
      }
    });

  const deleteVariable = (variable: Asked['variable']) => {
    const usedBy = findFormulasUsing(variables, variable.id).map((formula) => formula.name);
    if (usedBy.length > 0) setRequest({ variable, usedBy });
    else void send(variable, false);
  };

  const dialog = (
    <DeleteVariableDialog
      request={request ? { variableName: request.variable.name, usedBy: request.usedBy } : null}
      onCancel={() => setRequest(null)}
      onConfirm={() => {
        const asked = request;
        setRequest(null);
        if (asked) void send(asked.variable, true);
      }}
    />
  );
  return { deleteVariable, dialog };
}

/** The formulas a DeleteVariable refusal names (CONFIRMATION_REQUIRED, `extensions.usedBy`), or null. */
function readUsedBy(error: unknown): string[] | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const refusal = error.errors.find((item) => item.extensions?.code === 'CONFIRMATION_REQUIRED');
  const listed = refusal?.extensions?.usedBy;
  if (!Array.isArray(listed)) return null;
  return listed.flatMap((item: unknown) =>
    item && typeof item === 'object' && typeof (item as { name?: unknown }).name === 'string'
      ? [(item as { name: string }).name]
      : [],
  );
}
