import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, postJson } from '../../test/authKit';
import { createTestApp, type TestApp } from '../../test/harness';
import { createLedgerFixture, type LedgerFixture } from '../../test/ledgerTestKit';
import { linkPlaid } from '../../test/linkingTestKit';
import { listenOnce, openSse, type SseResult, type SseSubscription } from '../../test/sseTestKit';
import { DELETE_MEMBER, MEMBERS, UPDATE_MEMBER } from '../../test/teamTestKit';
import { memberships } from '../db/schema';
import { issueAccessToken } from '../modules/auth/tokens';
import { publishAccessChange } from '../realtime/accessEvents';
import { publishEntityUpdate } from '../realtime/entityEvents';

/**
 * A live subscription lasts only as long as its viewer's access, on every server: removing a member,
 * changing their role to one that may not read the books, signing a token out and changing a password
 * end that user's streams of the company as the change commits (a realtime message every server
 * hears), and since such a message may be lost, access is also read again before each event is sent.
 * Server A takes the writes; the streams are on server B unless said otherwise.
 */

const UPDATES = `subscription($e: ID!) { entityWasUpdated(entityId: $e) {
  entityId reason accounts { accountId name mask balances { current } } } }`;
const THREAD = `subscription($e: ID!, $th: ID!) { threadWasUpdated(entityId: $e, threadId: $th) {
  message { id status } } }`;
const ASK = `mutation($e: ID!, $c: String!) { createOpenaiMessage(entityId: $e, content: $c) { errors threadId } }`;
const CHANGE_PASSWORD = `mutation($c: String!, $n: String!) {
  updateUserPassword(currentPassword: $c, newPassword: $n) { success revokedSessions } }`;

type Update = { entityId: string; reason: string; accounts: { accountId: string; name: string }[] };
const updateOf = (result: SseResult) => result.data?.entityWasUpdated as Update | undefined;

/** How soon a stream must end once its viewer lost access (the old re-check waited up to 60 s). */
const AT_ONCE_MS = 1_500;

/**
 * What a stream brings until it ends or `timeoutMs` pass: its events (`data`), and whether it ended.
 * A stream that stays open past the timeout is closed here.
 */
async function readUntilEnd(stream: SseSubscription, timeoutMs = AT_ONCE_MS) {
  const events: SseResult[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      events.push(await stream.next(Math.max(1, deadline - Date.now())));
    } catch (error) {
      const ended = /ended/.test(String(error));
      if (!ended) stream.close();
      return { events, ended };
    }
  }
}

let a: TestApp;
let b: TestApp;
let urlA: string;
let urlB: string;
let acme: LedgerFixture;

