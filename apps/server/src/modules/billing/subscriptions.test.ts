import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingSnapshot,
  CANCEL_SUBSCRIPTION,
  CONFIRM_SUBSCRIPTION,
  card,
  START_SUBSCRIPTION,
  STRIPE_SUBSCRIPTION,
} from '../../../test/billingTestKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';
import { queryRows } from '../../db/queryRows';
import { createSandboxPayments, INCOMPLETE_EXPIRY_MS } from '../../providers/payments/sandbox';
import { startSubscription } from './startSubscription';

/**
 * The Pro Plan subscription through the API on the payments sandbox (the default): Subscribe Now
 * ('incomplete', idempotent), Submit with a card ('active'; a declined or invalid card changes
 * nothing), Cancel Subscription ('canceled', and subscribing again), another company's subscription
 * refused, the REST client-secret route, and card numbers never stored.
 */

type Subscription = {
  id: string;
  entityId: string;
  status: string;
  productName: string;
  unitAmount: number;
  quantity: number;
  recurringInterval: string;
  clientSecret: string | null;
  provider: string;
  card: { brand: string; brandLabel: string; last4: string } | null;
  basisMonth: string;
  basisExpense: number;
  currentPeriodEnd: string | null;
  canceledAt: string | null;
};
type Confirmation = {
  errors: string[];
  fieldErrors: { field: string; message: string }[];
  declineCode: string | null;
  subscription: Subscription;
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function start(fixture: LedgerFixture, token = fixture.owner.token) {
  return fixture.gql<{ startSubscription: Subscription }>(START_SUBSCRIPTION, { e: fixture.entityId }, token);
}

async function started(fixture: LedgerFixture): Promise<Subscription> {
  const result = await start(fixture);
  if (!result.data) throw new Error(`startSubscription: ${JSON.stringify(result.errors)}`);
  return result.data.startSubscription;
}

async function confirm(fixture: LedgerFixture, id: string, form: Record<string, string> = card()) {
  const result = await fixture.gql<{ confirmSubscription: Confirmation }>(CONFIRM_SUBSCRIPTION, {
    id,
    ...form,
  });
  if (!result.data) throw new Error(`confirmSubscription: ${JSON.stringify(result.errors)}`);
  return result.data.confirmSubscription;
}

async function current(fixture: LedgerFixture, token = fixture.owner.token) {
  const result = await fixture.gql<{ stripeSubscription: Subscription | null }>(
    STRIPE_SUBSCRIPTION,
    { e: fixture.entityId },
    token,
  );
  if (result.errors) throw new Error(`stripeSubscription: ${JSON.stringify(result.errors)}`);
  return result.data?.stripeSubscription ?? null;
}

/** A promise and the function that settles it (Promise.withResolvers is Node 22's). */
function openGate() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

function getClientSecret(id: string, token?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/billing/get_stripe_client_secret/${encodeURIComponent(id)}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

describe('Subscribe Now', () => {
  it('starts an incomplete subscription priced from the ledger, with a client secret; again, the same one', async () => {
    const acme = await createLedgerFixture(t, 'Start Co');
    expect(await current(acme)).toBeNull();
    const first = await started(acme);
    expect(first).toMatchObject({
      entityId: acme.entityId,
      status: 'incomplete',
      productName: 'Pro Plan',
      unitAmount: 10_000,
      quantity: 1,
      recurringInterval: 'month',
      provider: 'sandbox',
      card: null,
      basisMonth: '2026-10',
      basisExpense: 0,
      canceledAt: null,
    });
    expect(first.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    const again = await started(acme);
    expect(again.id).toBe(first.id);
    expect(again.clientSecret).toBe(first.clientSecret);
    expect(await current(acme)).toEqual(first);
    expect(await billingSnapshot(t.db, acme.entityId)).toHaveLength(1);
  });

  it('makes one subscription however many starts race', async () => {
    const acme = await createLedgerFixture(t, 'Race Co');
    const results = await Promise.all([start(acme), start(acme), start(acme), start(acme)]);
    const ids = new Set(results.map((result) => result.data?.startSubscription.id));
    expect(results.map((result) => result.errors)).toEqual([undefined, undefined, undefined, undefined]);
    expect(ids.size).toBe(1);
    expect(await billingSnapshot(t.db, acme.entityId)).toHaveLength(1);
    const [vendor] = await queryRows<{ open: number }>(
      t.db,
      sql`SELECT count(*)::int AS open FROM sandbox_payment_subscriptions s
          JOIN sandbox_payment_customers c ON c.id = s.customer_id
          WHERE c.metadata_entity_id = ${acme.entityId} AND s.status = 'incomplete'`,
    );
    expect(vendor?.open).toBe(1);
  });

  it('answers the winner to starts that lost the race after it stored its subscription, cancelling theirs', async () => {
    // Two starts find no subscription, then wait (in the customer step) until a third has stored one:
    // they count one subscription, so both ask the provider for a second, under one key. The first
    // loses at the unique index and cancels that second one; the second is answered it, cancelled.
    // Both answer the winner's. Each late start has a gate of its own (they may reach the customer
    // step in either order), and the winner starts once both are waiting there.
    const acme = await createLedgerFixture(t, 'Late Race Co');
    const sandbox = createSandboxPayments(t.db);
    const gated = () => {
      const arrived = openGate();
      const release = openGate();
      const payments = {
        ...sandbox,
        async createCustomer(...args: Parameters<typeof sandbox.createCustomer>) {
          arrived.resolve();
          await release.promise;
          return sandbox.createCustomer(...args);
        },
      };
      return { arrived, release, payments };
    };
    const gates = [gated(), gated()];
    const who = { entityId: acme.entityId, userId: acme.owner.user.id, email: acme.owner.user.email };
    const late = gates.map(({ payments }) => startSubscription({ db: t.db, clock: t.clock, payments }, who));
    await Promise.all(gates.map((gate) => gate.arrived.promise));
    const winner = await startSubscription({ db: t.db, clock: t.clock, payments: sandbox }, who);
    // One after the other: the second finds the provider's answer to its key already cancelled.
    gates[0]?.release.resolve();
    const first = await late[0];
    gates[1]?.release.resolve();
    const second = await late[1];
    expect([first?.id, second?.id]).toEqual([winner.id, winner.id]);
    const vendor = await queryRows<{ status: string }>(
      t.db,
      sql`SELECT s.status FROM sandbox_payment_subscriptions s JOIN sandbox_payment_customers c ON c.id = s.customer_id
          WHERE c.metadata_entity_id = ${acme.entityId} ORDER BY s.status`,
    );
    expect(vendor.map((row) => row.status)).toEqual(['canceled', 'incomplete']);
    expect(await billingSnapshot(t.db, acme.entityId)).toHaveLength(1);
  });

  it('starts afresh once an unpaid subscription expired (23 hours, as Stripe)', async () => {
    const acme = await createLedgerFixture(t, 'Expiry Co');
    const first = await started(acme);
    t.clock.advance(INCOMPLETE_EXPIRY_MS + 60_000);
    try {
      const admin = await acme.member('admin');
      const result = await start(acme, admin);
      expect(result.errors).toBeUndefined();
      expect(result.data?.startSubscription.id).not.toBe(first.id);
      const statuses = (await billingSnapshot(t.db, acme.entityId)).map((row) => row.status);
      expect(statuses).toEqual(['incomplete_expired', 'incomplete']);
    } finally {
      t.clock.set(new Date('2026-11-22T12:00:00Z'));
    }
  });
});

describe('Submit (the payment form)', () => {
  it('makes the subscription active with 4242 4242 4242 4242, keeping only brand and last 4', async () => {
    const acme = await createLedgerFixture(t, 'Paying Co');
    const subscription = await started(acme);
    const paid = await confirm(acme, subscription.id);
    expect(paid).toMatchObject({ errors: [], fieldErrors: [], declineCode: null });
    expect(paid.subscription).toMatchObject({
      id: subscription.id,
      status: 'active',
      clientSecret: null,
      card: { brand: 'visa', brandLabel: 'Visa', last4: '4242' },
      currentPeriodEnd: '2026-12-22T12:00:00.000Z',
    });
    expect(await current(acme)).toEqual(paid.subscription);
    // The card number is nowhere in the database, ours or the sandbox's.
    const [found] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT ((SELECT count(*) FROM subscriptions s WHERE s::text LIKE '%4242424242424242%')
               + (SELECT count(*) FROM sandbox_payment_intents i WHERE i::text LIKE '%424242424242%')
               + (SELECT count(*) FROM sandbox_payment_subscriptions v WHERE v::text LIKE '%424242424242%')
               )::int AS n`,
    );
    expect(found?.n).toBe(0);
    // Paid: neither started again nor paid twice.
    expect((await start(acme)).errors?.[0]).toMatchObject({
      message: 'This company already has the Pro Plan',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const twice = await acme.gql(CONFIRM_SUBSCRIPTION, { id: subscription.id, ...card() });
    expect(twice.errors?.[0]?.message).toBe('This subscription is already paid');
  });

  it('pays once when Submit is sent twice at once', async () => {
    const acme = await createLedgerFixture(t, 'Double Submit Co');
    const subscription = await started(acme);
    const submit = () =>
      acme.gql<{ confirmSubscription: Confirmation }>(CONFIRM_SUBSCRIPTION, {
        id: subscription.id,
        ...card(),
      });
    const answers = await Promise.all([submit(), submit()]);
    // Each answer is the subscription paid, or (when the other was stored first) 'already paid'.
    for (const answer of answers) {
      const outcome = answer.errors?.[0]?.message ?? answer.data?.confirmSubscription.subscription.status;
      expect(['active', 'This subscription is already paid']).toContain(outcome);
      expect(answer.data?.confirmSubscription.errors ?? []).toEqual([]);
    }
    expect(answers.filter((answer) => answer.data?.confirmSubscription).length).toBeGreaterThanOrEqual(1);
    expect((await current(acme))?.status).toBe('active');
    const [payments] = await queryRows<{ succeeded: number }>(
      t.db,
      sql`SELECT count(*)::int AS succeeded FROM sandbox_payment_intents i
          JOIN sandbox_payment_subscriptions s ON s.id = i.subscription_id
          JOIN sandbox_payment_customers c ON c.id = s.customer_id
          WHERE c.metadata_entity_id = ${acme.entityId} AND i.status = 'succeeded'`,
    );
    expect(payments?.succeeded).toBe(1);
  });

  it('changes nothing when the card is declined, and says what Stripe says', async () => {
    const acme = await createLedgerFixture(t, 'Declined Co');
    const subscription = await started(acme);
    const before = await billingSnapshot(t.db, acme.entityId);
    const declined = await confirm(acme, subscription.id, card('4000 0000 0000 0002'));
    expect(declined).toMatchObject({
      errors: ['Your card was declined.'],
      fieldErrors: [{ field: 'card', message: 'Your card was declined.' }],
      declineCode: 'generic_decline',
      subscription: { id: subscription.id, status: 'incomplete', card: null },
    });
    expect(await billingSnapshot(t.db, acme.entityId)).toEqual(before);
    const funds = await confirm(acme, subscription.id, card('4000 0000 0000 9995'));
    expect(funds.errors).toEqual(['Your card has insufficient funds.']);
    const real = await confirm(acme, subscription.id, card('4111 1111 1111 1111'));
    expect(real.errors[0]).toMatch(/^Your card was declined\. Your request was in test mode/);
    expect(await billingSnapshot(t.db, acme.entityId)).toEqual(before);
    // The same subscription can still be paid with a good card.
    expect((await confirm(acme, subscription.id)).subscription.status).toBe('active');
  });

  it('refuses an expiry in the past, a short security code and a bad number, under their fields', async () => {
    const acme = await createLedgerFixture(t, 'Invalid Co');
    const subscription = await started(acme);
    const before = await billingSnapshot(t.db, acme.entityId);
    const invalid = await confirm(acme, subscription.id, {
      n: '4242 4242 4242 4241',
      x: '10/26',
      c: '12',
      m: '',
    });
    expect(invalid.fieldErrors).toEqual([
      { field: 'cardNumber', message: 'Your card number is invalid.' },
      { field: 'cardExpiry', message: "Your card's expiration date is in the past." },
      { field: 'cardName', message: 'Name on card is required' },
      { field: 'cardCvc', message: "Your card's security code is incomplete." },
    ]);
    const none = await acme.gql<{ confirmSubscription: Confirmation }>(CONFIRM_SUBSCRIPTION, {
      id: subscription.id,
    });
    expect(none.data?.confirmSubscription.fieldErrors.map((error) => error.field).sort()).toEqual([
      'cardCvc',
      'cardExpiry',
      'cardName',
      'cardNumber',
    ]);
    expect(await billingSnapshot(t.db, acme.entityId)).toEqual(before);
  });
});

describe('Cancel Subscription', () => {
  it('cancels at once, refuses a second cancel, and a new subscription can start for the same customer', async () => {
    const acme = await createLedgerFixture(t, 'Cancel Co');
    const subscription = await started(acme);
    await confirm(acme, subscription.id);
    const result = await acme.gql<{ cancelSubscription: Subscription }>(CANCEL_SUBSCRIPTION, {
      id: subscription.id,
    });
    expect(result.data?.cancelSubscription).toMatchObject({
      id: subscription.id,
      status: 'canceled',
      canceledAt: '2026-11-22T12:00:00.000Z',
      card: { last4: '4242' },
    });
    expect((await current(acme))?.status).toBe('canceled');
    const again = await acme.gql(CANCEL_SUBSCRIPTION, { id: subscription.id });
    expect(again.errors?.[0]).toMatchObject({
      message: 'This subscription is already canceled',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const confirmCanceled = await acme.gql(CONFIRM_SUBSCRIPTION, { id: subscription.id, ...card() });
    expect(confirmCanceled.errors?.[0]?.message).toBe('This subscription has ended: subscribe again');

    const renewed = await started(acme);
    expect(renewed.id).not.toBe(subscription.id);
    expect(renewed.status).toBe('incomplete');
    expect((await current(acme))?.id).toBe(renewed.id);
    const customers = await queryRows<{ provider_customer_id: string }>(
      t.db,
      sql`SELECT DISTINCT provider_customer_id FROM subscriptions WHERE entity_id = ${acme.entityId}::uuid`,
    );
    expect(customers).toHaveLength(1);
  });

  it('cancels an incomplete subscription too, and its payment can no longer be made', async () => {
    const acme = await createLedgerFixture(t, 'Unpaid Cancel Co');
    const subscription = await started(acme);
    await acme.gql(CANCEL_SUBSCRIPTION, { id: subscription.id });
    const late = await acme.gql(CONFIRM_SUBSCRIPTION, { id: subscription.id, ...card() });
    expect(late.errors?.[0]?.message).toBe('This subscription has ended: subscribe again');
  });
});

describe('another company’s subscription and the roles', () => {
  it('is not found for a member of another company, and nothing changes', async () => {
    const victim = await createLedgerFixture(t, 'Victim Billing Co');
    const outsider = await createLedgerFixture(t, 'Outsider Billing Co');
    const subscription = await started(victim);
    const before = await billingSnapshot(t.db, victim.entityId);
    for (const [query, variables] of [
      [CONFIRM_SUBSCRIPTION, { id: subscription.id, ...card() }],
      [CANCEL_SUBSCRIPTION, { id: subscription.id }],
      [STRIPE_SUBSCRIPTION, { e: victim.entityId }],
      [START_SUBSCRIPTION, { e: victim.entityId }],
    ] as const) {
      const result = await outsider.gql(query, variables);
      expect(result.errors?.[0]?.extensions?.code, query).toBe('NOT_FOUND');
      expect(JSON.stringify(result)).not.toContain('Victim');
    }
    expect(await billingSnapshot(t.db, victim.entityId)).toEqual(before);
    expect((await getClientSecret(subscription.id, outsider.owner.token)).statusCode).toBe(404);
  });

  it('lets bookkeepers see the subscription without its client secret, and not change it', async () => {
    const acme = await createLedgerFixture(t, 'Roles Billing Co');
    const subscription = await started(acme);
    const bookkeeper = await acme.member('bookkeeper');
    const seen = await current(acme, bookkeeper);
    expect(seen).toMatchObject({ id: subscription.id, status: 'incomplete', clientSecret: null });
    const admin = await acme.member('admin');
    expect((await current(acme, admin))?.clientSecret).toBe(subscription.clientSecret);
    const refused = await acme.gql(CANCEL_SUBSCRIPTION, { id: subscription.id }, bookkeeper);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await getClientSecret(subscription.id, bookkeeper)).statusCode).toBe(403);
  });
});

describe('GET /api/v1/billing/get_stripe_client_secret/{id}', () => {
  it('answers the client secret to those who manage billing, null once paid', async () => {
    const acme = await createLedgerFixture(t, 'Rest Co');
    const subscription = await started(acme);
    const response = await getClientSecret(subscription.id, acme.owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: subscription.id,
      status: 'incomplete',
      client_secret: subscription.clientSecret,
      publishable_key: null,
    });
    await confirm(acme, subscription.id);
    expect((await getClientSecret(subscription.id, acme.owner.token)).json()).toMatchObject({
      status: 'active',
      client_secret: null,
    });
  });

  it('answers 401 without a token and 404 for unknown or malformed ids', async () => {
    const acme = await createLedgerFixture(t, 'Rest Refusals Co');
    const subscription = await started(acme);
    expect((await getClientSecret(subscription.id)).statusCode).toBe(401);
    const unknown = await getClientSecret('00000000-0000-4000-8000-000000000000', acme.owner.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      status: 404,
      type: 'not_found',
      detail: 'Subscription not found',
    });
    expect((await getClientSecret("x' OR 1=1 --", acme.owner.token)).statusCode).toBe(404);
  });
});
