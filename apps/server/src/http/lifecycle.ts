/**
 * Where this server is in its life: serving, or stopping. Readiness (/readyz) answers 503 from the moment
 * stopping begins, before the server stops taking connections, so a load balancer sends its requests
 * elsewhere while the ones under way finish.
 */
export type ServerLifecycle = {
  /** True from the first call of beginStopping (a signal, or the app closing) on. */
  readonly stopping: boolean;
  /** Marks the server as stopping; calling it again changes nothing. */
  beginStopping(): void;
};

export function createServerLifecycle(): ServerLifecycle {
  let stopping = false;
  return {
    get stopping() {
      return stopping;
    },
    beginStopping() {
      stopping = true;
    },
  };
}
