import { CARD_CHARGE_MAX_CENTS, CARD_MERCHANT_MAX_LENGTH, decideCardCharge } from '@keel/domain';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { cards, cardTransactions } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { isUuid } from '../../graphql/context';
import { parseArgs } from '../../graphql/parseInput';
import type { CardAuthorizationDesk } from '../../providers/banking';
import { entityToday } from '../entities/timeZone';
import { cardNotFound } from './cards';

/**
 * A card's charges, decided at authorization. Whoever issued the card,
 * Keel decides: the domain's decideCardCharge approves a charge only on an active card and only while
 * the card's approved spend of the company's day and month (its time zone, entityToday) stays within
 * its limits. The card row is locked FOR UPDATE while the spend is summed and the charge written, so
 * two charges at the same moment are decided one after the other and cannot both slip under a limit.
 * Every charge is kept, approved or declined with the reason, and listed with the card.
 */

export type CardTransactionRow = typeof cardTransactions.$inferSelect;

const CARD_CHARGE_MESSAGES = {
  merchantRequired: 'Merchant is required',
  merchantTooLong: `Merchant must be at most ${CARD_MERCHANT_MAX_LENGTH} characters`,
  amountRequired: 'Amount must be a number of cents',
  amountWholeCents: 'Amount must be a whole number of cents',
  amountMin: 'Amount must be at least 1 cent',
  amountMax: `Amount must be at most ${CARD_CHARGE_MAX_CENTS} cents`,
} as const;

const M = CARD_CHARGE_MESSAGES;

const cardChargeSchema = z.object({
  merchant: z
    .string({ error: M.merchantRequired })
    .trim()
    .min(1, M.merchantRequired)
    .max(CARD_MERCHANT_MAX_LENGTH, M.merchantTooLong),
  amount: z
    .number({ error: M.amountRequired })
    .int(M.amountWholeCents)
    .min(1, M.amountMin)
    .max(CARD_CHARGE_MAX_CENTS, M.amountMax),
});

/**
 * Decides one charge on a card and records it. `providerAuthorizationId` is the issuer's id of the
 * request: asked again with it (a retried webhook), the first decision is answered and nothing new is
 * written. Unknown cards answer 'Card not found'; bad input is BAD_USER_INPUT naming the field.
 */
