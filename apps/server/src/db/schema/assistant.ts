import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { entities } from './entities';

/** Who wrote a chat message (spec §3 Chat message role). */
export const CHAT_ROLES = ['user', 'assistant'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/**
 * Where a message is: a user's message is complete when stored; the assistant's reply is 'streaming'
 * while its text arrives, then 'complete', or 'failed' (its `error` says why, for the user).
 */
export const CHAT_MESSAGE_STATUSES = ['streaming', 'complete', 'failed'] as const;
export type ChatMessageStatus = (typeof CHAT_MESSAGE_STATUSES)[number];

/**
 * A figure an answer used (every answer cites the figures it used): what it is, its amount in
 * cents, the account and month it came from, and the report link that selects that cell.
 */
export type ChatCitation = {
  label: string;
  amountCents: number;
  accountId: string | null;
  accountName: string | null;
  month: string | null;
  reportUrl: string | null;
};

/** The longest message text stored: a user's input is capped lower (4,000) by the API. */
export const CHAT_MESSAGE_MAX_CHARS = 20_000;

/**
 * 'Ask Keel AI': one user's conversation with the assistant in one company. A thread is its
 * user's alone: nobody else in the company reads it.
 */
export const chatThreads = pgTable(
  'chat_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The start of the first question. */
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('chat_threads_entity_user_idx').on(t.entityId, t.userId, t.updatedAt)],
);

/**
 * The messages of a thread, in `position` order (0, 1, 2, ...: a question, then its answer, given under
 * the thread's lock); `entity_id` repeats the thread's.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    role: text('role', { enum: CHAT_ROLES }).notNull(),
    content: text('content').notNull().default(''),
    status: text('status', { enum: CHAT_MESSAGE_STATUSES }).notNull(),
    citations: jsonb('citations').$type<ChatCitation[]>().notNull().default([]),
    /** Why the reply failed, as the user reads it; null otherwise. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_messages_thread_position_key').on(t.threadId, t.position),
    index('chat_messages_entity_idx').on(t.entityId),
    check('chat_messages_role', sql`${t.role} IN ('user', 'assistant')`),
    check('chat_messages_status', sql`${t.status} IN ('streaming', 'complete', 'failed')`),
    check('chat_messages_content_length', sql`char_length(${t.content}) <= 20000`),
  ],
);