beforeAll(async () => {
  a = await createTestApp({ env: { JOB_WORKER: 'false' } });
  // Two subscriptions per user on B, to show a stream that lost access gives its place back.
  b = await createTestApp({ sharedWith: a, env: { JOB_WORKER: 'false', MAX_SUBSCRIPTIONS_PER_USER: '2' } });
  urlA = await listenOnce(a);
  urlB = await listenOnce(b);
  acme = await createLedgerFixture(a, 'Acme Streams');
  // Linked accounts, so every update carries account names, masks and balances.
  await linkPlaid(a, acme);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/** The member id (for updateMember, deleteMember) of the token's user in the fixture's company. */
async function memberIdOf(fixture: LedgerFixture, token: string): Promise<string> {
  const me = await a.graphql<{ me: { id: string } }>('{ me { id } }', {}, token);
  const list = await fixture.gql<{ members: { id: string; user: { id: string } }[] }>(MEMBERS, {
    e: fixture.entityId,
  });
  const member = list.data?.members.find((row) => row.user.id === me.data?.me.id);
  if (!member) throw new Error('not a member');
  return member.id;
}

/** Publishes an update of the company and waits for the owner's own stream to bring it. */
async function updateHeardByOwner(fixture: LedgerFixture) {
  const owner = await openSse(urlB, UPDATES, { e: fixture.entityId }, fixture.owner.token);
  await publishEntityUpdate(a.db, fixture.entityId, 'linkedAccounts');
  const heard = updateOf(await owner.next());
  owner.close();
  expect(heard?.accounts.length).toBeGreaterThan(0);
}

describe('removing a member', () => {
  it('ends their streams of the company at once on both servers, before any further event', async () => {
    const adminToken = await acme.member('admin');
    const asked = await acme.gql<{ createOpenaiMessage: { threadId: string } }>(
      ASK,
      { e: acme.entityId, c: 'What is our cash?' },
      adminToken,
    );
    const threadId = asked.data?.createOpenaiMessage.threadId;
    expect(threadId).toBeTruthy();
    const onA = await openSse(urlA, UPDATES, { e: acme.entityId }, adminToken);
    const onB = await openSse(urlB, UPDATES, { e: acme.entityId }, adminToken);
    const thread = await openSse(urlB, THREAD, { e: acme.entityId, th: threadId }, adminToken);
    // While a member, the admin hears the company's accounts.
    await publishEntityUpdate(a.db, acme.entityId, 'linkedAccounts');
    for (const stream of [onA, onB])
      expect(updateOf(await stream.next())?.accounts.length).toBeGreaterThan(0);

    const removed = await acme.gql(DELETE_MEMBER, { id: await memberIdOf(acme, adminToken) });
    expect(removed.errors).toBeUndefined();
    // Nothing else happens in the company: the removal alone ends every stream of theirs.
    for (const stream of [onA, onB, thread])
      expect(await readUntilEnd(stream)).toEqual({ events: [], ended: true });
    await updateHeardByOwner(acme);
  });

  it('sends no account data to a member removed while a change was on its way', async () => {
    const adminToken = await acme.member('admin');
    const stream = await openSse(urlB, UPDATES, { e: acme.entityId }, adminToken);
    const removed = await acme.gql(DELETE_MEMBER, { id: await memberIdOf(acme, adminToken) });
    expect(removed.errors).toBeUndefined();
    await publishEntityUpdate(a.db, acme.entityId, 'linkedAccounts');
    expect(await readUntilEnd(stream)).toEqual({ events: [], ended: true });
  });

  it('gives back the places its streams held under the per-user cap', async () => {
    const other = await createLedgerFixture(a, 'Other Streams');
    const token = await acme.member('bookkeeper');
    const me = await a.graphql<{ me: { id: string } }>('{ me { id } }', {}, token);
    await a.db
      .insert(memberships)
      .values({ entityId: other.entityId, userId: me.data?.me.id as string, role: 'bookkeeper' });
    const held = [
      await openSse(urlB, UPDATES, { e: acme.entityId }, token),
      await openSse(urlB, UPDATES, { e: acme.entityId }, token),
    ];
    const refused = await openSse(urlB, UPDATES, { e: other.entityId }, token);
    expect((await refused.next()).errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');

    await acme.gql(DELETE_MEMBER, { id: await memberIdOf(acme, token) });
    for (const stream of held) expect((await readUntilEnd(stream)).ended).toBe(true);
    const again = [
      await openSse(urlB, UPDATES, { e: other.entityId }, token),
      await openSse(urlB, UPDATES, { e: other.entityId }, token),
    ];
    await publishEntityUpdate(a.db, other.entityId, 'apiFlags');
    for (const stream of again) expect(updateOf(await stream.next())?.reason).toBe('apiFlags');
    for (const stream of again) stream.close();
  });
});

describe('changing a member’s role', () => {
  it('keeps the stream of a role that may still read the books, and ends it at once for one that may not', async () => {
    const token = await acme.member('bookkeeper');
    const memberId = await memberIdOf(acme, token);
    const stream = await openSse(urlB, UPDATES, { e: acme.entityId }, token);
    const promoted = await acme.gql(UPDATE_MEMBER, { id: memberId, r: 'admin' });
    expect(promoted.errors).toBeUndefined();
    await publishEntityUpdate(a.db, acme.entityId, 'depositAccounts');
    expect(updateOf(await stream.next())?.reason).toBe('depositAccounts');

    // No team operation gives a card-only role yet; a write that does tells the user's streams as
    // updateMember does.
    await a.db.transaction(async (tx) => {
      const [row] = await tx
        .update(memberships)
        .set({ role: 'card_only' })
        .where(eq(memberships.id, memberId))
        .returning({ userId: memberships.userId });
      await publishAccessChange(tx, row?.userId as string, acme.entityId);
    });
    expect(await readUntilEnd(stream)).toEqual({ events: [], ended: true });
  });

  it('reads access again before each event, so a change whose message was lost still sends nothing', async () => {
    const token = await acme.member('bookkeeper');
    const memberId = await memberIdOf(acme, token);
    const stream = await openSse(urlB, UPDATES, { e: acme.entityId }, token);
    await publishEntityUpdate(a.db, acme.entityId, 'linkedAccounts');
    expect(updateOf(await stream.next())?.accounts.length).toBeGreaterThan(0);
    // Changed with no message at all (as if it were lost): the next event finds the role may not read.
    await a.db
      .update(memberships)
      .set({ role: 'card_only' })
      .where(and(eq(memberships.id, memberId), eq(memberships.entityId, acme.entityId)));
    await publishEntityUpdate(a.db, acme.entityId, 'linkedAccounts');
    expect(await readUntilEnd(stream)).toEqual({ events: [], ended: true });
  });
});

describe('revoking tokens', () => {
  /** A member of the company with a password and two sessions. */
  async function memberWithTwoSessions() {
    const user = await createUser(a);
    await a.db.insert(memberships).values({ entityId: acme.entityId, userId: user.id, role: 'bookkeeper' });
    const first = await issueAccessToken(a.db, a.clock, user.id, 24);
    const second = await issueAccessToken(a.db, a.clock, user.id, 24);
    return { user, first: first.token, second: second.token };
  }

  it('ends the streams of a signed-out token at once, and only those', async () => {
    const { first, second } = await memberWithTwoSessions();
    const signedOut = await openSse(urlB, UPDATES, { e: acme.entityId }, first);
    const stillIn = await openSse(urlB, UPDATES, { e: acme.entityId }, second);
    const response = await postJson(a, '/oauth/revoke', { token: first });
    expect(response.statusCode).toBe(200);
    expect(await readUntilEnd(signedOut)).toEqual({ events: [], ended: true });
    await publishEntityUpdate(a.db, acme.entityId, 'apiFlags');
    expect(updateOf(await stillIn.next())?.reason).toBe('apiFlags');
    stillIn.close();
  });

  it('ends the other sessions’ streams at once when the password changes', async () => {
    const { user, first, second } = await memberWithTwoSessions();
    const own = await openSse(urlB, UPDATES, { e: acme.entityId }, first);
    const other = await openSse(urlB, UPDATES, { e: acme.entityId }, second);
    const changed = await a.graphql<{ updateUserPassword: { success: boolean; revokedSessions: number } }>(
      CHANGE_PASSWORD,
      { c: user.password, n: 'a brand new passphrase' },
      first,
    );
    expect(changed.data?.updateUserPassword).toEqual({ success: true, revokedSessions: 1 });
    expect(await readUntilEnd(other)).toEqual({ events: [], ended: true });
    await publishEntityUpdate(a.db, acme.entityId, 'apiFlags');
    expect(updateOf(await own.next())?.reason).toBe('apiFlags');
    own.close();
  });
});