export async function authorizeCardCharge(
  deps: { db: Db | Tx; clock: Clock },
  input: { cardId: string; merchant: unknown; amount: unknown; providerAuthorizationId?: string | null },
): Promise<CardTransactionRow> {
  const charge = parseArgs(cardChargeSchema, { merchant: input.merchant, amount: input.amount });
  const providerAuthorizationId = input.providerAuthorizationId ?? null;
  if (!isUuid(input.cardId)) throw cardNotFound();
  return writeTransaction(deps.db, async (tx) => {
    const [card] = await tx
      .select({
        id: cards.id,
        entityId: cards.entityId,
        status: cards.status,
        dailyLimit: cards.dailyLimit,
        monthlyLimit: cards.monthlyLimit,
      })
      .from(cards)
      .where(eq(cards.id, input.cardId))
      .for('update');
    if (!card) throw cardNotFound();
    if (providerAuthorizationId) {
      const [earlier] = await tx
        .select()
        .from(cardTransactions)
        .where(
          and(
            eq(cardTransactions.cardId, card.id),
            eq(cardTransactions.providerAuthorizationId, providerAuthorizationId),
          ),
        );
      if (earlier) return earlier;
    }
    const { now, today, month } = await entityToday(tx, deps.clock, card.entityId);
    const spent = await approvedSpend(tx, card.id, today, month);
    const decision = decideCardCharge({ ...card, ...spent }, charge.amount);
    const [row] = await tx
      .insert(cardTransactions)
      .values({
        cardId: card.id,
        entityId: card.entityId,
        providerAuthorizationId,
        merchant: charge.merchant,
        amount: charge.amount,
        day: today,
        month,
        status: decision.approved ? 'approved' : 'declined',
        declineReason: decision.approved ? null : decision.reason,
        authorizedAt: now,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('Card transaction insert returned nothing');
    return row;
  });
}

/** The card's approved spend of the company's day and month, in cents. */
export async function approvedSpend(
  db: Db | Tx,
  cardId: string,
  today: string,
  month: string,
): Promise<{ spentToday: number; spentThisMonth: number }> {
  const [row] = await db
    .select({
      spentToday: sql<string>`coalesce(sum(${cardTransactions.amount}) filter (where ${cardTransactions.day} = ${today}), 0)`,
      spentThisMonth: sql<string>`coalesce(sum(${cardTransactions.amount}), 0)`,
    })
    .from(cardTransactions)
    .where(
      and(
        eq(cardTransactions.cardId, cardId),
        eq(cardTransactions.month, month),
        eq(cardTransactions.status, 'approved'),
      ),
    );
  return { spentToday: Number(row?.spentToday ?? 0), spentThisMonth: Number(row?.spentThisMonth ?? 0) };
}

/** How many of a card's charges one page lists, at most. */
export const CARD_TRANSACTIONS_PAGE_MAX = 100;

/** A page position: the last charge listed (its authorization instant and id). */
type CardTransactionsCursor = { authorizedAt: Date; id: string };

export function encodeCardTransactionsCursor(row: { authorizedAt: Date; id: string }): string {
  return Buffer.from(`${row.authorizedAt.toISOString()}|${row.id}`).toString('base64url');
}

/** The cursor's position, or null for one that Keel did not make. */
export function decodeCardTransactionsCursor(cursor: string): CardTransactionsCursor | null {
  if (cursor.length > 200) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const authorizedAt = new Date(at ?? '');
  if (!id || Number.isNaN(authorizedAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) return null;
  return { authorizedAt, id };
}

/** A card's charges, newest first, `first` of them after `after` (one more is read to know if there are more). */
export async function listCardTransactions(
  db: Db | Tx,
  input: { cardId: string; first: number; after: CardTransactionsCursor | null },
): Promise<{ rows: CardTransactionRow[]; hasMore: boolean }> {
  const { after } = input;
  const rows = await db
    .select()
    .from(cardTransactions)
    .where(
      and(
        eq(cardTransactions.cardId, input.cardId),
        after
          ? or(
              lt(cardTransactions.authorizedAt, after.authorizedAt),
              and(eq(cardTransactions.authorizedAt, after.authorizedAt), lt(cardTransactions.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(cardTransactions.authorizedAt), desc(cardTransactions.id))
    .limit(input.first + 1);
  return { rows: rows.slice(0, input.first), hasMore: rows.length > input.first };
}

/**
 * An authorization request from the issuer (Increase's real-time decision webhook): the request is
 * read back from the issuer (the webhook's body is not trusted for the amount or card), decided by
 * authorizeCardCharge on the card the issuer named, and the decision answered. Null when the request
 * is not a charge still waiting (another category, or already decided) or names no card of Keel's.
 */
export async function decideIssuerAuthorization(
  deps: { db: Db | Tx; clock: Clock; desk: CardAuthorizationDesk; provider: string },
  requestId: string,
): Promise<{ approved: boolean; reason: string | null } | null> {
  const request = await deps.desk.read(requestId);
  if (!request) return null;
  const [card] = await deps.db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.provider, deps.provider), eq(cards.providerCardId, request.providerCardId)));
  if (!card) return null;
  if (request.amount < 1 || request.amount > CARD_CHARGE_MAX_CENTS) {
    // Beyond any charge Keel takes: declined without a row (the card's list would only show noise).
    await deps.desk.answer(requestId, { approved: false, reason: CARD_CHARGE_MESSAGES.amountMax });
    return { approved: false, reason: CARD_CHARGE_MESSAGES.amountMax };
  }
  const row = await authorizeCardCharge(deps, {
    cardId: card.id,
    merchant: request.merchant.slice(0, CARD_MERCHANT_MAX_LENGTH).trim() || 'Unknown merchant',
    amount: request.amount,
    providerAuthorizationId: request.requestId,
  });
  const decision =
    row.status === 'approved'
      ? ({ approved: true } as const)
      : ({ approved: false, reason: row.declineReason ?? 'Declined' } as const);
  await deps.desk.answer(requestId, decision);
  return { approved: decision.approved, reason: decision.approved ? null : decision.reason };
}
