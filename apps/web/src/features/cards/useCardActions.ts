import { useApolloClient } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { useMutationRun } from '../../lib/useMutationRun';
import { CARDS_QUERY, type CardItem, SUSPEND_CARD_MUTATION, UNFREEZE_CARD_MUTATION } from './cardQueries';

const REFETCH = [CARDS_QUERY] as const;

/**
 * Freeze (suspendTprimeCard) and the Frozen control's unfreeze (activateTprimeCard), each refetching the
 * list after. Success shows on the card itself (its status and control change), so only a refusal
 * toasts (red), and the list then shows the card as the server has it. `busy` names the card changing.
 */
export function useCardActions() {
  const client = useApolloClient();
  const run = useMutationRun(REFETCH);
  const [busy, setBusy] = useState<string | null>(null);

  const change = useCallback(
    async (card: CardItem, action: 'freeze' | 'unfreeze') => {
      setBusy(card.id);
      try {
        await run(action === 'freeze' ? 'Card not frozen' : 'Card not unfrozen', () =>
          client.mutate({
            mutation: action === 'freeze' ? SUSPEND_CARD_MUTATION : UNFREEZE_CARD_MUTATION,
            variables: { id: card.id },
          }),
        );
      } finally {
        setBusy(null);
      }
    },
    [client, run],
  );

  return { busy, change };
}
