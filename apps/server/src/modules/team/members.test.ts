import { permissionSummary, TEAM_MESSAGES } from '@keel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';
import { DELETE_MEMBER, MEMBERS, teamSnapshot, UPDATE_MEMBER } from '../../../test/teamTestKit';

let t: TestApp;
let acme: LedgerFixture;
let other: LedgerFixture;

type MemberRow = {
  id: string;
  role: string;
  editable: boolean;
  isViewer: boolean;
  user: { id: string; name: string; email: string };
  permissions: { capability: string; allowed: boolean }[];
};

beforeAll(async () => {
  t = await createTestApp();
  acme = await createLedgerFixture(t, 'Acme Members');
  other = await createLedgerFixture(t, 'Other Members');
});
afterAll(() => t.close());

async function members(fixture = acme, token = fixture.owner.token): Promise<MemberRow[]> {
  const result = await fixture.gql<{ members: MemberRow[] }>(MEMBERS, { e: fixture.entityId }, token);
  expect(result.errors).toBeUndefined();
  return result.data?.members ?? [];
}

/** A new member with the role: their token and their membership id. */
async function newMember(role: 'admin' | 'bookkeeper' | 'card_only' | 'custom', fixture = acme) {
  const token = await fixture.member(role);
  const me = await t.graphql<{ me: { id: string } }>('{ me { id } }', {}, token);
  const member = (await members(fixture)).find((row) => row.user.id === me.data?.me.id);
  if (!member) throw new Error('new member not listed');
  return { token, id: member.id };
}

const owner = async () => (await members()).find((row) => row.role === 'owner') as MemberRow;

