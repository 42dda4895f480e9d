/**
 * How many API requests run at once, and how long the others may wait. On the embedded
 * database every query shares one connection, so past a few requests at a time more concurrency only
 * lengthens every answer; here the extra requests wait in a bounded first-in, first-out queue, and a
 * request that cannot join it, or waits past its deadline, is refused at once with 503 and a
 * Retry-After. A refused request never runs: a client that gave up is never written for later.
 */
type AdmissionLimits = {
  /** Requests running at once; 0 turns the gate off. */
  maxRunning: number;
  /** Requests waiting; beyond it a request is refused at once. */
  maxQueued: number;
  /** The longest a request waits before it is refused (its deadline). */
  maxWaitMs: number;
};

/** Why a request was not admitted, and when to try again. */
export class AdmissionRefused extends Error {
  constructor(
    readonly reason: 'queue full' | 'waited too long' | 'client left',
    readonly retryAfterSeconds: number,
  ) {
    super(`Keel is busy. Try again in ${retryAfterSeconds} seconds.`);
    this.name = 'AdmissionRefused';
  }
}

type Waiter = {
  admit: (release: () => void) => void;
  refuse: (refusal: AdmissionRefused) => void;
  timer: ReturnType<typeof setTimeout>;
  /** Stops watching for the client leaving: called once the request is admitted or refused. */
  stopWatching: () => void;
};

export type AdmissionGate = {
  /**
   * Resolves with `release` (call it once, when the answer is sent) when the request may run. `onAbort`
   * subscribes to the client leaving and returns the unsubscribe, called as soon as the wait ends (a
   * kept-alive socket serves many requests: listeners must not pile up on it).
   */
  enter(abort?: { onAbort(listener: () => void): () => void }): Promise<() => void>;
  stats(): { running: number; queued: number };
};

export function createAdmissionGate(limits: AdmissionLimits, now: () => number = Date.now): AdmissionGate {
  let running = 0;
  const queue: Waiter[] = [];
  // A running estimate of how long a request holds its place, for Retry-After.
  let averageMs = 50;

  const retryAfter = () =>
    Math.max(1, Math.ceil(((queue.length + 1) * averageMs) / Math.max(limits.maxRunning, 1) / 1000));

  const releaser = () => {
    const admittedAt = now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      averageMs = averageMs * 0.9 + (now() - admittedAt) * 0.1;
      const next = queue.shift();
      if (next) {
        clearTimeout(next.timer);
        next.stopWatching();
        next.admit(releaser());
      } else {
        running -= 1;
      }
    };
  };

  return {
    enter(abort) {
      if (limits.maxRunning === 0) return Promise.resolve(() => undefined);
      if (running < limits.maxRunning) {
        running += 1;
        return Promise.resolve(releaser());
      }
      if (queue.length >= limits.maxQueued) {
        return Promise.reject(new AdmissionRefused('queue full', retryAfter()));
      }
      return new Promise((admit, refuse) => {
        const leave = (reason: 'waited too long' | 'client left') => {
          const index = queue.indexOf(waiter);
          if (index < 0) return;
          queue.splice(index, 1);
          clearTimeout(waiter.timer);
          waiter.stopWatching();
          refuse(new AdmissionRefused(reason, retryAfter()));
        };
        const waiter: Waiter = {
          admit,
          refuse,
          timer: setTimeout(() => leave('waited too long'), limits.maxWaitMs),
          stopWatching: () => undefined,
        };
        queue.push(waiter);
        if (abort) waiter.stopWatching = abort.onAbort(() => leave('client left'));
      });
    },
    stats: () => ({ running, queued: queue.length }),
  };
}

/** The release of each admitted request's place, by request, until its answer ends. */
const heldPlaces = new WeakMap<object, () => void>();

/** Remembers how to give back the place `request` holds (app.ts, when the gate admits it). */
export function holdAdmission(request: object, release: () => void): void {
  heldPlaces.set(request, release);
}

/**
 * Gives back the place of a request whose answer is a long-lived stream (a GraphQL subscription over
 * SSE), once the stream is set up: it waits on events, not on the database, and must not hold one of
 * the MAX_CONCURRENT_REQUESTS places for its lifetime. Harmless when the request holds none.
 */
export function releaseAdmissionEarly(request: object): void {
  heldPlaces.get(request)?.();
  heldPlaces.delete(request);
}
