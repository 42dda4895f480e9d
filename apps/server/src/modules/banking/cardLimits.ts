import { cardLimitsSchema } from '@keel/domain';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { cards } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { badInput } from '../../errors';
import { parseArgs } from '../../graphql/parseInput';
import { CARD_VIEW_COLUMNS, type CardView, cardNotFound } from './cards';

const CARD_LIMIT_REFUSALS = { canceled: 'A canceled card has no limits to change' } as const;

/**
 * setCardLimits: a card's daily and monthly spending limits, both given (null: none). The domain's
 * cardLimitsSchema checks them ($1 to $1,000,000, whole cents, the daily one not above the monthly
 * one; BAD_USER_INPUT naming `dailyLimit` or `monthlyLimit`, nothing written). The card row is locked
 * FOR UPDATE, as authorizations lock it, so a charge is decided under either the old limits or the
 * new ones. A canceled card is refused on `id`. Keel applies them at each authorization
 * (cardAuthorizations.ts), whoever issued the card.
 */
export async function setCardLimits(
  deps: { db: Db | Tx; clock: Clock },
  input: { entityId: string; cardId: string; dailyLimit: unknown; monthlyLimit: unknown },
): Promise<CardView> {
  const limits = parseArgs(cardLimitsSchema, {
    dailyLimit: input.dailyLimit ?? null,
    monthlyLimit: input.monthlyLimit ?? null,
  });
  return writeTransaction(deps.db, async (tx) => {
    const [card] = await tx
      .select({ id: cards.id, status: cards.status })
      .from(cards)
      .where(and(eq(cards.id, input.cardId), eq(cards.entityId, input.entityId)))
      .for('update');
    if (!card) throw cardNotFound();
    if (card.status === 'canceled') throw badInput(CARD_LIMIT_REFUSALS.canceled, 'id');
    const [row] = await tx
      .update(cards)
      .set({ ...limits, updatedAt: deps.clock.now() })
      .where(eq(cards.id, card.id))
      .returning(CARD_VIEW_COLUMNS);
    if (!row) throw cardNotFound();
    return row;
  });
}
