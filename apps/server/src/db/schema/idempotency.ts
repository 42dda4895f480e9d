import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** A replayable answer: the body exactly as it was sent (so bytes and field order match) and its type. */
export type StoredResponse = { contentType: string; body: string };

/**
 * Idempotency keys of GraphQL mutations (graphql/idempotency.ts): one row per (user, key). A request
 * claims its key as 'pending' before it runs and records its answer as 'done' after; a retry with the
 * same key and the same request (`request_hash`) gets that answer instead of running again. A 'done'
 * row without `response` answered with more than the replay limit; only its status is kept. Rows expire
 * 24 hours after `created_at`.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 hex of the operation name, the query text and the variables with their keys sorted. */
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ['pending', 'done'] }).notNull(),
    response: jsonb('response').$type<StoredResponse>(),
    /** The HTTP status of the answer. */
    responseStatus: integer('response_status'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    // The cleanup of expired keys finds the oldest rows by it.
    index('idempotent_requests_created_idx').on(t.createdAt),
  ],
);
