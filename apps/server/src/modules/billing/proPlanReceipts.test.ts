import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxOf } from '../../../test/authKit';
import { CONFIRM_SUBSCRIPTION, card, START_SUBSCRIPTION } from '../../../test/billingTestKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';
import { entities, memberships, subscriptions, users } from '../../db/schema';
import { proPlanReceiptEmail } from './billingEmails';

/**
 * The Pro Plan receipts on the payments sandbox: a payment that goes through sends
 * the one who paid a receipt (plan, period, amount, card, the company's date, a reference), once
 * however many Submits race; a declined card sends none.
 */

type Subscription = { id: string; status: string; unitAmount: number; quantity: number };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function started(fixture: LedgerFixture, token = fixture.owner.token): Promise<Subscription> {
  const result = await fixture.gql<{ startSubscription: Subscription }>(
    START_SUBSCRIPTION,
    { e: fixture.entityId },
    token,
  );
  if (!result.data) throw new Error(`startSubscription: ${JSON.stringify(result.errors)}`);
  return result.data.startSubscription;
}

async function submit(fixture: LedgerFixture, id: string, form = card(), token = fixture.owner.token) {
  return fixture.gql<{ confirmSubscription: { errors: string[]; subscription: Subscription } }>(
    CONFIRM_SUBSCRIPTION,
    { id, ...form },
    token,
  );
}

const receiptsOf = async (email: string) =>
  (await outboxOf(t, email)).filter((message) => message.subject?.startsWith('Keel receipt'));

describe('Pro Plan receipts', () => {
  it('sends the payer a receipt: plan, period, amount, card, date in the company’s time zone, reference', async () => {
    const acme = await createLedgerFixture(t, 'Receipt Co');
    await t.db
      .update(entities)
      .set({ timeZone: 'America/Los_Angeles' })
      .where(eq(entities.id, acme.entityId));
    const subscription = await started(acme);
    expect(await receiptsOf(acme.owner.user.email)).toEqual([]);
    const saved = t.clock.now();
    // 23:30 in Los Angeles on 2026-11-22 is already 2026-11-23 in UTC.
    t.clock.set(new Date('2026-11-23T07:30:00.000Z'));
    try {
      const paid = await submit(acme, subscription.id);
      expect(paid.data?.confirmSubscription.subscription.status).toBe('active');
    } finally {
      t.clock.set(saved);
    }
    const receipts = await receiptsOf(acme.owner.user.email);
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    const amount = (subscription.unitAmount * subscription.quantity) / 100;
    const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
    expect(receipt?.subject).toBe(`Keel receipt: Pro Plan for Receipt Co, ${dollars}`);
    const [row] = await t.db
      .select({ reference: subscriptions.providerSubscriptionId })
      .from(subscriptions)
      .where(eq(subscriptions.id, subscription.id));
    expect(receipt?.body).toContain('Plan: Pro Plan (billed every month)');
    expect(receipt?.body).toContain(`Amount: ${dollars}`);
    expect(receipt?.body).toContain('Paid with: Visa ending in 4242');
    expect(receipt?.body).toContain('Date: 2026-11-22');
    expect(receipt?.body).toContain('Period: 2026-11-22 to 2026-12-22');
    expect(receipt?.body).toContain(`Reference: ${row?.reference}`);
    // Never the full card number.
    expect(receipt?.body).not.toContain('4242 4242');
    expect(receipt?.body).not.toContain('4242424242424242');
  });

  it('sends one receipt when Submit is sent twice at once, and none for a declined card', async () => {
    const acme = await createLedgerFixture(t, 'Racing Receipt Co');
    const subscription = await started(acme);
    const declined = await submit(acme, subscription.id, card('4000 0000 0000 0002'));
    expect(declined.data?.confirmSubscription.errors).toEqual(['Your card was declined.']);
    expect(await receiptsOf(acme.owner.user.email)).toEqual([]);
    await Promise.all([submit(acme, subscription.id), submit(acme, subscription.id)]);
    expect(await receiptsOf(acme.owner.user.email)).toHaveLength(1);
  });

  it('goes to the admin who paid, not to the owner who started it', async () => {
    const acme = await createLedgerFixture(t, 'Admin Pays Co');
    const subscription = await started(acme);
    const adminToken = await acme.member('admin');
    const [admin] = await t.db
      .select({ email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.entityId, acme.entityId), eq(memberships.role, 'admin')));
    const paid = await submit(acme, subscription.id, card(), adminToken);
    expect(paid.data?.confirmSubscription.subscription.status).toBe('active');
    expect(await receiptsOf(admin?.email ?? '')).toHaveLength(1);
    expect(await receiptsOf(acme.owner.user.email)).toEqual([]);
  });

  it('leaves out what the provider did not give (no card)', () => {
    const message = proPlanReceiptEmail({
      to: 'payer@example.test',
      firstName: null,
      companyName: 'Cardless Co',
      subscription: {
        productName: 'Pro Plan',
        unitAmount: 49_00,
        quantity: 1,
        cardBrand: null,
        cardLast4: null,
        providerSubscriptionId: 'sub_123',
        recurringInterval: 'month',
      },
      paidOn: '2026-11-22',
      periodEnd: null,
    });
    expect(message.subject).toBe('Keel receipt: Pro Plan for Cardless Co, $49.00');
    expect(message.text).not.toContain('Paid with');
    expect(message.text).toContain('Reference: sub_123');
    expect(message.text).toContain('Period: 2026-11-22 to the end of the billing period');
  });
});
