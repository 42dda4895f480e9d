import { useApolloClient } from '@apollo/client/react';
import type { FormulaSegment } from '@keel/domain';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { LargeChangeDialog, type LargeChangeDialogProps } from './LargeChangeDialog';
import { type LargeChanges, readLargeChanges } from './largeChanges';
import { type ModelVariable, UPDATE_VARIABLE_MUTATION } from './modelQueries';
import { useModelActions } from './useModelActions';

/** What a screen may change on a variable in one save (absent fields stay as they are). */
type VariableChange = {
  name?: string;
  inputType?: ModelVariable['inputType'];
  value?: string | null;
  accountId?: string | null;
  decimalPlaces?: number;
  segments?: FormulaSegment[];
  amounts?: { month: string; amount: number }[];
};

type Asked = NonNullable<LargeChangeDialogProps['request']>;

/** The first send's answer when the server asked for a confirmation (not an answer to return). */
const ASKING = Symbol('asking');

/**
 * Saves a change to a model's variable (UpdateVariable, through useModelActions). When the server
 * refuses it because it would move an output more than 10× in a month (CONFIRMATION_REQUIRED), the
 * returned `dialog` shows the effect: Confirm sends the same change again with confirmLargeChange,
 * Cancel saves nothing. `updateVariable` resolves to the saved answer, or null when nothing was saved
 * (refused, failed or cancelled), so an editor can put back what it showed.
 */
export function useUpdateVariable(): {
  updateVariable: (variable: Pick<ModelVariable, 'id' | 'name'>, change: VariableChange) => Promise<unknown>;
  dialog: ReactNode;
} {
  const client = useApolloClient();
  const run = useModelActions();
  const [request, setRequest] = useState<Asked | null>(null);
  const answerRef = useRef<((confirmed: boolean) => void) | null>(null);

  const ask = useCallback((asked: Asked) => {
    // A newer question replaces one still open, which counts as cancelled.
    answerRef.current?.(false);
    return new Promise<boolean>((resolve) => {
      answerRef.current = resolve;
      setRequest(asked);
    });
  }, []);
  const answer = (confirmed: boolean) => {
    answerRef.current?.(confirmed);
    answerRef.current = null;
    setRequest(null);
  };

  const updateVariable = useCallback(
    async (variable: Pick<ModelVariable, 'id' | 'name'>, change: VariableChange) => {
      const failure = `${variable.name} not saved`;
      const send = (confirmLargeChange: boolean) =>
        client.mutate({
          mutation: UPDATE_VARIABLE_MUTATION,
          variables: {
            variableId: variable.id,
            ...change,
            ...(confirmLargeChange ? { confirmLargeChange } : {}),
          },
        });
      let large: LargeChanges | null = null;
      const first = await run(failure, async () => {
        try {
          return await send(false);
        } catch (error) {
          large = readLargeChanges(error);
          if (!large) throw error;
          return ASKING;
        }
      });
      if (first !== ASKING) return first;
      // Set by the first send (TypeScript cannot see an assignment inside the callback).
      const asked = large as LargeChanges | null;
      if (!asked) return null;
      // Cancelled: nothing was saved, so nothing needs reading again, and the editor is told at once
      // (it may be given the same change again straight away).
      if (!(await ask({ ...asked, variableName: variable.name }))) return null;
      return run(failure, () => send(true));
    },
    [ask, client, run],
  );

  const dialog = (
    <LargeChangeDialog request={request} onConfirm={() => answer(true)} onCancel={() => answer(false)} />
  );
  return { updateVariable, dialog };
}
