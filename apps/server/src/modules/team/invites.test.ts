import { INVITE_TTL_DAYS, TEAM_MESSAGES } from '@keel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestOutbox, outboxOf, postJson, uniqueEmail } from '../../../test/authKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';
import {
  APPROVE_INVITE,
  CREATE_INVITE,
  DECLINE_INVITE,
  DELETE_INVITE,
  INVITES,
  invite,
  inviteTokenIn,
  MEMBERS,
  teamSnapshot,
} from '../../../test/teamTestKit';
import { createSignedInUser } from '../../../test/users';
import { invites, users } from '../../db/schema';
import { issueAccessToken } from '../auth/tokens';

let t: TestApp;
let acme: LedgerFixture;
let other: LedgerFixture;
let adminToken: string;
let address = 0;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createLedgerFixture(t, 'Acme Invites');
  other = await createLedgerFixture(t, 'Other Invites');
  adminToken = await acme.member('admin');
});
afterAll(() => t.close());

/** Signs up through the REST route (a fresh client address each time, under the sign-up limit). */
async function signUp(email: string, inviteToken?: string) {
  address += 1;
  return postJson(
    t,
    '/api/v1/users',
    { user: { email, password: 'a long enough password', name: 'Ada Lovelace', invite_token: inviteToken } },
    { remoteAddress: `10.9.${Math.floor(address / 250)}.${address % 250}` },
  );
}

type InviteRow = {
  id: string;
  email: string;
  status: string;
  requireApproval: boolean;
  recipientId: string | null;
  approverId: string | null;
  sender: { email: string } | null;
};

async function openInvites(fixture = acme, token = fixture.owner.token) {
  const result = await fixture.gql<{ invites: InviteRow[] }>(INVITES, { e: fixture.entityId }, token);
  expect(result.errors).toBeUndefined();
  return result.data?.invites ?? [];
}

async function roleIn(fixture: LedgerFixture, email: string): Promise<string | null> {
  const result = await fixture.gql<{ members: { role: string; user: { email: string } }[] }>(MEMBERS, {
    e: fixture.entityId,
  });
  return result.data?.members.find((member) => member.user.email === email)?.role ?? null;
}

