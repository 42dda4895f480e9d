import { useApolloClient } from '@apollo/client/react';
import { CARD_REVEAL_SECONDS } from '@keel/domain';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../../lib/restClient';
import { CREATE_CARD_REVEAL_TOKEN_MUTATION } from './cardQueries';
import { type CardSecrets, fetchCardSecrets } from './cardSecrets';

type CardReveal = {
  /** The revealed cards' secrets, by card id; a card absent is masked. */
  revealed: Readonly<Record<string, CardSecrets>>;
  /** The card whose reveal is on its way, if any. */
  pending: string | null;
  /** Reveals a masked card, or masks a revealed one again (spec §4: the Reveal button's two clicks). */
  toggle: (cardId: string) => Promise<void>;
};

/**
 * Spec §4 'Number masked until revealed via a secure token': a reveal asks the server for a
 * single-use token (kept out of Apollo's cache), then the card's number and CVV through the REST
 * reveal step; they show until a second click or CARD_REVEAL_SECONDS later, and live only in this
 * page's state (gone when it unmounts). A failed reveal is logged and said in a toast.
 */
export function useCardReveal(): CardReveal {
  const client = useApolloClient();
  const [revealed, setRevealed] = useState<Record<string, CardSecrets>>({});
  const [pending, setPending] = useState<string | null>(null);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const hide = useCallback((cardId: string) => {
    clearTimeout(timers.current.get(cardId));
    timers.current.delete(cardId);
    setRevealed(({ [cardId]: _hidden, ...rest }) => rest);
  }, []);

  useEffect(() => {
    const pendingTimers = timers.current;
    return () => {
      for (const timer of pendingTimers.values()) clearTimeout(timer);
    };
  }, []);

  const toggle = useCallback(
    async (cardId: string) => {
      if (revealed[cardId]) {
        hide(cardId);
        return;
      }
      setPending(cardId);
      try {
        const { data } = await client.mutate({
          mutation: CREATE_CARD_REVEAL_TOKEN_MUTATION,
          variables: { id: cardId },
          fetchPolicy: 'no-cache',
        });
        if (!data) throw new Error('No reveal token');
        const secrets = await fetchCardSecrets(data.createCardRevealToken);
        setRevealed((current) => ({ ...current, [cardId]: secrets }));
        clearTimeout(timers.current.get(cardId));
        timers.current.set(
          cardId,
          setTimeout(() => hide(cardId), CARD_REVEAL_SECONDS * 1000),
        );
      } catch (error) {
        console.error('A card could not be revealed', error);
        notifications.show({
          color: 'red',
          title: 'The card could not be revealed',
          message: describeError(error, error instanceof Error && error.message ? error.message : undefined),
        });
      } finally {
        setPending(null);
      }
    },
    [client, hide, revealed],
  );

  return { revealed, pending, toggle };
}
