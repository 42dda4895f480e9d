import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createJobsCompany } from '../../test/jobsTestKit';
import { eventually, listenOnce, openSse, type SseSubscription } from '../../test/sseTestKit';
import { enqueueJob } from '../jobs/enqueueJob';
import { clientAddressKey } from './clientAddressKey';

/**
 * The caps on open live subscriptions (SSE streams), over real HTTP: per user and per client address,
 * on each server, refused with TOO_MANY_REQUESTS, and given back whenever a stream ends. Before them,
 * one user could open the server's 10,000 and every other user's subscription was refused.
 */

const JOBS = `subscription($e: ID!) { entityJobWasUpdated(entityId: $e) { jobStatus { id status } } }`;
const UPDATES = `subscription($e: ID!) { entityWasUpdated(entityId: $e) { entityId reason } }`;

type Company = Awaited<ReturnType<typeof createJobsCompany>>;

let addressCount = 0;
/** A client address no other test uses (the test apps believe X-Forwarded-For: TRUST_PROXY). */
const freshAddress = () => `198.51.100.${++addressCount}`;
const from = (address: string) => ({ 'x-forwarded-for': address });

/** Opens a subscription and waits for the server's answer to it: open (200, no error yet) or refused. */
async function subscribe(url: string, query: string, entityId: string, token: string, address: string) {
  const stream = await openSse(url, query, { e: entityId }, token, from(address));
  expect(stream.status).toBe(200);
  return stream;
}

/** The refusal a subscription answered with at once, or null when it stays open with nothing to say. */
async function refusalOf(stream: SseSubscription): Promise<{ code?: string; message: string } | null> {
  try {
    const first = await stream.next(300);
    const error = first.errors?.[0];
    return error ? { code: error.extensions?.code, message: error.message } : null;
  } catch (error) {
    if (/No SSE event/.test(String(error))) return null;
    throw error;
  }
}

/** Opens `n` subscriptions that must all stay open. */
async function openMany(n: number, open: () => Promise<SseSubscription>): Promise<SseSubscription[]> {
  const streams: SseSubscription[] = [];
  for (let i = 0; i < n; i += 1) streams.push(await open());
  // Refusals come at once; none of these may be one.
  for (const refusal of await Promise.all(streams.map(refusalOf))) expect(refusal).toBeNull();
  return streams;
}

const closeAll = (streams: SseSubscription[]) => {
  for (const stream of streams) stream.close();
};

/** The next job status a jobs stream brings. */
async function nextJobId(stream: SseSubscription): Promise<string | undefined> {
  const result = await stream.next();
  return (result.data?.entityJobWasUpdated as { jobStatus: { id: string } } | undefined)?.jobStatus.id;
}

describe('subscription caps at their defaults (20 per user, 60 per address)', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { JOB_WORKER: 'false', TRUST_PROXY: 'true' } });
    url = await listenOnce(t);
  });
  afterAll(() => t.close());

  it('refuses a user’s 21st subscription with TOO_MANY_REQUESTS while another user still subscribes and hears events', async () => {
    const x = await createJobsCompany(t, 'Greedy Co');
    const y = await createJobsCompany(t, 'Patient Co');
    const address = freshAddress();
    // Across subscription fields: the cap counts the user's streams, whatever they watch.
    const held = [
      ...(await openMany(10, () => subscribe(url, JOBS, x.entityId, x.owner.token, address))),
      ...(await openMany(10, () => subscribe(url, UPDATES, x.entityId, x.owner.token, address))),
    ];
    for (const query of [JOBS, UPDATES]) {
      const refused = await subscribe(url, query, x.entityId, x.owner.token, freshAddress());
      expect(await refusalOf(refused)).toEqual({
        code: 'TOO_MANY_REQUESTS',
        message: expect.stringMatching(/^You have 20 live updates open/),
      });
      await refused.ended;
    }

    // Another user, even from the same address, subscribes and is served.
    const other = await subscribe(url, JOBS, y.entityId, y.owner.token, address);
    expect(await refusalOf(other)).toBeNull();
    const job = await enqueueJob(t.db, { entityId: y.entityId, type: 'Quiet' });
    expect(await nextJobId(other)).toBe(job.id);
    // The greedy user's open streams carry on too.
    const theirs = await enqueueJob(t.db, { entityId: x.entityId, type: 'Quiet' });
    expect(await nextJobId(held[0] as SseSubscription)).toBe(theirs.id);
    other.close();
    closeAll(held);
  });

  it('refuses the 61st subscription from one address, whoever asks, and serves other addresses', async () => {
    const companies: Company[] = [];
    for (let i = 0; i < 4; i += 1) companies.push(await createJobsCompany(t, `Office ${i}`));
    const office = freshAddress();
    const held: SseSubscription[] = [];
    for (const company of companies.slice(0, 3)) {
      held.push(
        ...(await openMany(20, () => subscribe(url, JOBS, company.entityId, company.owner.token, office))),
      );
    }
    const fourth = companies[3] as Company;
    const refused = await subscribe(url, JOBS, fourth.entityId, fourth.owner.token, office);
    expect(await refusalOf(refused)).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Your network has 60 live updates open/),
    });
    const elsewhere = await subscribe(url, JOBS, fourth.entityId, fourth.owner.token, freshAddress());
    expect(await refusalOf(elsewhere)).toBeNull();
    elsewhere.close();
    closeAll(held);
  });
});

