import { useMutation } from '@apollo/client/react';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { describeSaveError } from '../financial/drawer/DrawerFormFrame';
import { type BankLink, moneykitLinkNeedsReconnect } from './bankLinks';
import {
  DELETE_MONEYKIT_LINK_MUTATION,
  DELETE_PLAID_ITEM_MUTATION,
  type JobStatus,
  REFRESH_MONEYKIT_LINK_MUTATION,
} from './linkingQueries';
import { LINK_REFETCH_QUERIES } from './useBankLinkFlow';

/**
 * Refresh (provider B) and delete for a bank connection, each followed by a reload of the links, the
 * jobs and the overview. Outcomes are toasts; a refusal answers null (refresh) or false (delete).
 */
export function useBankLinkActions(entityId: string) {
  const options = { refetchQueries: LINK_REFETCH_QUERIES, awaitRefetchQueries: true };
  const [refreshMoneykitLink] = useMutation(REFRESH_MONEYKIT_LINK_MUTATION, options);
  const [deletePlaidItem] = useMutation(DELETE_PLAID_ITEM_MUTATION, options);
  const [deleteMoneykitLink] = useMutation(DELETE_MONEYKIT_LINK_MUTATION, options);

  /** refreshMoneykitLink: the sync it queued, or null (an expired login says so, and needs Reconnect). */
  const refresh = useCallback(
    async (link: BankLink): Promise<JobStatus | null> => {
      try {
        const { data } = await refreshMoneykitLink({ variables: { entityId, id: link.id } });
        const payload = data?.refreshMoneykitLink;
        if (!payload) return null;
        if (moneykitLinkNeedsReconnect(payload.link)) {
          notifications.show({
            color: 'orange',
            title: 'Login required',
            message: `Your login at ${link.institutionName} expired. Reconnect it to keep importing.`,
          });
          return null;
        }
        notifications.show({
          title: `Refreshing ${link.institutionName}`,
          message: 'New transactions are on their way.',
        });
        return payload.job;
      } catch (error) {
        notifications.show({
          color: 'red',
          title: `Could not refresh ${link.institutionName}`,
          message: describeSaveError(error),
        });
        return null;
      }
    },
    [entityId, refreshMoneykitLink],
  );

  const remove = useCallback(
    async (link: BankLink): Promise<boolean> => {
      try {
        if (link.provider === 'plaid') await deletePlaidItem({ variables: { itemId: link.id } });
        else await deleteMoneykitLink({ variables: { id: link.id } });
        notifications.show({
          title: `${link.institutionName} deleted`,
          message: 'Its accounts stay in your books.',
        });
        return true;
      } catch (error) {
        notifications.show({
          color: 'red',
          title: `Could not delete ${link.institutionName}`,
          message: describeSaveError(error),
        });
        return false;
      }
    },
    [deletePlaidItem, deleteMoneykitLink],
  );

  return { refresh, remove };
}
