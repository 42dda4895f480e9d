import { CombinedGraphQLErrors } from '@apollo/client';

/** What the server refused, and the form field it names when the form has that field. */
type ServerRefusal = { field: string | null; message: string };

/** When a request fails without the server's answer (offline, a timeout, a proxy's error page). */
export const NETWORK_FAILURE_MESSAGE = 'We could not reach the server. Check your connection and try again.';

/**
 * The first refusal of a failed mutation, placed on the form: `extensions.field` ('amount',
 * 'person.tin', 'recipientAddress.city') read through `fieldOf`, which answers the form's path for it or
 * null when the form has no such field (the message then shows above the buttons). A NOT_FOUND with no
 * field goes to `notFoundField` (a transfer's 'Account not found': the from-account). An error that is
 * not the server's answer (the network) reads NETWORK_FAILURE_MESSAGE.
 */
export function readServerRefusal(
  error: unknown,
  fieldOf: (serverField: string) => string | null,
  notFoundField: string | null = null,
): ServerRefusal {
  if (!CombinedGraphQLErrors.is(error)) {
    return { field: null, message: NETWORK_FAILURE_MESSAGE };
  }
  const [first] = error.errors;
  const message = first?.message || 'Something went wrong';
  const serverField = first?.extensions?.field;
  if (typeof serverField === 'string') return { field: fieldOf(serverField), message };
  if (first?.extensions?.code === 'NOT_FOUND') return { field: notFoundField, message };
  return { field: null, message };
}
