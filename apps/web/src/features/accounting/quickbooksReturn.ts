/**
 * What the QuickBooks callback put in /settings/integrations' address when it sent the browser back:
 * `quickbooks=connected&jobId=<the first sync>` or `quickbooks=error&reason=<code>`.
 */
export type QuickbooksReturn =
  | { outcome: 'connected'; jobId: string | null }
  | { outcome: 'error'; reason: string | null };

export function readQuickbooksReturn(search: URLSearchParams): QuickbooksReturn | null {
  const outcome = search.get('quickbooks');
  if (outcome === 'connected') return { outcome, jobId: search.get('jobId') || null };
  if (outcome === 'error') return { outcome, reason: search.get('reason') || null };
  return null;
}

/** The address without the callback's parameters, so a reload does not tell the outcome again. */
export function withoutQuickbooksReturn(search: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(search);
  for (const key of ['quickbooks', 'jobId', 'reason']) rest.delete(key);
  return rest;
}

/** The callback's reasons (the server's CALLBACK_REASONS), said for a person. */
const REASON_MESSAGES: Record<string, string> = {
  access_denied: 'You canceled on the QuickBooks screen, so nothing was connected.',
  invalid_request: 'QuickBooks did not send back what was needed to connect. Please try again.',
  invalid_state: 'The connection request expired or was already used. Please start again with Connect.',
  forbidden: 'Only owners and admins can connect accounting software.',
  exchange_failed: 'QuickBooks refused the connection. Please try again in a moment.',
  already_connected:
    'This company is connected to another QuickBooks company file. Disconnect it first to connect a different one.',
};

export const QUICKBOOKS_ERROR_FALLBACK = 'QuickBooks Online could not be connected. Please try again.';

export function describeQuickbooksError(reason: string | null): string {
  return (reason && REASON_MESSAGES[reason]) || QUICKBOOKS_ERROR_FALLBACK;
}
