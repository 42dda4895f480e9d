import { useMutation } from '@apollo/client/react';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { describeSaveError } from '../financial/drawer/DrawerFormFrame';
import { type BankLink, type LinkProvider, moneykitLinkNeedsReconnect } from './bankLinks';
import {
  CREATE_LINK_SESSION_TOKEN_MUTATION,
  CREATE_MONEYKIT_LINK_MUTATION,
  CREATE_PLAID_ITEM_MUTATION,
  CREATE_PLAID_LINK_TOKEN_MUTATION,
  type JobStatus,
  REFRESH_MONEYKIT_LINK_MUTATION,
} from './linkingQueries';
import { linkRedirectUrl, type PendingLink, pendingLinkStore } from './pendingLink';

/**
 * What a change to a link reloads on the Linked Accounts page, by operation name: the links and the
 * jobs (the sync it queued). The overview reads its figures afresh whenever it is opened.
 */
export const LINK_REFETCH_QUERIES = ['LinkedAccounts', 'EntityJobs'];

/**
 * Starts a link flow (spec §7): asks for a token that opens the provider's flow (A's link token, B's
 * link session token; for a link given, update mode: Reconnect), stores it for the return pages, and
 * answers it. A refusal shows a red toast and answers null.
 */
export function useStartBankLink(entityId: string) {
  const [createPlaidLinkToken] = useMutation(CREATE_PLAID_LINK_TOKEN_MUTATION);
  const [createLinkSessionToken] = useMutation(CREATE_LINK_SESSION_TOKEN_MUTATION);
  const [starting, setStarting] = useState<LinkProvider | null>(null);

  const start = useCallback(
    async (provider: LinkProvider, link: BankLink | null = null): Promise<PendingLink | null> => {
      setStarting(provider);
      try {
        const redirectUrl = linkRedirectUrl(provider);
        let linkToken: string | undefined;
        if (provider === 'plaid') {
          const { data } = await createPlaidLinkToken({
            variables: { entityId, redirectUrl, itemId: link?.id ?? null },
          });
          linkToken = data?.createPlaidLinkToken.linkToken;
        } else {
          const { data } = await createLinkSessionToken({
            variables: { entityId, redirectUrl, id: link?.id ?? null },
          });
          linkToken = data?.createLinkSessionToken.linkSessionToken;
        }
        if (!linkToken) throw new Error('The server did not answer a link token');
        const pending: PendingLink = {
          provider,
          linkToken,
          entityId,
          linkId: link?.id ?? null,
          institutionName: link?.institutionName ?? null,
        };
        pendingLinkStore.write(pending);
        return pending;
      } catch (error) {
        notifications.show({
          color: 'red',
          title: link ? `Could not reconnect ${link.institutionName}` : 'Could not start linking a bank',
          message: describeSaveError(error),
        });
        return null;
      } finally {
        setStarting(null);
      }
    },
    [entityId, createPlaidLinkToken, createLinkSessionToken],
  );

  return { start, starting };
}

/** What a finished flow made: the link's institution and the sync it queued. */
export type LinkedBank = { institutionName: string; job: JobStatus | null };

/**
 * Hands the token a provider's flow answered to Keel (createPlaidItem / createMoneykitLink), which
 * makes the link (or, for an update-mode token, repairs it) and queues its sync; then forgets the
 * stored flow and refetches `refetchQueries` (operation names of queries on screen). A refusal
 * throws, for the dialog to show.
 */
export function useExchangeLinkToken(refetchQueries: readonly string[] = []) {
  const [createPlaidItem] = useMutation(CREATE_PLAID_ITEM_MUTATION, { refetchQueries: [...refetchQueries] });
  const [createMoneykitLink] = useMutation(CREATE_MONEYKIT_LINK_MUTATION, {
    refetchQueries: [...refetchQueries],
  });
  return useCallback(
    async (session: Pick<PendingLink, 'provider' | 'entityId'>, token: string): Promise<LinkedBank> => {
      let linked: LinkedBank | undefined;
      if (session.provider === 'plaid') {
        const { data } = await createPlaidItem({
          variables: { entityId: session.entityId, publicToken: token },
        });
        const payload = data?.createPlaidItem;
        if (payload?.errors.length) throw new Error(payload.errors.join(' '));
        if (payload) linked = { institutionName: payload.item.institution.name, job: payload.job };
      } else {
        const { data } = await createMoneykitLink({
          variables: { entityId: session.entityId, exchangeableToken: token },
        });
        const payload = data?.createMoneykitLink;
        if (payload?.errors.length) throw new Error(payload.errors.join(' '));
        if (payload) linked = { institutionName: payload.link.institutionName, job: payload.job };
      }
      if (!linked) throw new Error('The server did not answer the link');
      pendingLinkStore.clear();
      return linked;
    },
    [createPlaidItem, createMoneykitLink],
  );
}

/**
 * Finishes a Reconnect of provider B's in MoneyKit's live Connect. Its relink repairs the link at
 * MoneyKit and gives the browser no token to exchange (the web SDK's relink success callback is passed
 * the institution only: @moneykit/connect's types, RelinkSuccessCallback), so Keel hears of it through
 * refreshMoneykitLink: fresh data is asked for and a sync queued, whose success clears the link's
 * recorded error. A link MoneyKit still refuses throws; otherwise the stored flow is forgotten.
 */
export function useFinishMoneykitRelink(refetchQueries: readonly string[] = []) {
  const [refreshMoneykitLink] = useMutation(REFRESH_MONEYKIT_LINK_MUTATION, {
    refetchQueries: [...refetchQueries],
  });
  return useCallback(
    async (session: Pick<PendingLink, 'entityId' | 'linkId'>): Promise<LinkedBank> => {
      if (!session.linkId) throw new Error('There is no bank connection to reconnect.');
      const { data } = await refreshMoneykitLink({
        variables: { entityId: session.entityId, id: session.linkId },
      });
      const payload = data?.refreshMoneykitLink;
      if (payload?.errors.length) throw new Error(payload.errors.join(' '));
      if (!payload) throw new Error('The server did not answer the link');
      if (moneykitLinkNeedsReconnect(payload.link)) {
        throw new Error(`${payload.link.institutionName} still asks you to sign in again. Please try again.`);
      }
      pendingLinkStore.clear();
      return { institutionName: payload.link.institutionName, job: payload.job };
    },
    [refreshMoneykitLink],
  );
}
