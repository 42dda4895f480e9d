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

/** Spec §3 Job status: the states a job passes through. */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Background jobs: a queue in PostgreSQL, so every server process of one database shares
 * it and a job runs once. A worker claims a queued job whose `run_at` has come (`FOR UPDATE SKIP
 * LOCKED`), marks it running with a lease (`locked_by`, `locked_until`) it renews while it works; a
 * job whose lease ran out (its process died) is claimed again and resumes from `checkpoint`. One
 * queued or running job per company and `dedupe_key` (a second request for the same sync joins the
 * first). `progress` is 0–100 or null (unknown); `message` and `error` are shown to the user.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    /** What the job does, e.g. 'QuickbooksSync' (spec §3 Job status type). */
    type: text('type').notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    payload: jsonb('payload').notNull().default({}),
    /**
     * What the job works on, for the page to show its status beside it: a bank link's id (BankLinkSync),
     * the QuickBooks company file's realmId (QuickbooksSync); null for a job about the whole company.
     */
    subjectId: text('subject_id'),
    progress: integer('progress'),
    message: text('message'),
    error: text('error'),
    /** What the job has done so far, saved as it goes: a resumed run continues from it. */
    checkpoint: jsonb('checkpoint'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    dedupeKey: text('dedupe_key'),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_entity_idx').on(t.entityId, t.queuedAt),
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} IN ('queued', 'running')`),
    uniqueIndex('jobs_active_dedupe_key')
      .on(t.entityId, t.dedupeKey)
      .where(sql`${t.status} IN ('queued', 'running')`),
    check('jobs_progress_range', sql`${t.progress} IS NULL OR ${t.progress} BETWEEN 0 AND 100`),
    check('jobs_attempts_range', sql`${t.attempts} >= 0 AND ${t.maxAttempts} BETWEEN 1 AND 100`),
  ],
);
