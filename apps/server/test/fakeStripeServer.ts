import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny local HTTP server speaking the few Stripe endpoints Keel's Stripe adapter calls (products,
 * customers, subscriptions), so the official SDK can be tested with no internet: point it at this
 * server with `{ host, port, protocol: 'http' }`. It keeps objects in memory, answers repeated
 * Idempotency-Keys with the first answer, expands what the adapter asks for, and records every
 * request. `payLatestInvoice` plays the browser's Stripe Elements confirming the first payment.
 * Test code only.
 */

export type RecordedRequest = {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | null;
  authorization: string | null;
  stripeVersion: string | null;
};

type Json = Record<string, unknown>;

/** Parses Stripe's form encoding (`items[0][price_data][unit_amount]=100`, `expand[0]=a`) into objects. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return arraysOf(root) as Record<string, unknown>;
}

/** Objects whose keys are 0..n-1 become arrays. */
function arraysOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, arraysOf(inner)] as const);
  const isList = entries.length > 0 && entries.every(([key], index) => key === String(index));
  return isList ? entries.map(([, inner]) => inner) : Object.fromEntries(entries);
}

export type FakeStripe = {
  endpoint: { host: string; port: number; protocol: 'http' };
  requests: RecordedRequest[];
  /** Marks a subscription's first invoice paid with a card, as Stripe does after Elements confirms it. */
  payLatestInvoice(subscriptionId: string, card?: { brand: string; last4: string }): void;
  /** Makes the product missing again (a fresh Stripe account). */
  subscriptions: Map<string, Json>;
  close(): Promise<void>;
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const products = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const paymentMethods = new Map<string, Json>();
  const answered = new Map<string, { status: number; body: Json }>();
  let sequence = 0;
  const nextId = (prefix: string) => `${prefix}_fake${String(++sequence).padStart(6, '0')}`;
  const now = () => Math.floor(Date.now() / 1000);

  function expanded(subscription: Json): Json {
    const items = subscription.items as { data: Json[] };
    const invoice = invoices.get(String(subscription.latest_invoice));
    const method = subscription.default_payment_method
      ? paymentMethods.get(String(subscription.default_payment_method))
      : null;
    return {
      ...subscription,
      latest_invoice: invoice ?? subscription.latest_invoice,
      default_payment_method: method ?? null,
      items: {
        ...items,
        data: items.data.map((item) => {
          const price = item.price as Json;
          return {
            ...item,
            price: { ...price, product: products.get(String(price.product)) ?? price.product },
          };
        }),
      },
    };
  }

  function error(status: number, code: string, message: string) {
    return { status, body: { error: { type: 'invalid_request_error', code, message } } };
  }

  function route(method: string, path: string, params: Json): { status: number; body: Json } {
    const [, , resource, id] = path.split('/');
    if (resource === 'products' && method === 'GET' && id) {
      const product = products.get(id);
      return product
        ? { status: 200, body: product }
        : error(404, 'resource_missing', `No such product: '${id}'`);
    }
    if (resource === 'products' && method === 'POST' && !id) {
      const productId = String(params.id ?? nextId('prod'));
      if (products.has(productId)) {
        return error(400, 'resource_already_exists', 'Product already exists.');
      }
      const product = {
        id: productId,
        object: 'product',
        name: params.name,
        description: params.description ?? null,
      };
      products.set(productId, product);
      return { status: 200, body: product };
    }
    if (resource === 'customers' && method === 'POST') {
      const customer = {
        id: nextId('cus'),
        object: 'customer',
        name: params.name,
        email: params.email,
        metadata: params.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (resource === 'subscriptions' && method === 'POST' && !id) {
      if (!customers.has(String(params.customer))) {
        return error(400, 'resource_missing', `No such customer: '${String(params.customer)}'`);
      }
      const [item] = params.items as Json[];
      const priceData = item?.price_data as Json;
      if (!products.has(String(priceData.product))) {
        return error(400, 'resource_missing', `No such product: '${String(priceData.product)}'`);
      }
      const subscriptionId = nextId('sub');
      const invoiceId = nextId('in');
      const intentId = nextId('pi');
      invoices.set(invoiceId, {
        id: invoiceId,
        object: 'invoice',
        status: 'open',
        confirmation_secret: { client_secret: `${intentId}_secret_fake`, type: 'payment_intent' },
      });
      const start = now();
      const subscription = {
        id: subscriptionId,
        object: 'subscription',
        customer: params.customer,
        status: params.payment_behavior === 'default_incomplete' ? 'incomplete' : 'active',
        canceled_at: null,
        latest_invoice: invoiceId,
        default_payment_method: null,
        metadata: params.metadata ?? {},
        items: {
          object: 'list',
          data: [
            {
              id: nextId('si'),
              object: 'subscription_item',
              quantity: Number(item?.quantity ?? 1),
              current_period_start: start,
              current_period_end: start + 30 * 86_400,
              price: {
                id: nextId('price'),
                object: 'price',
                currency: priceData.currency,
                unit_amount: Number(priceData.unit_amount),
                recurring: { interval: (priceData.recurring as Json).interval },
                product: priceData.product,
              },
            },
          ],
        },
      };
      subscriptions.set(subscriptionId, subscription);
      return { status: 200, body: expanded(subscription) };
    }
    if (resource === 'subscriptions' && id) {
      const subscription = subscriptions.get(id);
      if (!subscription) return error(404, 'resource_missing', `No such subscription: '${id}'`);
      if (method === 'GET') return { status: 200, body: expanded(subscription) };
      if (method === 'DELETE') {
        if (subscription.status === 'canceled') {
          return error(
            400,
            'subscription_canceled',
            'A canceled subscription can only update its cancellation_details and metadata.',
          );
        }
        subscription.status = 'canceled';
        subscription.canceled_at = now();
        return { status: 200, body: expanded(subscription) };
      }
    }
    return error(404, 'unknown_route', `Unrecognized request URL (${method}: ${path})`);
  }

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const body = await readBody(request);
    const params = { ...parseStripeForm(url.searchParams.toString()), ...parseStripeForm(body) };
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const method = request.method ?? 'GET';
    const idempotencyKey = header('idempotency-key');
    requests.push({
      method,
      path: url.pathname,
      params,
      idempotencyKey,
      authorization: header('authorization'),
      stripeVersion: header('stripe-version'),
    });
    const replayKey = idempotencyKey ? `${method} ${url.pathname} ${idempotencyKey}` : null;
    const answer = (replayKey ? answered.get(replayKey) : undefined) ?? route(method, url.pathname, params);
    if (replayKey && !answered.has(replayKey)) answered.set(replayKey, answer);
    response.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': `req_${sequence}`,
    });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    subscriptions,
    payLatestInvoice(subscriptionId, card = { brand: 'visa', last4: '4242' }) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`No fake subscription ${subscriptionId}`);
      const methodId = nextId('pm');
      paymentMethods.set(methodId, { id: methodId, object: 'payment_method', type: 'card', card });
      const invoice = invoices.get(String(subscription.latest_invoice));
      if (invoice) invoice.status = 'paid';
      subscription.status = 'active';
      subscription.default_payment_method = methodId;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
