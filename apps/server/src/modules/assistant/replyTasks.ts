import type { Db } from '../../db/client';
import { withDeadline } from '../../withDeadline';

/** How long a stopping server lets its replies in progress finish before it stores them as interrupted. */
export const REPLY_DRAIN_MS = 5_000;

type ReplyTask = { settled: Promise<void>; controller: AbortController };

/** Replies being written in the background, per database: a test (or a shutdown) waits for them. */
const running = new WeakMap<Db, Set<ReplyTask>>();

/**
 * Starts a reply in the background and keeps track of it until it settles (it never rejects). The task
 * is given a signal that aborts when the server stops before the reply is done (stopReplyTasks).
 */
export function startReplyTask(db: Db, task: (signal: AbortSignal) => Promise<void>): void {
  let tasks = running.get(db);
  if (!tasks) {
    tasks = new Set();
    running.set(db, tasks);
  }
  const set = tasks;
  const controller = new AbortController();
  const entry: ReplyTask = {
    controller,
    settled: Promise.resolve()
      .then(() => task(controller.signal))
      .catch(() => undefined)
      .finally(() => set.delete(entry)),
  };
  set.add(entry);
}

/** Resolves once every reply started on this database so far has settled. */
export async function settleReplyTasks(db: Db): Promise<void> {
  const tasks = running.get(db);
  while (tasks && tasks.size > 0) await Promise.allSettled([...tasks].map((entry) => entry.settled));
}

/**
 * A stopping server's last word on its replies: each gets up to `graceMs` to finish; those still being
 * written then are aborted, which stores them as interrupted (the user is asked to ask again) rather
 * than leaving them 'streaming' until they go stale. Resolves once all have settled.
 */
export async function stopReplyTasks(db: Db, graceMs: number): Promise<void> {
  const tasks = running.get(db);
  if (!tasks || tasks.size === 0) return;
  await withDeadline(settleReplyTasks(db), graceMs);
  for (const entry of tasks) entry.controller.abort();
  await settleReplyTasks(db);
}