describe('inviting a team member', () => {
  it('emails a sign-up link with the invite_token; signing up with it joins the company with the role', async () => {
    const email = uniqueEmail('invitee');
    const sent = await invite(acme, email.toUpperCase(), 'admin');
    expect(sent).toMatchObject({ email, requireApproval: false });
    const mail = await latestOutbox(t, email);
    expect(mail?.subject).toMatch(/invited you to Acme Invites on Keel/);
    expect(mail?.body).toContain(`${t.config.APP_URL}/signup?invite_token=`);
    const token = inviteTokenIn(mail?.body ?? '');
    // Only the token's hash is kept.
    const [row] = await t.db.select().from(invites).where(eq(invites.id, sent.id));
    expect(JSON.stringify(row)).not.toContain(token);
    expect((await openInvites()).find((open) => open.id === sent.id)).toMatchObject({ status: 'pending' });

    const response = await signUp(email, token);
    expect(response.statusCode).toBe(201);
    expect(response.json().invitation).toEqual({ entity_id: acme.entityId, status: 'joined' });
    expect(await roleIn(acme, email)).toBe('admin');
    // Done: no longer listed, and the link works once.
    expect((await openInvites()).some((open) => open.id === sent.id)).toBe(false);
    const again = await signUp(uniqueEmail('again'), token);
    expect(again.statusCode).toBe(422);
  });

  it('lets a person who has an account already accept the invitation while signed in', async () => {
    const person = await createSignedInUser(t, uniqueEmail('existing'));
    await invite(acme, person.user.email, 'bookkeeper');
    const token = inviteTokenIn((await latestOutbox(t, person.user.email))?.body ?? '');
    const accept = 'mutation($k: String!) { acceptInvite(token: $k) { entityId entityName status } }';
    const stranger = await createSignedInUser(t, uniqueEmail('stranger'));
    const wrongPerson = await t.graphql(accept, { k: token }, stranger.token);
    expect(wrongPerson.errors?.[0]).toMatchObject({
      message: TEAM_MESSAGES.inviteInvalid,
      extensions: { code: 'NOT_FOUND' },
    });
    const accepted = await t.graphql(accept, { k: token }, person.token);
    expect(accepted.data).toEqual({
      acceptInvite: { entityId: acme.entityId, entityName: 'Acme Invites', status: 'joined' },
    });
    expect(await roleIn(acme, person.user.email)).toBe('bookkeeper');
    const twice = await t.graphql(accept, { k: token }, person.token);
    expect(twice.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('confirms the address of a signed-in person who accepts an invitation sent to it, and only then', async () => {
    // A session of an account whose address nobody confirmed (made before confirmation existed).
    const person = await createSignedInUser(t, uniqueEmail('unconfirmed'));
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, person.user.id));
    const stranger = await createSignedInUser(t, uniqueEmail('stranger'));
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, stranger.user.id));
    await invite(acme, person.user.email, 'bookkeeper');
    const token = inviteTokenIn((await latestOutbox(t, person.user.email))?.body ?? '');
    const accept = 'mutation($k: String!) { acceptInvite(token: $k) { status } }';
    expect((await t.graphql(accept, { k: token }, stranger.token)).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
    const verifiedAt = async (id: string) =>
      (await t.db.select().from(users).where(eq(users.id, id)))[0]?.emailVerifiedAt ?? null;
    expect(await verifiedAt(stranger.user.id)).toBeNull();
    expect((await t.graphql(accept, { k: token }, person.token)).data).toEqual({
      acceptInvite: { status: 'joined' },
    });
    expect(await verifiedAt(person.user.id)).toEqual(t.clock.now());
  });

  it('refuses someone already on the team, and a second open invitation to one email', async () => {
    const email = uniqueEmail('twice');
    await invite(acme, email);
    const before = await teamSnapshot(t.db, acme.entityId);
    const again = await acme.gql(CREATE_INVITE, {
      e: acme.entityId,
      f: 'Ada',
      l: 'Lovelace',
      m: `  ${email.toUpperCase()} `,
      r: 'admin',
    });
    expect(again.errors?.[0]).toMatchObject({
      message: TEAM_MESSAGES.alreadyInvited,
      extensions: { code: 'BAD_USER_INPUT', field: 'email' },
    });
    const owner = await acme.gql(CREATE_INVITE, {
      e: acme.entityId,
      f: 'Ada',
      l: 'Lovelace',
      m: acme.owner.user.email,
      r: 'admin',
    });
    expect(owner.errors?.[0]).toMatchObject({
      message: TEAM_MESSAGES.alreadyMember,
      extensions: { code: 'BAD_USER_INPUT', field: 'email' },
    });
    expect(await teamSnapshot(t.db, acme.entityId)).toEqual(before);
  });

  it.each([
    ['a blank first name', { f: '  ' }, 'firstName', 'First name is required'],
    [
      'a 37-character first name',
      { f: 'x'.repeat(37) },
      'firstName',
      'First name must be at most 36 characters',
    ],
    [
      'a 41-character last name',
      { l: 'x'.repeat(41) },
      'lastName',
      'Last name must be at most 40 characters',
    ],
    ['a malformed email', { m: 'not-an-email' }, 'email', 'Invalid email'],
    [
      'a 300-character email',
      { m: `${'x'.repeat(290)}@ex.com` },
      'email',
      'Email must be at most 254 characters',
    ],
    ['a blank role', { r: '' }, 'role', TEAM_MESSAGES.selectRole],
    ['the owner role', { r: 'owner' }, 'role', TEAM_MESSAGES.invalidRole],
    ['a 10 kB name', { f: 'x'.repeat(10_240) }, 'firstName', 'First name must be at most 255 characters'],
    ['a NUL in the name', { l: 'Love\u0000lace' }, 'lastName', 'Last name must not contain NUL characters'],
  ])('refuses %s, naming the field, and sends nothing', async (_case, change, field, message) => {
    const email = uniqueEmail('bad');
    const before = await teamSnapshot(t.db, acme.entityId);
    const result = await acme.gql(CREATE_INVITE, {
      e: acme.entityId,
      f: 'Ada',
      l: 'Lovelace',
      m: email,
      r: 'bookkeeper',
      ...change,
    });
    expect(result.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', field } });
    expect(await teamSnapshot(t.db, acme.entityId)).toEqual(before);
    expect(await outboxOf(t, email)).toEqual([]);
  });

  it('refuses a bookkeeper, and a member of another company as if the company did not exist', async () => {
    const bookkeeper = await acme.member('bookkeeper');
    const variables = { e: acme.entityId, f: 'Ada', l: 'Lovelace', m: uniqueEmail('x'), r: 'admin' };
    const refused = await acme.gql(CREATE_INVITE, variables, bookkeeper);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const foreign = await acme.gql(CREATE_INVITE, variables, other.owner.token);
    expect(foreign.errors?.[0]).toMatchObject({
      message: 'Entity not found',
      extensions: { code: 'NOT_FOUND' },
    });
  });

  it("answers another company's invitation as not found, for every action on it", async () => {
    const theirs = await invite(other, uniqueEmail('theirs'), 'admin', await other.member('admin'));
    for (const mutation of [APPROVE_INVITE, DECLINE_INVITE, DELETE_INVITE]) {
      const result = await acme.gql(mutation, { id: theirs.id });
      expect(result.errors?.[0]).toMatchObject({
        message: TEAM_MESSAGES.inviteNotFound,
        extensions: { code: 'NOT_FOUND' },
      });
    }
    expect((await openInvites(other)).some((open) => open.id === theirs.id)).toBe(true);
  });

  it('removes an open invitation: it is no longer listed and its link stops working', async () => {
    const email = uniqueEmail('removed');
    const sent = await invite(acme, email);
    const token = inviteTokenIn((await latestOutbox(t, email))?.body ?? '');
    expect((await acme.gql(DELETE_INVITE, { id: sent.id })).data).toEqual({ deleteInvite: sent.id });
    expect((await openInvites()).some((open) => open.id === sent.id)).toBe(false);
    expect((await signUp(email, token)).statusCode).toBe(422);
    const again = await acme.gql(DELETE_INVITE, { id: sent.id });
    expect(again.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('limits invitation emails to 30 an hour per company', async () => {
    const crowd = await createLedgerFixture(t, 'Crowd Co');
    for (let i = 0; i < 30; i += 1) await invite(crowd, uniqueEmail(`crowd${i}`));
    const refused = await crowd.gql(CREATE_INVITE, {
      e: crowd.entityId,
      f: 'Ada',
      l: 'Lovelace',
      m: uniqueEmail('one-too-many'),
      r: 'bookkeeper',
    });
    expect(refused.errors?.[0]).toMatchObject({
      message: TEAM_MESSAGES.tooManyInviteEmails,
      extensions: { code: 'TOO_MANY_REQUESTS' },
    });
    t.clock.advance(60 * 60_000 + 1_000);
    await invite(crowd, uniqueEmail('next-hour'));
  });
});

describe('invitations that need approval (spec §4)', () => {
  it("needs another owner's or admin's approval when an admin sends it; the person waits until then", async () => {
    const email = uniqueEmail('approval');
    const sent = await invite(acme, email, 'bookkeeper', adminToken);
    expect(sent.requireApproval).toBe(true);
    const mail = await latestOutbox(t, email);
    expect(mail?.body).toContain('approves new members');
    const response = await signUp(email, inviteTokenIn(mail?.body ?? ''));
    expect(response.statusCode).toBe(201);
    expect(response.json().invitation).toEqual({ entity_id: acme.entityId, status: 'awaiting_approval' });
    expect(await roleIn(acme, email)).toBeNull();
    const personToken = response.json().auth.access_token;
    const entities = await t.graphql<{ entities: unknown[] }>('{ entities { id } }', {}, personToken);
    expect(entities.data?.entities).toEqual([]);
    const waiting = (await openInvites()).find((open) => open.id === sent.id);
    expect(waiting).toMatchObject({ status: 'awaiting_approval', recipientId: response.json().user.id });

    // The admin who sent it cannot approve it alone.
    const own = await acme.gql(APPROVE_INVITE, { id: sent.id }, adminToken);
    expect(own.errors?.[0]).toMatchObject({
      message: TEAM_MESSAGES.approveOwnInvite,
      extensions: { code: 'FORBIDDEN' },
    });
    const approved = await acme.gql<{
      approveInvite: { invite: { status: string; approverId: string }; member: { role: string } | null };
    }>(APPROVE_INVITE, { id: sent.id });
    expect(approved.errors).toBeUndefined();
    expect(approved.data?.approveInvite).toMatchObject({
      invite: { status: 'accepted', approverId: acme.owner.user.id },
      member: { role: 'bookkeeper', user: { email } },
    });
    expect(await roleIn(acme, email)).toBe('bookkeeper');
    // The waiting page promised an email once it is approved.
    const joined = await latestOutbox(t, email);
    expect(joined?.subject).toBe('You have joined Acme Invites on Keel');
    expect(joined?.body).toContain('you are now a bookkeeper of Acme Invites');
    expect((await openInvites()).some((open) => open.id === sent.id)).toBe(false);
    const twice = await acme.gql(APPROVE_INVITE, { id: sent.id });
    expect(twice.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('lets the person join at sign-up when the invitation was approved before', async () => {
    const email = uniqueEmail('preapproved');
    const sent = await invite(acme, email, 'admin', adminToken);
    const approved = await acme.gql<{ approveInvite: { invite: { status: string }; member: null } }>(
      APPROVE_INVITE,
      { id: sent.id },
    );
    expect(approved.data?.approveInvite).toMatchObject({ invite: { status: 'pending' }, member: null });
    const response = await signUp(email, inviteTokenIn((await latestOutbox(t, email))?.body ?? ''));
    expect(response.json().invitation.status).toBe('joined');
    expect(await roleIn(acme, email)).toBe('admin');
  });

  it('declines: the person does not join and is told by email; their account stays', async () => {
    const email = uniqueEmail('declined');
    const sent = await invite(acme, email, 'admin', adminToken);
    const response = await signUp(email, inviteTokenIn((await latestOutbox(t, email))?.body ?? ''));
    expect(response.statusCode).toBe(201);
    expect((await acme.gql(DECLINE_INVITE, { id: sent.id })).data).toEqual({ declineInvite: sent.id });
    expect(await roleIn(acme, email)).toBeNull();
    expect((await openInvites()).some((open) => open.id === sent.id)).toBe(false);
    expect((await latestOutbox(t, email))?.subject).toBe('Your invitation to Acme Invites was declined');
    const approveLater = await acme.gql(APPROVE_INVITE, { id: sent.id });
    expect(approveLater.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses to approve or decline an invitation that needs no approval', async () => {
    const sent = await invite(acme, uniqueEmail('owner-sent'));
    expect(sent.requireApproval).toBe(false);
    for (const [mutation, code] of [
      [APPROVE_INVITE, 'BAD_USER_INPUT'],
      [DECLINE_INVITE, 'BAD_USER_INPUT'],
    ] as const) {
      const result = await acme.gql(mutation, { id: sent.id });
      expect(result.errors?.[0]).toMatchObject({
        message: TEAM_MESSAGES.approvalNotNeeded,
        extensions: { code, field: 'id' },
      });
    }
  });

  it('lists invitations to bookkeepers too, never to card-only members', async () => {
    const bookkeeper = await acme.member('bookkeeper');
    expect((await openInvites(acme, bookkeeper)).length).toBeGreaterThan(0);
    const card = await acme.gql(INVITES, { e: acme.entityId }, await acme.member('card_only'));
    expect(card.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('expiry', () => {
  // Last: it moves the clock past every test token's lifetime.
  it('refuses an expired link at sign-up, creating nothing', async () => {
    const email = uniqueEmail('late');
    await invite(acme, email);
    const token = inviteTokenIn((await latestOutbox(t, email))?.body ?? '');
    t.clock.advance(INVITE_TTL_DAYS * 86_400_000 + 1_000);
    const late = await signUp(email, token);
    expect(late.statusCode).toBe(422);
    const { token: ownerToken } = await issueAccessToken(t.db, t.clock, acme.owner.user.id, 24);
    const listed = (await openInvites(acme, ownerToken)).find((open) => open.email === email);
    expect(listed?.status).toBe('expired');
    // Inviting the person again replaces the expired invitation, with a new link that works.
    const renewed = await invite(acme, email, 'bookkeeper', ownerToken);
    const open = (await openInvites(acme, ownerToken)).filter((row) => row.email === email);
    expect(open.map((row) => [row.id, row.status])).toEqual([[renewed.id, 'pending']]);
    const joined = await signUp(email, inviteTokenIn((await latestOutbox(t, email))?.body ?? ''));
    expect(joined.json().invitation?.status).toBe('joined');
  });
});
