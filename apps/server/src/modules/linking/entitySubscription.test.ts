import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposit, openDepositAccount } from '../../../test/bankingTestKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';
import { DELETE_PLAID_ITEM, linkPlaid, sandboxOf, syncLink } from '../../../test/linkingTestKit';
import { listenOnce, openSse, type SseResult, type SseSubscription } from '../../../test/sseTestKit';
import { publishEntityUpdate } from '../../realtime/entityEvents';

/**
 * EntitySubscription (spec §7) over SSE, on two servers of one database: a write on server A
 * (a bank linked, its login expired, a link deleted, money into a deposit account) reaches a subscriber
 * of the company on server B within 1 s, with the company's accounts as they are now.
 */

const SUBSCRIBE = `subscription($e: ID!) { entityWasUpdated(entityId: $e) {
  entityId reason apiFlags { qbo finch }
  accounts { accountId accountType name officialName mask subtype balances { current available } } } }`;

type UpdateAnswer = {
  entityId: string;
  reason: string;
  apiFlags: { qbo: boolean; finch: boolean };
  accounts: {
    accountId: string;
    accountType: string;
    name: string;
    officialName: string | null;
    mask: string | null;
    subtype: string | null;
    balances: { current: number | null; available: number | null };
  }[];
};

const updateOf = (result: SseResult) => result.data?.entityWasUpdated as UpdateAnswer | undefined;

/** Reads events until one has `reason`, answering it and how long it took. */
async function nextUpdate(subscription: SseSubscription, reason: string, timeoutMs = 3_000) {
  const startedAt = Date.now();
  for (;;) {
    const update = updateOf(await subscription.next(Math.max(1, startedAt + timeoutMs - Date.now())));
    if (update?.reason === reason) return { update, ms: Date.now() - startedAt };
  }
}

let a: TestApp;
let b: TestApp;
let urlB: string;
let acme: LedgerFixture;
let other: LedgerFixture;

beforeAll(async () => {
  a = await createTestApp({ env: { JOB_WORKER: 'false' } });
  b = await createTestApp({ sharedWith: a, env: { JOB_WORKER: 'false' } });
  urlB = await listenOnce(b);
  acme = await createLedgerFixture(a, 'Acme Subscribed');
  other = await createLedgerFixture(a, 'Other Co');
});
afterAll(async () => {
  await b.close();
  await a.close();
});

describe('entityWasUpdated (EntitySubscription) over SSE, across servers', () => {
  it('brings a subscriber on server B each change of the linked accounts made on server A, within 1 s', async () => {
    const subscription = await openSse(urlB, SUBSCRIBE, { e: acme.entityId }, acme.owner.token);
    expect(subscription.status).toBe(200);

    const item = await linkPlaid(a, acme);
    const linked = await nextUpdate(subscription, 'linkedAccounts');
    expect(linked.ms).toBeLessThan(1_000);
    expect(linked.update.entityId).toBe(acme.entityId);
    expect(linked.update.apiFlags).toEqual({ qbo: false, finch: false });
    expect(linked.update.accounts.map((account) => account.accountId).sort()).toEqual(
      item.accounts.map((account) => account.accountId).sort(),
    );
    const first = linked.update.accounts[0];
    const same = item.accounts.find((account) => account.accountId === first?.accountId);
    expect(first).toMatchObject({
      name: same?.name,
      mask: same?.mask,
      accountType: same?.accountType,
      subtype: same?.subtype,
      balances: { current: same?.balances.current },
    });

    // The login expires at the bank: the sync records the error, and the page hears it.
    await sandboxOf(a, 'plaid').forceLoginRequired(item.itemId);
    await syncLink(a, item.itemId).catch(() => undefined);
    await nextUpdate(subscription, 'linkedAccounts');

    const removed = await acme.gql(DELETE_PLAID_ITEM, { i: item.itemId });
    expect(removed.errors).toBeUndefined();
    const afterDelete = await nextUpdate(subscription, 'linkedAccounts');
    expect(afterDelete.update.accounts).toEqual([]);
    subscription.close();
  });

  it('tells the company when money moves in a deposit account', async () => {
    const account = await openDepositAccount(acme);
    const subscription = await openSse(urlB, SUBSCRIBE, { e: acme.entityId }, acme.owner.token);
    await deposit(a, account.id, 12_345, '2026-11-20');
    const moved = await nextUpdate(subscription, 'depositAccounts');
    expect(moved.ms).toBeLessThan(1_000);
    subscription.close();
  });

  it("refuses a stranger as a query does, and never brings a member another company's changes", async () => {
    const stranger = await openSse(urlB, SUBSCRIBE, { e: acme.entityId }, other.owner.token);
    const refused = await stranger.next();
    expect(refused.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    stranger.close();
    const anonymous = await openSse(urlB, SUBSCRIBE, { e: acme.entityId });
    expect((await anonymous.next()).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    anonymous.close();

    const inOther = await openSse(urlB, SUBSCRIBE, { e: other.entityId }, other.owner.token);
    await publishEntityUpdate(a.db, acme.entityId, 'apiFlags');
    await publishEntityUpdate(a.db, other.entityId, 'apiFlags');
    const heard = await nextUpdate(inOther, 'apiFlags');
    expect(heard.update.entityId).toBe(other.entityId);
    await expect(inOther.next(300)).rejects.toThrow();
    inOther.close();
  });
});
