import { CombinedGraphQLErrors } from '@apollo/client';
import { PRODUCT_NAME } from '@keel/domain';

/** Why a question could not be asked, in a sentence for the user. */
export function describeChatError(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    if (first?.extensions?.code === 'TOO_MANY_REQUESTS') {
      const wait = Number(first.extensions.retryAfterSeconds);
      const when = Number.isFinite(wait) && wait > 0 ? `in ${Math.ceil(wait)} s` : 'in a moment';
      return `You've asked a lot of questions in the last minute. Please take a breather and ask again ${when}.`;
    }
    if (first?.message) return first.message;
  }
  return `Couldn't reach ${PRODUCT_NAME}. Check your connection and try again.`;
}
