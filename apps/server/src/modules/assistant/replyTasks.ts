import type { Db } from '../../db/client';

/** Replies being written in the background, per database: a test (or a shutdown) waits for them. */
const running = new WeakMap<Db, Set<Promise<void>>>();

/** Starts a reply in the background and keeps track of it until it settles (it never rejects). */
export function startReplyTask(db: Db, task: () => Promise<void>): void {
  let tasks = running.get(db);
  if (!tasks) {
    tasks = new Set();
    running.set(db, tasks);
  }
  const set = tasks;
  const promise: Promise<void> = Promise.resolve()
    .then(task)
    .catch(() => undefined)
    .finally(() => set.delete(promise));
  set.add(promise);
}

/** Resolves once every reply started on this database so far has settled. */
export async function settleReplyTasks(db: Db): Promise<void> {
  const tasks = running.get(db);
  while (tasks && tasks.size > 0) await Promise.allSettled([...tasks]);
}
