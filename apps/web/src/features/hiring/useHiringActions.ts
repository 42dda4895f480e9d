import { useApolloClient } from '@apollo/client/react';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { describeSaveError } from '../financial/drawer/DrawerFormFrame';
import { HIRING_PLAN_QUERY } from './hiringQueries';

/**
 * Runs one hiring plan change, then refetches the plan (spec §7: 'Hiring plan refetched after each').
 * A refusal (`errors` in the payload, or a thrown message) shows a red toast titled by `failure` and
 * resolves to null, so nothing on screen pretends it was saved.
 */
export function useHiringActions() {
  const client = useApolloClient();
  return useCallback(
    async <T>(failure: string, write: () => Promise<T>): Promise<T | null> => {
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
        await client.refetchQueries({ include: [HIRING_PLAN_QUERY] }).catch((error: unknown) => {
          console.error('The hiring plan could not be reloaded', error);
        });
      }
    },
    [client],
  );
}

/** The `errors` of a mutation payload (every hiring payload answers `errors`). */
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
