import { PRO_PLAN } from '@keel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, parseStripeForm, startFakeStripe } from '../../../test/fakeStripeServer';
import { createStripePayments, STRIPE_PRODUCT_ID } from './stripe';

/**
 * The Stripe adapter on the official SDK, pointed at a local server that speaks the endpoints it uses
 * (test/fakeStripeServer.ts): what it sends Stripe and how it reads Stripe's answers. No internet.
 */

let fake: FakeStripe;
const now = new Date('2026-11-22T12:00:00Z');

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

const newSubscription = (customerId: string) => ({
  customerId,
  entityId: '11111111-1111-4111-8111-111111111111',
  productName: PRO_PLAN.productName,
  productDescription: PRO_PLAN.productDescription,
  unitAmount: 41_235,
  currency: 'usd',
  recurringInterval: 'month' as const,
  quantity: 1,
});

describe('parseStripeForm (the fake server’s reading of the SDK’s encoding)', () => {
  it('reads nested brackets and lists', () => {
    expect(parseStripeForm('items[0][price_data][unit_amount]=100&expand[0]=a&expand[1]=b&x=1')).toEqual({
      items: [{ price_data: { unit_amount: '100' } }],
      expand: ['a', 'b'],
      x: '1',
    });
  });
});

describe('createStripePayments', () => {
  it('creates the customer with the company in its metadata, under the idempotency key', async () => {
    const stripe = createStripePayments('sk_test_adapter', 'pk_test_adapter', fake.endpoint);
    const first = await stripe.createCustomer(
      { name: 'Acme Robotics Inc.', email: 'demo@keel.test', entityId: 'e-1' },
      { now, idempotencyKey: 'keel-customer-e-1' },
    );
    const again = await stripe.createCustomer(
      { name: 'Acme Robotics Inc.', email: 'demo@keel.test', entityId: 'e-1' },
      { now, idempotencyKey: 'keel-customer-e-1' },
    );
    expect(again.id).toBe(first.id);
    const sent = fake.requests.filter((request) => request.path === '/v1/customers');
    expect(sent[0]).toMatchObject({
      method: 'POST',
      idempotencyKey: 'keel-customer-e-1',
      authorization: 'Bearer sk_test_adapter',
      params: { name: 'Acme Robotics Inc.', email: 'demo@keel.test', metadata: { entity_id: 'e-1' } },
    });
    expect(sent[0]?.stripeVersion).toMatch(/^\d{4}-\d{2}-\d{2}/);
  });

  it('subscribes with default_incomplete on the Pro Plan product (made once) and reads the client secret', async () => {
    const stripe = createStripePayments('sk_test_adapter', 'pk_test_adapter', fake.endpoint);
    expect(stripe.kind).toBe('stripe');
    expect(stripe.publishableKey).toBe('pk_test_adapter');
    expect(stripe.confirmCardPayment).toBeNull();
    const customer = await stripe.createCustomer(
      { name: 'Globex', email: 'cfo@globex.test', entityId: 'e-2' },
      { now, idempotencyKey: 'keel-customer-e-2' },
    );
    const created = await stripe.createSubscription(newSubscription(customer.id), {
      now,
      idempotencyKey: 'keel-subscription-e-2-0-41235',
    });
    expect(created).toMatchObject({
      customerId: customer.id,
      status: 'incomplete',
      productName: PRO_PLAN.productName,
      productDescription: PRO_PLAN.productDescription,
      unitAmount: 41_235,
      quantity: 1,
      currency: 'usd',
      recurringInterval: 'month',
      card: null,
      canceledAt: null,
    });
    expect(created.clientSecret).toMatch(/^pi_.+_secret_/);
    expect(created.currentPeriodEnd).toBeInstanceOf(Date);

    const productCalls = fake.requests.filter((request) => request.path.startsWith('/v1/products'));
    expect(productCalls.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /v1/products/${STRIPE_PRODUCT_ID}`,
      'POST /v1/products',
    ]);
    expect(productCalls[1]?.params).toMatchObject({ id: STRIPE_PRODUCT_ID, name: PRO_PLAN.productName });
    const create = fake.requests.find(
      (request) => request.method === 'POST' && request.path === '/v1/subscriptions',
    );
    expect(create).toMatchObject({
      idempotencyKey: 'keel-subscription-e-2-0-41235',
      params: {
        customer: customer.id,
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { entity_id: '11111111-1111-4111-8111-111111111111' },
        items: [
          {
            quantity: '1',
            price_data: {
              currency: 'usd',
              product: STRIPE_PRODUCT_ID,
              unit_amount: '41235',
              recurring: { interval: 'month' },
            },
          },
        ],
        expand: ['latest_invoice.confirmation_secret', 'default_payment_method', 'items.data.price.product'],
      },
    });

    // A second subscription: the product is known now, not asked for again by this adapter.
    await stripe.createSubscription(newSubscription(customer.id), { now, idempotencyKey: 'another' });
    expect(fake.requests.filter((request) => request.path.startsWith('/v1/products'))).toHaveLength(2);
    // A fresh adapter (another server) finds the product made by the first.
    const other = createStripePayments('sk_test_adapter', 'pk_test_adapter', fake.endpoint);
    await other.createSubscription(newSubscription(customer.id), { now, idempotencyKey: 'third' });
    const products = fake.requests.filter((request) => request.path.startsWith('/v1/products'));
    expect(products.map((request) => request.method)).toEqual(['GET', 'POST', 'GET']);
  });

  it('reads a paid subscription back with its card, and cancels it', async () => {
    const stripe = createStripePayments('sk_test_adapter', 'pk_test_adapter', fake.endpoint);
    const customer = await stripe.createCustomer(
      { name: 'Initech', email: 'bill@initech.test', entityId: 'e-3' },
      { now, idempotencyKey: 'keel-customer-e-3' },
    );
    const created = await stripe.createSubscription(newSubscription(customer.id), { now });
    fake.payLatestInvoice(created.id, { brand: 'mastercard', last4: '4444' });
    const paid = await stripe.retrieveSubscription(created.id, { now });
    expect(paid).toMatchObject({
      id: created.id,
      status: 'active',
      clientSecret: null,
      card: { brand: 'mastercard', last4: '4444' },
    });
    const canceled = await stripe.cancelSubscription(created.id, { now, idempotencyKey: 'keel-cancel-x' });
    expect(canceled.status).toBe('canceled');
    expect(canceled.canceledAt).toBeInstanceOf(Date);
    const cancel = fake.requests.find((request) => request.method === 'DELETE');
    expect(cancel).toMatchObject({
      path: `/v1/subscriptions/${created.id}`,
      idempotencyKey: 'keel-cancel-x',
    });
    await expect(stripe.cancelSubscription(created.id, { now })).rejects.toThrow(/canceled subscription/);
  });

  it('answers a status it does not know as past_due, so the page still offers to cancel', async () => {
    const stripe = createStripePayments('sk_test_adapter', 'pk_test_adapter', fake.endpoint);
    const customer = await stripe.createCustomer({ name: 'X', email: 'x@x.test', entityId: 'e-4' }, { now });
    const created = await stripe.createSubscription(newSubscription(customer.id), { now });
    const stored = fake.subscriptions.get(created.id);
    if (stored) stored.status = 'some_future_status';
    expect((await stripe.retrieveSubscription(created.id, { now })).status).toBe('past_due');
  });
});
