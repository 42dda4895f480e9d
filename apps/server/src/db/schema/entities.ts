import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, users } from './auth';

export type ApiFlags = { qbo: boolean; finch: boolean };

/** A company. Every row that belongs to a company carries its id as `entity_id`. */
export const entities = pgTable('entities', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  demo: boolean('demo').notNull().default(false),
  apiFlags: jsonb('api_flags').$type<ApiFlags>().notNull().default({ qbo: false, finch: false }),
  /** The company's IANA time zone: its days and months follow it (domain timeZone.ts). */
  timeZone: text('time_zone').notNull().default('UTC'),
  /** Transfers above this many cents need a second approver (null: none do); set by an owner. */
  transferApprovalThreshold: bigint('transfer_approval_threshold', { mode: 'number' }),
  ...timestamps,
});

export const memberRoles = ['owner', 'admin', 'bookkeeper', 'card_only', 'custom'] as const;

export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: memberRoles }).notNull(),
    /** When the member last opened this entity in the web app: where they land after signing in. */
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('memberships_entity_user_key').on(t.entityId, t.userId),
    index('memberships_user_idx').on(t.userId),
  ],
);

/**
 * Invitations to join a company (spec §3 Invite), open until the person has joined: sent (waiting for
 * the person to sign up with the link), or accepted and waiting for an approval when it needs one.
 * An invitation is done once the person is a member; the row stays as its record. One open invitation
 * per email per company. Emails are stored trimmed and lower-cased.
 */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'bookkeeper'] }).notNull(),
    /** SHA-256 of the token sent in the invitation link. */
    tokenHash: text('token_hash').notNull(),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    approverId: uuid('approver_id').references(() => users.id, { onDelete: 'set null' }),
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'set null' }),
    /** Sent by an admin (not the owner): the person joins only once another owner or admin approves. */
    requireApproval: boolean('require_approval').notNull().default(false),
    /** When the person signed up (or signed in) with the link. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    /** When an owner or admin approved it (requireApproval only). */
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    /** The link stops working then (14 days after sending). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invites_token_hash_key').on(t.tokenHash),
    index('invites_entity_idx').on(t.entityId),
    uniqueIndex('invites_open_email_key')
      .on(t.entityId, t.email)
      .where(sql`${t.acceptedAt} IS NULL OR (${t.requireApproval} AND ${t.approvedAt} IS NULL)`),
  ],
);
