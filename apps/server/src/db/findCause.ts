/**
 * The first error along `error`'s chain of wrapped causes (`cause`, else GraphQL's `originalError`)
 * that `pick` recognises, as `pick` maps it; null when none does within six links. Drizzle wraps
 * driver errors, GraphQL wraps resolver errors: the SQLSTATE or our own error class sits a few links in.
 */
export function findCause<T>(error: unknown, pick: (candidate: object) => T | null): T | null {
  let current = error;
  for (let depth = 0; depth <= 5 && current !== null && typeof current === 'object'; depth++) {
    const found = pick(current);
    if (found !== null) return found;
    const links = current as { cause?: unknown; originalError?: unknown };
    current = links.cause ?? links.originalError;
  }
  return null;
}