describe('the team list', () => {
  it('lists the owner first, then admins, bookkeepers and card-only members, with what each role may do', async () => {
    await newMember('card_only');
    await newMember('bookkeeper');
    await newMember('admin');
    const list = await members();
    expect(list.map((row) => row.role)).toEqual(['owner', 'admin', 'bookkeeper', 'card_only']);
    expect(list[0]).toMatchObject({ editable: false, isViewer: true });
    expect(list.slice(1).every((row) => row.editable && !row.isViewer)).toBe(true);
    const bookkeeper = list.find((row) => row.role === 'bookkeeper');
    expect(bookkeeper?.permissions).toEqual(
      permissionSummary('bookkeeper').map(({ capability, allowed }) => ({ capability, allowed })),
    );
  });

  it('answers Member(id) to the company’s members, and another company’s member as not found', async () => {
    const { id } = await newMember('bookkeeper');
    const query = 'query($id: ID!) { member(id: $id) { id role user { email } } }';
    const mine = await acme.gql<{ member: { id: string } }>(query, { id });
    expect(mine.data?.member.id).toBe(id);
    for (const bad of [id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const result = await other.gql(query, { id: bad });
      expect(result.errors?.[0]).toMatchObject({
        message: TEAM_MESSAGES.memberNotFound,
        extensions: { code: 'NOT_FOUND' },
      });
    }
  });
});

describe('changing a member’s role', () => {
  it('makes a bookkeeper an admin and back, and a card-only member a bookkeeper', async () => {
    const bookkeeper = await newMember('bookkeeper');
    const promoted = await acme.gql(UPDATE_MEMBER, { id: bookkeeper.id, r: 'admin' });
    expect(promoted.data).toEqual({ updateMember: { id: bookkeeper.id, role: 'admin' } });
    // The new role counts at once: the former bookkeeper may now invite.
    const invites = await acme.gql(
      'mutation($e: ID!) { createInvite(entityId: $e, firstName: "A", lastName: "B", email: "promoted@example.com", role: "bookkeeper") { id } }',
      { e: acme.entityId },
      bookkeeper.token,
    );
    expect(invites.errors).toBeUndefined();
    const demoted = await acme.gql(UPDATE_MEMBER, { id: bookkeeper.id, r: 'bookkeeper' });
    expect(demoted.data).toEqual({ updateMember: { id: bookkeeper.id, role: 'bookkeeper' } });
    const card = await newMember('card_only');
    const carded = await acme.gql(UPDATE_MEMBER, { id: card.id, r: 'bookkeeper' });
    expect(carded.data).toEqual({ updateMember: { id: card.id, role: 'bookkeeper' } });
  });

  it("never changes the owner's role, whoever asks", async () => {
    const admin = await newMember('admin');
    const before = await teamSnapshot(t.db, acme.entityId);
    for (const token of [acme.owner.token, admin.token]) {
      const result = await acme.gql(UPDATE_MEMBER, { id: (await owner()).id, r: 'bookkeeper' }, token);
      expect(result.errors?.[0]).toMatchObject({
        message: TEAM_MESSAGES.ownerNotEditable,
        extensions: { code: 'BAD_USER_INPUT', field: 'id' },
      });
    }
    expect(await teamSnapshot(t.db, acme.entityId)).toEqual(before);
  });

  it.each([
    ['blank', '', TEAM_MESSAGES.selectRole],
    ['owner', 'owner', TEAM_MESSAGES.invalidRole],
    ['card_only', 'card_only', TEAM_MESSAGES.invalidRole],
    ['a 300-character role', 'x'.repeat(300), 'Role must be at most 255 characters'],
  ])('refuses the role %s, naming the field', async (_case, role, message) => {
    const { id } = await newMember('bookkeeper');
    const result = await acme.gql(UPDATE_MEMBER, { id, r: role });
    expect(result.errors?.[0]).toMatchObject({
      message,
      extensions: { code: 'BAD_USER_INPUT', field: 'role' },
    });
  });

  it('refuses a bookkeeper (FORBIDDEN) and another company (not found), changing nothing', async () => {
    const target = await newMember('bookkeeper');
    const bookkeeper = await newMember('bookkeeper');
    const before = await teamSnapshot(t.db, acme.entityId);
    const forbidden = await acme.gql(UPDATE_MEMBER, { id: target.id, r: 'admin' }, bookkeeper.token);
    expect(forbidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const foreign = await other.gql(UPDATE_MEMBER, { id: target.id, r: 'admin' });
    expect(foreign.errors?.[0]).toMatchObject({
      message: TEAM_MESSAGES.memberNotFound,
      extensions: { code: 'NOT_FOUND' },
    });
    expect(await teamSnapshot(t.db, acme.entityId)).toEqual(before);
  });
});

describe('removing a member', () => {
  it('removes the member, who loses access to the company at once', async () => {
    const leaving = await newMember('admin');
    const entity = 'query($id: ID!) { entity(id: $id) { name } }';
    expect((await t.graphql(entity, { id: acme.entityId }, leaving.token)).errors).toBeUndefined();
    const removed = await acme.gql(DELETE_MEMBER, { id: leaving.id });
    expect(removed.data).toEqual({ deleteMember: leaving.id });
    expect((await members()).some((row) => row.id === leaving.id)).toBe(false);
    const after = await t.graphql(entity, { id: acme.entityId }, leaving.token);
    expect(after.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    // The account itself stays.
    expect((await t.graphql('{ me { id } }', {}, leaving.token)).errors).toBeUndefined();
    const twice = await acme.gql(DELETE_MEMBER, { id: leaving.id });
    expect(twice.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('never removes the owner, and refuses bookkeepers and other companies', async () => {
    const target = await newMember('bookkeeper');
    const bookkeeper = await newMember('bookkeeper');
    const before = await teamSnapshot(t.db, acme.entityId);
    const ownerRemoved = await acme.gql(DELETE_MEMBER, { id: (await owner()).id });
    expect(ownerRemoved.errors?.[0]).toMatchObject({
      message: TEAM_MESSAGES.ownerNotRemovable,
      extensions: { code: 'BAD_USER_INPUT', field: 'id' },
    });
    const forbidden = await acme.gql(DELETE_MEMBER, { id: target.id }, bookkeeper.token);
    expect(forbidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const foreign = await other.gql(DELETE_MEMBER, { id: target.id });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await teamSnapshot(t.db, acme.entityId)).toEqual(before);
  });
});
