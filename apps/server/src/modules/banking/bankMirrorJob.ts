import { and, eq, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { AppDeps } from '../../appDeps';
import type { Db, Tx } from '../../db/client';
import { depositAccounts, jobs } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { enqueueJob } from '../../jobs/enqueueJob';
import { JobFailure, type JobHandler } from '../../jobs/jobHandler';
import type { JobRow } from '../../jobs/jobRows';
import type { BankPostingMade } from '../../providers/banking';
import { publishEntityUpdate } from '../../realtime/entityEvents';
import { secretBoxOf } from '../../secrets/secretBox';
import type { BankingDeps } from './bankingDeps';
import { settleDueInTransaction } from './bookBankPostings';
import { fileDueTaxDocuments } from './taxDocuments';
import { sendSettlementEmails } from './transferEmails';
import { handOverDueTransfers } from './transferHandOver';

/** The job type that brings one company's deposit accounts up to date with the bank (payload: {}). */
export const BANK_MIRROR_JOB = 'BankMirror';

/**
 * The key of a mirror asked for now (at start, by the sweep, by a read that found the figures old): one
 * queued or running per company, so two servers or two pages asking at once make one.
 */
export const bankMirrorKey = (entityId: string) => `bank-mirror:${entityId}`;

/**
 * The key of the run a mirror schedules after itself: the start of the interval slot it runs in (run
 * times on one grid), so two runs in one slot (a scheduled one and one a read asked for) schedule the
 * same next run, and a chain that was doubled merges back into one.
 */
const bankMirrorSlotKey = (entityId: string, slotStart: Date) =>
  `bank-mirror:${entityId}:${slotStart.toISOString()}`;

/** The next slot's start after `at` on the grid of `intervalMs`. */
export function nextMirrorSlot(at: Date, intervalMs: number): Date {
  return new Date((Math.floor(at.getTime() / intervalMs) + 1) * intervalMs);
}

/** The longest mirror_error kept (a sentence for the page). */
const MIRROR_ERROR_MAX = 200;

/**
 * What the page may say when the bank could not be brought up to date: a fixed sentence chosen by the
 * kind of failure, never the error's own text (which may carry a request, an id or a key).
 */
function mirrorErrorMessage(error: unknown): string {
  const { status, name } = (error ?? {}) as { status?: unknown; name?: unknown };
  if (typeof name === 'string' && /Connection|Timeout/.test(name)) return 'The bank could not be reached.';
  if (typeof status === 'number') {
    if (status === 401 || status === 403) return "The bank refused Keel's credentials.";
    if (status === 429) return 'The bank asked Keel to slow down.';
    if (status >= 500) return 'The bank is unavailable.';
    return "The bank refused Keel's request.";
  }
  return 'The bank could not be brought up to date.';
}

/** Queues a mirror of the company now (joins one already queued or running). */
export function enqueueBankMirror(
  executor: Db | Tx,
  entityId: string,
  options: { runAt?: Date; dedupeKey?: string } = {},
): Promise<JobRow & { joined: boolean }> {
  return enqueueJob(executor, {
    entityId,
    type: BANK_MIRROR_JOB,
    payload: {},
    dedupeKey: options.dedupeKey ?? bankMirrorKey(entityId),
    ...(options.runAt ? { runAt: options.runAt } : {}),
    maxAttempts: 3,
    message: 'Waiting to update the bank accounts',
  });
}

type BankMirrorResult = { postings: number; taxDocuments: number };

/** Thrown by mirrorBank when the bank could not be brought up to date; its message is mirror_error's. */
export class BankMirrorFailed extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'BankMirrorFailed';
  }
}

/**
 * Brings the company's deposit accounts up to the clock's now, as the bank has them, then files the tax
 * documents that came due, in two steps so a slow bank never holds a database connection:
 * 0. transfers whose hand-over time has passed and that their job has not handed over yet are handed
 *    over (transferHandOver.ts: the bank called outside its short transactions);
 * 1. the bank is asked what it has (the provider's fetchDue: Increase's new transactions and transfer
 *    statuses; nothing for the sandbox), with no transaction open and no row locked;
 * 2. one short transaction settles with that answer (the provider's settleDue: the sandbox's
 *    settlements and month-end interest, Increase's ledger mirrored), books the postings, files the
 *    Forms 1099-INT due (a year is filed once its interest is complete: fileDueTaxDocuments) and
 *    stores `mirrored_at` = now and no `mirror_error` on each account.
 * After the commit the posted and returned transfers' emails go out. On failure it stores the short, safe mirror_error on each account (the figures stay as the last mirror
 * left them, and say when that was) and throws BankMirrorFailed. A company without a deposit account:
 * null, nothing done.
 */
