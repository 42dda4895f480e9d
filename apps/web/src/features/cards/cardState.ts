import { CARD_KINDS, CARD_STATUSES, type CardKind, type CardState, type CardStatus } from '@keel/domain';
import type { CardItem } from './cardQueries';

export const isCardKind = (value: string): value is CardKind =>
  (CARD_KINDS as readonly string[]).includes(value);
const isCardStatus = (value: string): value is CardStatus =>
  (CARD_STATUSES as readonly string[]).includes(value);

/**
 * A listed card as the domain's rules read it (kind and status), or null for one whose kind or status
 * this app does not know (a newer server's): such a card is listed with no actions.
 */
export function cardStateOf(card: Pick<CardItem, 'type' | 'status'>): CardState | null {
  return isCardKind(card.type) && isCardStatus(card.status) ? { kind: card.type, status: card.status } : null;
}
