import { ROLES } from '@keel/domain';
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { invites, memberships, users } from '../../db/schema';
import { isUuid } from '../../graphql/context';

export type InviteRow = typeof invites.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** Who an invitation names: its sender and, once the person signed up, its recipient. */
export type PersonRef = { id: string; name: string; email: string };
export type InviteView = InviteRow & { sender: PersonRef | null; recipient: PersonRef | null };

/** A member: the membership and the user behind it. */
export type MemberView = MembershipRow & {
  user: Pick<
    UserRow,
    'id' | 'name' | 'email' | 'createdAt' | 'updatedAt' | 'rememberCreatedAt' | 'resetPasswordSentAt'
  >;
};

/**
 * Where an invitation stands: 'pending' (sent, waiting for the person), 'expired' (the link no longer
 * works), 'awaiting_approval' (the person signed up; an owner or admin must approve), 'accepted' (the
 * person is a member).
 */
type InviteStatus = 'pending' | 'expired' | 'awaiting_approval' | 'accepted';

export function inviteStatus(invite: InviteRow, now: Date): InviteStatus {
  if (invite.acceptedAt === null) return invite.expiresAt.getTime() > now.getTime() ? 'pending' : 'expired';
  return invite.requireApproval && invite.approvedAt === null ? 'awaiting_approval' : 'accepted';
}

/** The SQL twin of 'not accepted yet, or waiting for an approval' (the open-email unique index's). */
export const isOpenInvite = or(
  isNull(invites.acceptedAt),
  and(eq(invites.requireApproval, true), isNull(invites.approvedAt)),
);

const senders = alias(users, 'senders');
const recipients = alias(users, 'recipients');

/** Invitations with their sender and recipient, filtered. */
async function selectInvites(db: Db | Tx, where: ReturnType<typeof and>): Promise<InviteView[]> {
  const rows = await db
    .select({
      invite: invites,
      sender: { id: senders.id, name: senders.name, email: senders.email },
      recipient: { id: recipients.id, name: recipients.name, email: recipients.email },
    })
    .from(invites)
    .leftJoin(senders, eq(senders.id, invites.senderId))
    .leftJoin(recipients, eq(recipients.id, invites.recipientId))
    .where(where)
    .orderBy(desc(invites.createdAt), asc(invites.id));
  return rows.map((row) => ({
    ...row.invite,
    sender: row.sender?.id ? row.sender : null,
    recipient: row.recipient?.id ? row.recipient : null,
  }));
}

/** An invitation by id, open or not (null for a malformed id). */
export async function findInvite(db: Db | Tx, id: string): Promise<InviteView | null> {
  if (!isUuid(id)) return null;
  const [row] = await selectInvites(db, and(eq(invites.id, id)));
  return row ?? null;
}

/** A company's open invitations (sent, or waiting for an approval), newest first. */
export function listOpenInvites(db: Db | Tx, entityId: string): Promise<InviteView[]> {
  return selectInvites(db, and(eq(invites.entityId, entityId), isOpenInvite));
}

const memberColumns = {
  membership: memberships,
  user: {
    id: users.id,
    name: users.name,
    email: users.email,
    createdAt: users.createdAt,
    updatedAt: users.updatedAt,
    rememberCreatedAt: users.rememberCreatedAt,
    resetPasswordSentAt: users.resetPasswordSentAt,
  },
};

/** The order of the team list: owner, admins, bookkeepers, card-only, custom; then by name. */
const roleRank = sql`array_position(array[${sql.join(
  ROLES.map((role) => sql`${role}`),
  sql`, `,
)}]::text[], ${memberships.role}::text)`;

/** A company's members by role, then name. */
export async function listMembers(db: Db | Tx, entityId: string): Promise<MemberView[]> {
  const rows = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.entityId, entityId))
    .orderBy(roleRank, asc(sql`lower(${users.name})`), asc(memberships.id));
  return rows.map((row) => ({ ...row.membership, user: row.user }));
}

/** A member by membership id (null for a malformed id); `lock` takes the membership row FOR UPDATE. */
export async function findMember(db: Db | Tx, id: string, lock = false): Promise<MemberView | null> {
  if (!isUuid(id)) return null;
  const query = db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.id, id));
  const [row] = lock ? await query.for('update', { of: memberships }) : await query;
  return row ? { ...row.membership, user: row.user } : null;
}
