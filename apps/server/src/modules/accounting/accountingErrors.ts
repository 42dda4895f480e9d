import { apiError, badInput } from '../../errors';

/** The accounting module's messages, to the page (GraphQL errors) and in jobs' errors. */
export const ACCOUNTING_MESSAGES = {
  notConnected: 'QuickBooks is not connected',
  loginRequired: 'QuickBooks needs you to sign in again: reconnect it in Settings.',
  disconnected: 'QuickBooks was disconnected.',
  otherCompany: 'QuickBooks was connected to another company file.',
  refused: 'QuickBooks refused the sync. Please try again later.',
  unbalanced: (what: string) => `QuickBooks sent ${what}, whose lines do not balance.`,
} as const;

export const quickbooksNotConnected = () => apiError('NOT_FOUND', ACCOUNTING_MESSAGES.notConnected);
export const quickbooksLoginRequired = () => badInput(ACCOUNTING_MESSAGES.loginRequired, 'entityId');

/**
 * Why the callback sent the browser back without connecting (`reason` on the settings page):
 * - access_denied: the user pressed Cancel on QuickBooks' consent screen;
 * - invalid_request: the callback lacked its code or company, or QuickBooks reported another error;
 * - invalid_state: the state is unknown, already used or expired (over 10 minutes old);
 * - forbidden: the user who started may no longer manage the company's integrations;
 * - exchange_failed: QuickBooks refused the authorization code;
 * - already_connected: the company is connected to another QuickBooks company file (disconnect it first).
 */
export const CALLBACK_REASONS = [
  'access_denied',
  'invalid_request',
  'invalid_state',
  'forbidden',
  'exchange_failed',
  'already_connected',
] as const;
export type CallbackReason = (typeof CALLBACK_REASONS)[number];

/**
 * The callback came to a browser that did not start the flow (or that no longer holds its cookie: the
 * flow was finished or expired there). Not one of CALLBACK_REASONS: such a browser is not sent into the
 * app, where it may be signed out or signed in as someone else, but shown a page of its own.
 */
export const BROWSER_MISMATCH = 'browser_mismatch';
