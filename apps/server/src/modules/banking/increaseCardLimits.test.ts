import { CARD_DECLINE_REASONS } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type Increase from 'increase';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueCardOnNewAccount } from '../../../test/cardsTestKit';
import type { TestApp } from '../../../test/harness';
import type { IncreaseSimulator } from '../../../test/increaseSimulator/index';
import { createIncreaseTestApp } from '../../../test/increaseTestApp';
import { createLedgerFixture } from '../../../test/ledgerTestKit';
import { cards, cardTransactions, entities } from '../../db/schema';
import { INCREASE_CARD_AUTHORIZATION_WEBHOOK } from '../../rest/increaseCardWebhooks';

/**
 * A card issued by Increase keeps Keel's limits: each charge reaches Keel as a Real-Time
 * Decision (card_authorization_requested), which Keel reads back from Increase, decides by the card's
 * status and limits in the company's time zone, records, and answers through the action endpoint. The
 * local Increase simulation plays the card network: its hook stands for the real-time webhook.
 */

let increase: IncreaseSimulator;
let t: TestApp;
let client: Increase;
/** Keel's answers to the decisions the simulator delivered, in order. */
const answered: Promise<unknown>[] = [];
const NOW = new Date('2026-11-18T15:00:00.000Z');

beforeAll(async () => {
  ({ t, increase, client } = await createIncreaseTestApp({
    // Increase's real-time webhook: the Event naming the decision, posted to Keel's route.
    onRealTimeDecision: (decision) => {
      answered.push(postEvent(decision.id));
    },
  }));
});
afterAll(async () => {
  await t.close();
  await increase.close();
});
beforeEach(() => {
  t.clock.set(NOW);
});

function postEvent(decisionId: string, category = 'real_time_decision.card_authorization_requested') {
  return t.app.inject({
    method: 'POST',
    url: INCREASE_CARD_AUTHORIZATION_WEBHOOK,
    payload: {
      id: `event_${decisionId}`,
      associated_object_id: decisionId,
      associated_object_type: 'real_time_decision',
      category,
      created_at: t.clock.now().toISOString(),
      type: 'event',
    },
  });
}

/** A merchant charges the card at Increase; answers Increase's decision once Keel has answered it. */
async function chargeAtIncrease(providerCardId: string, amount: number, merchant = 'BLUE BOTTLE COFFEE') {
  const before = answered.length;
  await client.simulations.cardAuthorizations.create({
    card_id: providerCardId,
    amount,
    merchant_descriptor: merchant,
  });
  expect(answered.length).toBe(before + 1);
  await answered[before];
  const id = increase.requests
    .filter((request) => request.path.startsWith('/real_time_decisions/'))
    .at(-1)?.path;
  const decision = await client.realTimeDecisions.retrieve(id?.split('/')[2] ?? '');
  return decision;
}

describe('card limits at Increase', () => {
  it("approves a charge within the card's daily limit and declines one above it, in the company's day", async () => {
    const fixture = await createLedgerFixture(t, 'Increase Limits');
    await t.db
      .update(entities)
      .set({ timeZone: 'America/Los_Angeles' })
      .where(eq(entities.id, fixture.entityId));
    const cardId = await issueCardOnNewAccount(t, fixture, 'virtual');
    const limits = await fixture.gql(
      'mutation($id: ID!) { setCardLimits(id: $id, dailyLimit: 5000, monthlyLimit: null) { id } }',
      { id: cardId },
    );
    expect(limits.errors).toBeUndefined();
    const [card] = await t.db.select().from(cards).where(eq(cards.id, cardId));
    const providerCardId = card?.providerCardId ?? '';

    const approved = await chargeAtIncrease(providerCardId, 3_000);
    expect(approved).toMatchObject({ status: 'responded', card_authorization: { decision: 'approve' } });
    const declined = await chargeAtIncrease(providerCardId, 2_500);
    expect(declined).toMatchObject({
      status: 'responded',
      card_authorization: { decision: 'decline', decline: { reason: 'exceeds_approval_limit' } },
    });
    // Each decision's record, found by its id at Increase: the test clock stands still, so both were
    // recorded at the same instant and their creation time does not order them.
    const rows = await t.db.select().from(cardTransactions).where(eq(cardTransactions.cardId, cardId));
    expect(rows).toHaveLength(2);
    const recorded = [approved.id, declined.id].map((id) =>
      rows
        .filter((row) => row.providerAuthorizationId === id)
        .map((row) => [row.merchant, row.amount, row.status, row.declineReason, row.day]),
    );
    expect(recorded).toEqual([
      [['BLUE BOTTLE COFFEE', 3_000, 'approved', null, '2026-11-18']],
      [['BLUE BOTTLE COFFEE', 2_500, 'declined', CARD_DECLINE_REASONS.daily, '2026-11-18']],
    ]);

    // 23:30 in Los Angeles (07:30 UTC the next day) is still the 18th: the limit still counts the $30.
    t.clock.set(new Date('2026-11-19T07:30:00.000Z'));
    const late = await chargeAtIncrease(providerCardId, 2_500);
    expect(late.card_authorization?.decision).toBe('decline');
    // 00:30 on the 19th in Los Angeles: a new day.
    t.clock.set(new Date('2026-11-19T08:30:00.000Z'));
    expect((await chargeAtIncrease(providerCardId, 2_500)).card_authorization?.decision).toBe('approve');
  });

  it('answers a decision once through the webhook: a second delivery changes nothing', async () => {
    const fixture = await createLedgerFixture(t, 'Increase Replay');
    const cardId = await issueCardOnNewAccount(t, fixture, 'virtual');
    const [card] = await t.db.select().from(cards).where(eq(cards.id, cardId));
    const decision = await chargeAtIncrease(card?.providerCardId ?? '', 1_000);
    // Already responded at Increase: Keel reads it back, finds nothing pending, and answers nothing.
    const again = await postEvent(decision.id);
    expect([again.statusCode, again.json()]).toEqual([200, { handled: false, approved: null }]);
    // Another category is acknowledged and left alone; a missing decision id is refused.
    expect((await postEvent(decision.id, 'card.updated')).json()).toEqual({ handled: false });
    expect((await postEvent('')).statusCode).toBe(400);
    expect(
      await t.db.select().from(cardTransactions).where(eq(cardTransactions.cardId, cardId)),
    ).toHaveLength(1);
  });
});
