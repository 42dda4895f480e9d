import type { FastifyBaseLogger } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work started by a request and finished after its answer; buildApp drains it on close. */
    backgroundTasks: BackgroundTasks;
  }
}

/**
 * Work a request starts but does not wait for (the lookup, token and email of a password reset), so
 * the answer takes the same time whatever that work finds. In-process: it does not survive a restart,
 * which is acceptable for work the user can simply ask for again.
 */
export type BackgroundTasks = {
  /** Starts `task` after the current request's turn of the event loop; failures are logged. */
  run(label: string, task: () => Promise<void>): void;
  /** Resolves when every task started so far (and any they start) has ended; the app awaits it on close. */
  drain(): Promise<void>;
  /** Tasks started and not yet ended. */
  readonly pending: number;
};

/**
 * Tasks allowed to wait at once. Beyond it new ones are dropped (and logged): a flood of requests from
 * many addresses must not grow memory without bound.
 */
export const MAX_PENDING_TASKS = 1000;

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(label, task) {
      if (pending.size >= MAX_PENDING_TASKS) {
        log.warn({ task: label, pending: pending.size }, 'background task dropped: too many pending');
        return;
      }
      const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => log.error({ err: error, task: label }, 'background task failed'))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    get pending() {
      return pending.size;
    },
  };
}