describe('subscription caps, small (2 per user, 3 per address), and their release', () => {
  let t: TestApp;
  let url: string;
  let x: Company;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        JOB_WORKER: 'false',
        TRUST_PROXY: 'true',
        MAX_SUBSCRIPTIONS_PER_USER: '2',
        MAX_SUBSCRIPTIONS_PER_ADDRESS: '3',
      },
    });
    url = await listenOnce(t);
    x = await createJobsCompany(t, 'Released Co');
  });
  afterAll(() => t.close());

  const isRefused = async (stream: SseSubscription) =>
    (await refusalOf(stream))?.code === 'TOO_MANY_REQUESTS';

  it('gives a place back when a client disconnects, exactly once', async () => {
    const address = freshAddress();
    const open = () => subscribe(url, JOBS, x.entityId, x.owner.token, address);
    const [first, second] = await openMany(2, open);
    expect(await isRefused(await open())).toBe(true);
    first?.close();
    // Once the server has noticed the disconnect, one place is free: one more opens, the next does not.
    let third: SseSubscription | undefined;
    await eventually(async () => {
      const attempt = await open();
      if (await isRefused(attempt)) return false;
      third = attempt;
      return true;
    });
    expect(await isRefused(await open())).toBe(true);
    second?.close();
    third?.close();
    // All given back: two open again.
    await eventually(async () => {
      const attempt = await open();
      const refused = await isRefused(attempt);
      attempt.close();
      return !refused;
    });
    await eventually(() => t.app.realtime.subscriberCount === 0);
    closeAll(await openMany(2, open));
  });

  it('gives a place back when a subscription is refused after taking one, or cannot stream', async () => {
    const stranger = await createJobsCompany(t, 'Foreign Co');
    const address = freshAddress();
    // Not a member: NOT_FOUND, five times over, each after the cap counted it.
    for (let i = 0; i < 5; i += 1) {
      const refused = await subscribe(url, JOBS, stranger.entityId, x.owner.token, address);
      expect(await refusalOf(refused)).toMatchObject({ code: 'NOT_FOUND' });
    }
    // Asked for as JSON, which cannot carry a stream: 406, and the subscription is let go.
    for (let i = 0; i < 3; i += 1) {
      const asJson = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        remoteAddress: '127.0.0.1',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Bearer ${x.owner.token}`,
          ...from(address),
        },
        payload: JSON.stringify({ query: JOBS, variables: { e: x.entityId } }),
      });
      expect(asJson.statusCode).toBe(406);
    }
    await eventually(() => t.app.realtime.subscriberCount === 0);
    // Both places are free again, and no more than both.
    const open = () => subscribe(url, JOBS, x.entityId, x.owner.token, address);
    const held = await openMany(2, open);
    expect(await isRefused(await open())).toBe(true);
    closeAll(held);
  });

  it('counts an IPv6 /64 as one address', async () => {
    const users = [x, await createJobsCompany(t, 'Six A'), await createJobsCompany(t, 'Six B')];
    const [a, b, c] = users as [Company, Company, Company];
    await eventually(() => t.app.realtime.subscriberCount === 0);
    const held = [
      ...(await openMany(2, () => subscribe(url, JOBS, a.entityId, a.owner.token, '2001:db8:7:1::a'))),
      await subscribe(url, JOBS, b.entityId, b.owner.token, '2001:db8:7:1:ffff:ffff:ffff:fffe'),
    ];
    expect(await refusalOf(held[2] as SseSubscription)).toBeNull();
    const sameNetwork = await subscribe(url, JOBS, c.entityId, c.owner.token, '2001:0db8:0007:0001::1');
    expect(await refusalOf(sameNetwork)).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const nextNetwork = await subscribe(url, JOBS, c.entityId, c.owner.token, '2001:db8:7:2::1');
    expect(await refusalOf(nextNetwork)).toBeNull();
    nextNetwork.close();
    closeAll(held);
  });

  it('never refuses an anonymous subscription as too many: it is UNAUTHENTICATED first', async () => {
    const address = freshAddress();
    for (let i = 0; i < 4; i += 1) {
      const anonymous = await openSse(url, JOBS, { e: x.entityId }, undefined, from(address));
      expect(await refusalOf(anonymous)).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });
});

describe('the client address a cap counts', () => {
  it('keeps IPv4 as it is, unwraps IPv4-mapped IPv6, and takes the /64 of IPv6', () => {
    expect(clientAddressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('2001:db8:7:1::a')).toBe('2001:db8:7:1::/64');
    expect(clientAddressKey('2001:0DB8:0007:0001:ffff:0:0:1')).toBe('2001:db8:7:1::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(clientAddressKey(null)).toBeNull();
  });
});
