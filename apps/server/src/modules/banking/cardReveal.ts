import { CARD_REVEAL_SECONDS, formatCardExpiration } from '@keel/domain';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { cardRevealTokens, cards } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { badInput } from '../../errors';
import { type ClientInfo, recordAuthEvent } from '../auth/audit';
import { hashSecret, newSecret } from '../auth/tokens';
import type { CardDeps } from './cardDeps';
import { type CardView, cardSealContext } from './cards';

/**
 * Revealing a card's number and CVV (spec §4 'Number masked until revealed via a secure token'), in
 * two steps so the number never travels in a GraphQL answer (where caches, logs and the Apollo store
 * would keep it): createCardRevealToken gives the viewer a random token for one card, valid
 * CARD_REVEAL_SECONDS and single use, of which only the SHA-256 is stored; the REST reveal step
 * (GET /api/v1/cards/{id}, rest/cards.ts) spends it and answers the number, CVV and expiry, never cached.
 * The token travels only in the X-Reveal-Token header: one found in a URL is refused and spent, since a
 * URL may already sit in a proxy's log or the browser's history.
 * Each reveal is an audit event ('card.revealed'): who saw which card, when, from where.
 */

export const REVEAL_MESSAGES = {
  required: 'A reveal token is required: ask for one with createCardRevealToken',
  invalid: 'This reveal token is not valid for this card',
  used: 'This reveal token was already used: ask for a new one',
  expired: 'This reveal token has expired: ask for a new one',
  canceled: 'A canceled card cannot be revealed',
  inAddress:
    'A reveal token is sent in the X-Reveal-Token header, never in the address: this one is now spent, ask for a new one',
} as const;

export type RevealToken = { token: string; expiresAt: Date; cardId: string };

/**
 * createCardRevealToken: a token that lets this viewer reveal this card once in the next
 * CARD_REVEAL_SECONDS. The card's expired tokens are cleared on the way (they can never be spent).
 */
export async function createRevealToken(
  deps: { db: Db | Tx; clock: Clock },
  input: { card: CardView; userId: string },
): Promise<RevealToken> {
  if (input.card.status === 'canceled') throw badInput(REVEAL_MESSAGES.canceled, 'id');
  const token = newSecret();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + CARD_REVEAL_SECONDS * 1000);
  await writeTransaction(deps.db, async (tx) => {
    await tx
      .delete(cardRevealTokens)
      .where(and(eq(cardRevealTokens.cardId, input.card.id), lt(cardRevealTokens.expiresAt, now)));
    await tx.insert(cardRevealTokens).values({
      cardId: input.card.id,
      userId: input.userId,
      tokenHash: hashSecret(token),
      expiresAt,
      createdAt: now,
    });
  });
  return { token, expiresAt, cardId: input.card.id };
}

/** The card's secrets as the reveal step answers them (spec §3: primary_account_number, verification_code). */
type RevealedCard = { primaryAccountNumber: string; verificationCode: string; expiration: string };

type RevealOutcome =
  | { ok: true; card: RevealedCard }
  | { ok: false; message: (typeof REVEAL_MESSAGES)[keyof typeof REVEAL_MESSAGES] };

/**
 * The reveal step: spends the token and opens the card's sealed number and CVV. The token must be
 * this viewer's, for this card, unused and unexpired; each refusal says which, except that a token
 * of another user or card is only 'not valid'. The token row is locked FOR UPDATE, so two requests
 * with one token reveal once. A refusal spends nothing.
 */
export async function revealCard(
  deps: CardDeps,
  input: { card: CardView; userId: string; token: string | undefined; client: ClientInfo },
): Promise<RevealOutcome> {
  const { token } = input;
  if (!token) return { ok: false, message: REVEAL_MESSAGES.required };
  if (token.length > 200) return { ok: false, message: REVEAL_MESSAGES.invalid };
  return writeTransaction(deps.db, async (tx): Promise<RevealOutcome> => {
    const [row] = await tx
      .select()
      .from(cardRevealTokens)
      .where(eq(cardRevealTokens.tokenHash, hashSecret(token)))
      .for('update');
    if (!row || row.cardId !== input.card.id || row.userId !== input.userId) {
      return { ok: false, message: REVEAL_MESSAGES.invalid };
    }
    if (row.usedAt) return { ok: false, message: REVEAL_MESSAGES.used };
    const now = deps.clock.now();
    if (row.expiresAt <= now) return { ok: false, message: REVEAL_MESSAGES.expired };
    const [sealed] = await tx
      .select({ pan: cards.panSealed, cvv: cards.cvvSealed })
      .from(cards)
      .where(eq(cards.id, input.card.id));
    if (!sealed) return { ok: false, message: REVEAL_MESSAGES.invalid };
    await tx.update(cardRevealTokens).set({ usedAt: now }).where(eq(cardRevealTokens.id, row.id));
    await recordAuthEvent(tx, deps.clock, {
      type: 'card.revealed',
      client: input.client,
      userId: input.userId,
      entityId: input.card.entityId,
      details: { cardId: input.card.id, last4: input.card.last4 },
    });
    return {
      ok: true,
      card: {
        primaryAccountNumber: deps.secrets.open(sealed.pan, cardSealContext(input.card.id, 'pan')),
        verificationCode: deps.secrets.open(sealed.cvv, cardSealContext(input.card.id, 'cvv')),
        expiration: formatCardExpiration(input.card.expirationMonth, input.card.expirationYear),
      },
    };
  });
}

/**
 * Spends a reveal token that arrived where it must not (a URL), whoever it was made for: whoever could
 * read that URL could otherwise use it. Answers whether an unspent token was found.
 */
export async function spendExposedRevealToken(
  deps: { db: Db | Tx; clock: Clock },
  token: string,
): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const spent = await deps.db
    .update(cardRevealTokens)
    .set({ usedAt: deps.clock.now() })
    .where(and(eq(cardRevealTokens.tokenHash, hashSecret(token)), isNull(cardRevealTokens.usedAt)))
    .returning({ id: cardRevealTokens.id });
  return spent.length > 0;
}
