import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxOf } from '../../../test/authKit';
import {
  CANCEL_SUBSCRIPTION,
  CONFIRM_SUBSCRIPTION,
  card,
  PRO_PLAN_QUERY,
  START_SUBSCRIPTION,
  STRIPE_SUBSCRIPTION,
} from '../../../test/billingTestKit';
import { type FakeStripe, startFakeStripe } from '../../../test/fakeStripeServer';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture } from '../../../test/ledgerTestKit';
import { readConfig } from '../../config';
import { createProviders } from '../../providers/create';
import { createSandboxPayments } from '../../providers/payments/sandbox';
import { createStripePayments } from '../../providers/payments/stripe';
import { startSubscription } from './startSubscription';

/**
 * The billing API with Stripe keys set: the real app, the official SDK, and a local server speaking
 * Stripe's endpoints in place of Stripe. Card details never reach Keel (the browser's Stripe Elements
 * confirms the payment; here the fake server plays it), and the configuration rules for the keys.
 */

let t: TestApp;
let fake: FakeStripe;
const KEYS = { STRIPE_SECRET_KEY: 'sk_test_keel', STRIPE_PUBLISHABLE_KEY: 'pk_test_keel' };

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    env: KEYS,
    providers: {
      payments: createStripePayments(KEYS.STRIPE_SECRET_KEY, KEYS.STRIPE_PUBLISHABLE_KEY, fake.endpoint),
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

type Subscription = {
  id: string;
  status: string;
  clientSecret: string | null;
  provider: string;
  card: unknown;
};

describe('billing with Stripe', () => {
  it('subscribes through Stripe, reads the payment back after Elements confirmed it, and cancels', async () => {
    const acme = await createLedgerFixture(t, 'Stripe Co');
    const plan = await acme.gql<{ proPlan: { provider: string; publishableKey: string } }>(PRO_PLAN_QUERY, {
      e: acme.entityId,
    });
    expect(plan.data?.proPlan).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_keel' });

    const started = await acme.gql<{ startSubscription: Subscription }>(START_SUBSCRIPTION, {
      e: acme.entityId,
    });
    const subscription = started.data?.startSubscription;
    expect(subscription).toMatchObject({ status: 'incomplete', provider: 'stripe' });
    expect(subscription?.clientSecret).toMatch(/^pi_fake\d+_secret_fake$/);
    const id = subscription?.id ?? '';
    const stripeId = [...fake.subscriptions.keys()].at(-1) ?? '';

    // Card details are Stripe's business: sending them to Keel is refused.
    const withCard = await acme.gql(CONFIRM_SUBSCRIPTION, { id, ...card() });
    expect(withCard.errors?.[0]).toMatchObject({
      message: 'Card details go from the browser to Stripe, never to Keel',
      extensions: { code: 'BAD_USER_INPUT', field: 'cardNumber' },
    });
    // Before the browser confirmed the payment: not yet.
    const early = await acme.gql<{ confirmSubscription: { errors: string[]; subscription: Subscription } }>(
      CONFIRM_SUBSCRIPTION,
      { id },
    );
    expect(early.data?.confirmSubscription).toMatchObject({
      errors: ['Stripe has not confirmed the payment yet. Try again in a moment.'],
      subscription: { status: 'incomplete' },
    });

    fake.payLatestInvoice(stripeId, { brand: 'visa', last4: '4242' });
    const confirmed = await acme.gql<{
      confirmSubscription: { errors: string[]; subscription: Subscription };
    }>(CONFIRM_SUBSCRIPTION, { id });
    expect(confirmed.data?.confirmSubscription).toMatchObject({
      errors: [],
      subscription: { id, status: 'active', clientSecret: null, card: { brand: 'visa', last4: '4242' } },
    });
    // The payer's receipt, once, with Stripe's subscription as its reference.
    const receipts = (await outboxOf(t, acme.owner.user.email)).filter((m) =>
      m.subject?.startsWith('Keel receipt'),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.body).toContain(`Reference: ${stripeId}`);
    expect(receipts[0]?.body).toContain('Paid with: Visa ending in 4242');
    await acme.gql(CONFIRM_SUBSCRIPTION, { id });
    expect(
      (await outboxOf(t, acme.owner.user.email)).filter((m) => m.subject?.startsWith('Keel receipt')),
    ).toHaveLength(1);

    const canceled = await acme.gql<{ cancelSubscription: Subscription }>(CANCEL_SUBSCRIPTION, { id });
    expect(canceled.data?.cancelSubscription.status).toBe('canceled');
    expect(
      fake.requests.some((request) => request.method === 'DELETE' && request.path.endsWith(stripeId)),
    ).toBe(true);
  });

  it('replaces a sandbox subscription left from before the keys were set (the demo’s) on Subscribe Now', async () => {
    const acme = await createLedgerFixture(t, 'Converted Co');
    const sandbox = await startSubscription(
      { db: t.db, clock: t.clock, payments: createSandboxPayments(t.db) },
      { entityId: acme.entityId, userId: acme.owner.user.id, email: acme.owner.user.email },
    );
    const shown = await acme.gql<{ stripeSubscription: Subscription }>(STRIPE_SUBSCRIPTION, {
      e: acme.entityId,
    });
    expect(shown.data?.stripeSubscription).toMatchObject({ id: sandbox.id, provider: 'sandbox' });
    const payOld = await acme.gql(CONFIRM_SUBSCRIPTION, { id: sandbox.id });
    expect(payOld.errors?.[0]?.message).toBe(
      'This subscription was started with another payment setup: subscribe again',
    );
    const started = await acme.gql<{ startSubscription: Subscription }>(START_SUBSCRIPTION, {
      e: acme.entityId,
    });
    expect(started.data?.startSubscription).toMatchObject({ provider: 'stripe', status: 'incomplete' });
    expect(started.data?.startSubscription.id).not.toBe(sandbox.id);
  });

  it('lets the page load Stripe.js: the content security policy names Stripe', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(policy).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
    expect(policy).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
  });
});

describe('the payments configuration', () => {
  it('is the sandbox without keys (and Stripe is absent from the content security policy)', async () => {
    const config = readConfig({});
    expect(createProviders(config, t.db).payments.kind).toBe('sandbox');
    const sandboxApp = await createTestApp();
    try {
      const response = await sandboxApp.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
      expect(String(response.headers['content-security-policy'])).not.toContain('stripe');
    } finally {
      await sandboxApp.close();
    }
  });

  it('is Stripe with both keys of one mode', () => {
    const payments = createProviders(readConfig(KEYS), t.db).payments;
    expect(payments.kind).toBe('stripe');
    expect(payments.publishableKey).toBe('pk_test_keel');
  });

  it('refuses one key alone, keys of two modes, live keys outside production, and things that are not keys', () => {
    expect(() => readConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: must be set with the other Stripe key/,
    );
    expect(() => readConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_x' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => readConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' })).toThrow(
      /is a live key but STRIPE_SECRET_KEY is a test key/,
    );
    expect(() => readConfig({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' })).toThrow(
      /live payments only with NODE_ENV=production/,
    );
    expect(() => readConfig({ STRIPE_SECRET_KEY: 'pk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' })).toThrow(
      /must be a Stripe secret key/,
    );
  });
});
