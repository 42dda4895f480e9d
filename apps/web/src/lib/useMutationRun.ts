import { useApolloClient } from '@apollo/client/react';
import { notifications } from '@mantine/notifications';
import type { DocumentNode } from 'graphql';
import { useCallback } from 'react';
import { describeSaveError } from '../features/financial/drawer/DrawerFormFrame';

/**
 * How a page runs one change: the write, then a refetch of `refetch` (or the queries the call names;
 * a refetch that fails, the page leaving, is logged and never turns a saved change into a failure).
 * A refusal (`errors` in the payload, spec §7, or a thrown message) shows a red toast titled by
 * `failure` and resolves to null, so nothing on screen pretends it was saved.
 */
export function useMutationRun(refetch: readonly DocumentNode[]) {
  const client = useApolloClient();
  return useCallback(
    async <T>(
      failure: string,
      write: () => Promise<T>,
      queries: readonly DocumentNode[] = refetch,
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
        await client.refetchQueries({ include: [...queries] }).catch((error: unknown) => {
          console.error('A page could not be reloaded after a change', error);
        });
      }
    },
    [client, refetch],
  );
}

/** The `errors` of a mutation payload, wherever the mutation's field puts them. */
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
