import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { queryRows } from '../src/db/queryRows';
import type { LedgerFixture } from './ledgerTestKit';

/** Test support for the team, profile and security suites (test code only). */

export const INVITES = `query($e: ID!) { invites(entityId: $e) {
  id email firstName lastName role status requireApproval approverId recipientId
  sender { id name email } recipient { id email } expiresAt } }`;
export const MEMBERS = `query($e: ID!) { members(entityId: $e) {
  id role editable isViewer user { id name email } permissions { capability allowed } } }`;
export const CREATE_INVITE = `mutation($e: ID!, $f: String!, $l: String!, $m: String!, $r: String!) {
  createInvite(entityId: $e, firstName: $f, lastName: $l, email: $m, role: $r) {
    id email role status requireApproval sender { email } } }`;
export const APPROVE_INVITE = `mutation($id: ID!) { approveInvite(id: $id) {
  invite { id status approverId } member { id role user { email } } } }`;
export const DECLINE_INVITE = 'mutation($id: ID!) { declineInvite(id: $id) }';
export const DELETE_INVITE = 'mutation($id: ID!) { deleteInvite(id: $id) }';
export const UPDATE_MEMBER =
  'mutation($id: ID!, $r: String!) { updateMember(id: $id, role: $r) { id role } }';
export const DELETE_MEMBER = 'mutation($id: ID!) { deleteMember(id: $id) }';

/** The company's team: what a refused team write must leave as it was. */
export async function teamSnapshot(db: Db, entityId: string) {
  const [row] = await queryRows<Record<string, string | null>>(
    db,
    sql`SELECT
      (SELECT string_agg(user_id || ':' || role, ',' ORDER BY user_id) FROM memberships WHERE entity_id = ${entityId}::uuid) AS members,
      (SELECT string_agg(id || ':' || email || ':' || role || ':' || coalesce(accepted_at::text, '') || ':' || coalesce(approved_at::text, ''), ',' ORDER BY id)
         FROM invites WHERE entity_id = ${entityId}::uuid) AS invites`,
  );
  return row;
}

type Invited = { id: string; requireApproval: boolean };

/** Sends an invitation as the token's holder (the fixture's owner by default); throws on errors. */
export async function invite(
  fixture: LedgerFixture,
  email: string,
  role: 'admin' | 'bookkeeper' = 'bookkeeper',
  token = fixture.owner.token,
): Promise<Invited> {
  const result = await fixture.gql<{ createInvite: Invited }>(
    CREATE_INVITE,
    { e: fixture.entityId, f: 'Ada', l: 'Lovelace', m: email, r: role },
    token,
  );
  if (!result.data?.createInvite) throw new Error(`createInvite: ${JSON.stringify(result.errors)}`);
  return result.data.createInvite;
}

/** The invite_token of the newest invitation email to this address, read from the sandbox outbox. */
export function inviteTokenIn(body: string): string {
  const match = /\/signup\?invite_token=([A-Za-z0-9_%-]+)/.exec(body);
  if (!match?.[1]) throw new Error(`No invitation link in: ${body}`);
  return decodeURIComponent(match[1]);
}
