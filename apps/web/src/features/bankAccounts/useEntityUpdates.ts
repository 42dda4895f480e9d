import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { refetchActiveQueries } from '../../lib/refetchActiveQueries';
import { useLiveSubscription } from '../../lib/useLiveSubscription';
import {
  ACCOUNTS_PAGE_QUERIES,
  ENTITY_WAS_UPDATED_SUBSCRIPTION,
  type EntityUpdate,
  queriesForEntityUpdate,
} from './entityUpdates';

/**
 * Keeps the accounts pages current while they are open (EntitySubscription, spec §7): each change of
 * the company reloads the queries on screen that it touches, and its API flags go straight into the
 * cached entity, so the sidebar and the pages switch to (or out of) the accounting-connected mode at
 * once (apiFlags.qbo, spec §6). After a reconnect everything shown is read again, since the changes of
 * the gap are not replayed; the shell's Header too, for the flags.
 */
export function useEntityUpdates(entityId: string): { live: boolean } {
  const client = useApolloClient();
  const onData = useCallback(
    (data: { entityWasUpdated: EntityUpdate }) => {
      const update = data.entityWasUpdated;
      if (update.entityId !== entityId) return;
      // The shell's entity (Header, Entities) is cached once by id: its flags change for every reader.
      client.cache.modify({
        id: client.cache.identify({ __typename: 'Entity', id: entityId }),
        fields: { apiFlags: () => update.apiFlags },
      });
      void refetchActiveQueries(client, queriesForEntityUpdate(update.reason));
    },
    [client, entityId],
  );
  return useLiveSubscription(ENTITY_WAS_UPDATED_SUBSCRIPTION, {
    variables: { entityId },
    onData,
    onConnected: (reconnected) => {
      if (reconnected) void refetchActiveQueries(client, [...ACCOUNTS_PAGE_QUERIES, 'Header']);
    },
  });
}
