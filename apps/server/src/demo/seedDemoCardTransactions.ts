import { instantIn } from '@keel/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Tx } from '../db/client';
import { cards, cardTransactions } from '../db/schema';
import { authorizeCardCharge } from '../modules/banking/cardAuthorizations';
import { setCardLimits } from '../modules/banking/cardLimits';
import { entityToday } from '../modules/entities/timeZone';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The demo card's charges of the last week, oldest first: hours before the seed's now, merchant and
 * cents. The last two fall on the same day: the second takes the day above the card's daily limit and
 * is declined, so /cards shows a refusal and its reason.
 */
export const DEMO_CARD_CHARGES: readonly { hoursAgo: number; merchant: string; amount: number }[] = [
  { hoursAgo: 150, merchant: 'AWS', amount: 48_213 },
  { hoursAgo: 126, merchant: 'Figma', amount: 22_500 },
  { hoursAgo: 100, merchant: 'Google Ads', amount: 120_000 },
  { hoursAgo: 75, merchant: 'Notion', amount: 9_600 },
  { hoursAgo: 50, merchant: 'LinkedIn Ads', amount: 85_000 },
  { hoursAgo: 26, merchant: 'Datadog', amount: 31_877 },
  { hoursAgo: 2, merchant: 'Meta Ads', amount: 180_000 },
  { hoursAgo: 1, merchant: 'Google Ads', amount: 90_000 },
];

/** The demo virtual card's limits: $2,500 a day, $15,000 a month. */
const DEMO_CARD_LIMITS = { dailyLimit: 250_000, monthlyLimit: 1_500_000 } as const;

/**
 * The demo company's card activity: its virtual card gets limits and a week
 * of charges, each decided at authorization as any charge is (cardAuthorizations.ts, the company's time
 * zone) at the instant it happened, so the limit refuses the last one. The charges of the last hours
 * are kept inside the company's today (never before its midnight), so those two share a day whenever
 * the demo is seeded. Idempotent: a card with any charge is left as it is. Runs after seedDemoCards.
 */
export async function seedDemoCardTransactions(tx: Tx, clock: Clock, entityId: string): Promise<void> {
  const [card] = await tx
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.entityId, entityId), eq(cards.kind, 'virtual'), eq(cards.status, 'active')))
    .orderBy(asc(cards.createdAt))
    .limit(1);
  if (!card) return;
  const [charged] = await tx
    .select({ id: cardTransactions.id })
    .from(cardTransactions)
    .where(eq(cardTransactions.cardId, card.id))
    .limit(1);
  if (charged) return;
  await setCardLimits({ db: tx, clock }, { entityId, cardId: card.id, ...DEMO_CARD_LIMITS });
  const { now, timeZone, today } = await entityToday(tx, clock, entityId);
  const midnight = instantIn(timeZone, today, '00:00').getTime();
  for (const charge of DEMO_CARD_CHARGES) {
    const before = now.getTime() - charge.hoursAgo * HOUR_MS;
    const at = new Date(charge.hoursAgo < 24 ? Math.max(midnight, before) : before);
    await authorizeCardCharge({ db: tx, clock: { now: () => at } }, { cardId: card.id, ...charge });
  }
}