export async function mirrorBank(
  deps: Omit<BankingDeps, 'db'> & { db: Db },
  entityId: string,
): Promise<BankMirrorResult | null> {
  const [any] = await deps.db
    .select({ id: depositAccounts.id })
    .from(depositAccounts)
    .where(eq(depositAccounts.entityId, entityId))
    .limit(1);
  if (!any) return null;
  const now = deps.clock.now();
  let result: BankMirrorResult & { made: BankPostingMade[] };
  try {
    // Transfers whose hand-over time passed and whose job has not run yet go to the bank first (their
    // own short transactions, the bank called outside them), so they can post in this mirror.
    await handOverDueTransfers(deps, entityId);
    const fetched = await deps.banking.fetchDue(deps.db, entityId, now);
    result = await writeTransaction(deps.db, async (tx) => {
      const made = await settleDueInTransaction(tx, deps, entityId, fetched);
      const filed = await fileDueTaxDocuments(tx, deps.clock, entityId);
      const [failing] = await tx
        .select({ id: depositAccounts.id })
        .from(depositAccounts)
        .where(and(eq(depositAccounts.entityId, entityId), isNotNull(depositAccounts.mirrorError)))
        .limit(1);
      await tx
        .update(depositAccounts)
        .set({ mirroredAt: now, mirrorError: null })
        .where(eq(depositAccounts.entityId, entityId));
      // The pages hear of new figures from bookBankPostings; of the bank being back from here.
      if (failing && made.length === 0) await publishEntityUpdate(tx, entityId, 'depositAccounts');
      return { made, postings: made.length, taxDocuments: filed };
    });
  } catch (error) {
    const message = mirrorErrorMessage(error);
    await recordMirrorFailure(deps.db, entityId, message);
    throw new BankMirrorFailed(message, { cause: error });
  }
  // After the commit: the emails of the transfers that posted or came back.
  await sendSettlementEmails(deps, result.made);
  return { postings: result.postings, taxDocuments: result.taxDocuments };
}

/** Stores the failure on each of the company's accounts (a change is announced to its pages). */
async function recordMirrorFailure(db: Db, entityId: string, message: string): Promise<void> {
  const text = message.slice(0, MIRROR_ERROR_MAX);
  await writeTransaction(db, async (tx) => {
    const changed = await tx
      .update(depositAccounts)
      .set({ mirrorError: text })
      .where(
        and(
          eq(depositAccounts.entityId, entityId),
          or(isNull(depositAccounts.mirrorError), ne(depositAccounts.mirrorError, text)),
        ),
      )
      .returning({ id: depositAccounts.id });
    if (changed.length > 0) await publishEntityUpdate(tx, entityId, 'depositAccounts');
  });
}

/** Whether the company still has an open deposit account (a company whose accounts all closed stops). */
async function hasOpenAccount(db: Db, entityId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: depositAccounts.id })
    .from(depositAccounts)
    .where(and(eq(depositAccounts.entityId, entityId), eq(depositAccounts.status, 'open')))
    .limit(1);
  return row !== undefined;
}

/**
 * Deletes the company's earlier BankMirror runs that succeeded: one a minute would otherwise fill the
 * company's job list (and the table) with routine runs. Failed ones stay, for the record, until the
 * queue prunes them.
 */
async function forgetEarlierRuns(db: Db, entityId: string, currentJobId: string): Promise<void> {
  await db
    .delete(jobs)
    .where(
      and(
        eq(jobs.entityId, entityId),
        eq(jobs.type, BANK_MIRROR_JOB),
        eq(jobs.status, 'succeeded'),
        ne(jobs.id, currentJobId),
      ),
    );
}

/** The banking services' dependencies in a job. */
export const bankingDepsOfApp = (deps: AppDeps, db: Db) => ({
  db,
  clock: deps.clock,
  banking: deps.providers.banking,
  secrets: secretBoxOf(deps.config),
  email: deps.providers.email,
});

/**
 * The BankMirror handler: mirrorBank for the job's company, then (its earlier successful runs deleted)
 * the next run queued for the next slot
 * of BANK_MIRROR_INTERVAL_MS (the queue's time: run_at is compared with the database's clock), whatever
 * the outcome, while the company has an open account, so each company is mirrored on a schedule with no
 * page open. A failure (the bank unreachable) is also retried by the queue sooner (its retry delay).
 * On a server without banking it does nothing and schedules nothing.
 */
export function bankMirrorHandler(deps: AppDeps): JobHandler {
  return async (context) => {
    if (deps.config.FEATURES.banking === 'off') return;
    const entityId = context.job.entityId;
    const intervalMs = deps.config.BANK_MIRROR_INTERVAL_MS;
    const scheduleNext = async () => {
      await forgetEarlierRuns(context.db, entityId, context.job.id);
      if (!(await hasOpenAccount(context.db, entityId))) return;
      // After both the queue's now and this run's own time (a run claimed a moment early by this
      // server's clock), and never this run's own slot: its key would join this very run.
      let slot = nextMirrorSlot(new Date(Math.max(Date.now(), context.job.runAt.getTime())), intervalMs);
      if (bankMirrorSlotKey(entityId, slot) === context.job.dedupeKey) {
        slot = new Date(slot.getTime() + intervalMs);
      }
      await enqueueBankMirror(context.db, entityId, {
        runAt: slot,
        dedupeKey: bankMirrorSlotKey(entityId, slot),
      });
    };
    try {
      await mirrorBank(bankingDepsOfApp(deps, context.db), entityId);
    } catch (error) {
      await scheduleNext();
      if (error instanceof BankMirrorFailed) throw new JobFailure(error.message, { cause: error.cause });
      throw error;
    }
    await scheduleNext();
  };
}
