import { CombinedGraphQLErrors } from '@apollo/client';
import { graphqlErrorCode } from '../../../lib/graphqlClient';

/** What the page says when a call fails for a reason it cannot explain (spec §8). */
const SOMETHING_WENT_WRONG = 'Something went wrong';

/** Refusals whose message is written for the person: a wrong value, or a rate limit ('Try again later'). */
const SHOWN_CODES = new Set(['BAD_USER_INPUT', 'TOO_MANY_REQUESTS']);

/**
 * The message to show for a failed GraphQL call: the server's own when it refused the input or
 * throttled it ('Invalid password', 'Too many attempts. Try again later.'), else a plain fallback.
 */
export function describeSecurityError(error: unknown, fallback = SOMETHING_WENT_WRONG): string {
  const code = graphqlErrorCode(error);
  if (code && SHOWN_CODES.has(code) && CombinedGraphQLErrors.is(error)) {
    return error.errors[0]?.message ?? fallback;
  }
  return fallback;
}

/** The two-factor changes are open for 15 minutes after the password re-entry; after that, FORBIDDEN. */
export function isReauthenticationExpired(error: unknown): boolean {
  return graphqlErrorCode(error) === 'FORBIDDEN';
}
