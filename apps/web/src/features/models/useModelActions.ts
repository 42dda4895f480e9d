import { useApolloClient } from '@apollo/client/react';
import { notifications } from '@mantine/notifications';
import type { DocumentNode } from 'graphql';
import { useCallback } from 'react';
import { describeSaveError } from '../financial/drawer/DrawerFormFrame';
import { MODEL_QUERY, MODELS_QUERY } from './modelQueries';

/**
 * Runs one model change, then refetches the model (its figures are the server's evaluation) and the
 * switcher, or the queries given (a deleted model's page refetches only the switcher); a refusal (`errors` in the payload, or a thrown message) shows a red toast titled by `failure`
 * and resolves to null, so nothing on screen pretends it was saved.
 */
export function useModelActions() {
  const client = useApolloClient();
  return useCallback(
    async <T>(
      failure: string,
      write: () => Promise<T>,
      refetch: readonly DocumentNode[] = [MODEL_QUERY, MODELS_QUERY],
    ): Promise<T | null> => {
      try {
        const result = await write();
        const errors = payloadErrors(result);
        if (errors.length > 0) {
          notifications.show({ color: 'red', title: failure, message: errors.join(' ') });
          return null;
        }
        return result;
      } catch (error) {
        notifications.show({ color: 'red', title: failure, message: describeSaveError(error) });
        return null;
      } finally {
        // A refetch that fails (the page is leaving) must not turn a saved change into a failure.
        await client.refetchQueries({ include: [...refetch] }).catch((error: unknown) => {
          console.error('The model could not be reloaded', error);
        });
      }
    },
    [client],
  );
}

/** The `errors` of a mutation payload (spec §7: model mutations answer `errors`), wherever it sits. */
function payloadErrors(result: unknown): string[] {
  if (!result || typeof result !== 'object') return [];
  const data = 'data' in result ? (result as { data: unknown }).data : result;
  if (!data || typeof data !== 'object') return [];
  for (const field of Object.values(data)) {
    const errors: unknown = field && typeof field === 'object' && 'errors' in field ? field.errors : null;
    if (Array.isArray(errors)) return errors.filter((error): error is string => typeof error === 'string');
  }
  return [];
}
