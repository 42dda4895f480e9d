import type { LinkProvider } from '../../db/schema';
import { AggregatorError } from './index';

/**
 * The vendors' refusals, in their own words (Plaid's error_type, error_code, error_message and
 * display_message; MoneyKit's error codes), as the sandboxes give them and real adapters map them.
 */

export type VendorErrorKind =
  | 'loginRequired'
  | 'invalidCredentials'
  | 'invalidPublicToken'
  | 'invalidLinkToken'
  | 'linkNotFound'
  | 'invalidAccessToken'
  | 'invalidInstitution'
  | 'invalidCursor';

type ErrorText = { errorType: string; errorCode: string; message: string; displayMessage: string | null };

/** A's reconnect condition (spec §4) and B's. */
export const PLAID_LOGIN_REQUIRED = 'ITEM_LOGIN_REQUIRED';
export const MONEYKIT_AUTH_EXPIRED = 'auth_expired';

const PLAID: Record<VendorErrorKind, ErrorText> = {
  loginRequired: {
    errorType: 'ITEM_ERROR',
    errorCode: PLAID_LOGIN_REQUIRED,
    message:
      "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
    displayMessage: null,
  },
  invalidCredentials: {
    errorType: 'ITEM_ERROR',
    errorCode: 'INVALID_CREDENTIALS',
    message: 'the provided credentials were not correct',
    displayMessage: 'The provided credentials were not correct. Please try again.',
  },
  invalidPublicToken: {
    errorType: 'INVALID_INPUT',
    errorCode: 'INVALID_PUBLIC_TOKEN',
    message:
      'provided public token is expired. Public tokens expire 30 minutes after creation at which point they can no longer be exchanged',
    displayMessage: null,
  },
  invalidLinkToken: {
    errorType: 'INVALID_INPUT',
    errorCode: 'INVALID_LINK_TOKEN',
    message: 'provided link token is invalid or has expired',
    displayMessage: null,
  },
  linkNotFound: {
    errorType: 'ITEM_ERROR',
    errorCode: 'ITEM_NOT_FOUND',
    message:
      'the Item you requested cannot be found. This Item does not exist, has been previously removed via /item/remove, or has had access removed by the user',
    displayMessage: null,
  },
  invalidAccessToken: {
    errorType: 'INVALID_INPUT',
    errorCode: 'INVALID_ACCESS_TOKEN',
    message:
      'provided access token is in an invalid format. expected format: access-<environment>-<identifier>',
    displayMessage: null,
  },
  invalidInstitution: {
    errorType: 'INVALID_INPUT',
    errorCode: 'INVALID_INSTITUTION',
    message: 'invalid institution_id provided',
    displayMessage: null,
  },
  invalidCursor: {
    errorType: 'INVALID_INPUT',
    errorCode: 'INVALID_FIELD',
    message: 'cursor is not valid',
    displayMessage: null,
  },
};

const MONEYKIT: Record<VendorErrorKind, ErrorText> = {
  loginRequired: {
    errorType: 'link_error',
    errorCode: MONEYKIT_AUTH_EXPIRED,
    message: "The link's authorization has expired; the user must reconnect it.",
    displayMessage: 'Your bank needs you to sign in again.',
  },
  invalidCredentials: {
    errorType: 'link_error',
    errorCode: 'invalid_credentials',
    message: 'The username or password is incorrect.',
    displayMessage: 'The username or password is incorrect. Please try again.',
  },
  invalidPublicToken: {
    errorType: 'invalid_request',
    errorCode: 'invalid_exchangeable_token',
    message: 'The exchangeable token is invalid, expired or already used.',
    displayMessage: null,
  },
  invalidLinkToken: {
    errorType: 'invalid_request',
    errorCode: 'invalid_link_session',
    message: 'The link session token is invalid or has expired.',
    displayMessage: null,
  },
  linkNotFound: {
    errorType: 'not_found',
    errorCode: 'link_not_found',
    message: 'The link was not found; it may have been deleted.',
    displayMessage: null,
  },
  invalidAccessToken: {
    errorType: 'not_found',
    errorCode: 'link_not_found',
    message: 'The link was not found; it may have been deleted.',
    displayMessage: null,
  },
  invalidInstitution: {
    errorType: 'invalid_request',
    errorCode: 'institution_not_found',
    message: 'The institution was not found.',
    displayMessage: null,
  },
  invalidCursor: {
    errorType: 'invalid_request',
    errorCode: 'invalid_cursor',
    message: 'The cursor is not valid.',
    displayMessage: null,
  },
};

/** The vendor's error of this kind. */
export function vendorError(provider: LinkProvider, kind: VendorErrorKind): AggregatorError {
  const text = (provider === 'plaid' ? PLAID : MONEYKIT)[kind];
  return new AggregatorError({
    ...text,
    loginRequired: kind === 'loginRequired',
    invalidToken: kind === 'invalidPublicToken' || kind === 'invalidLinkToken',
  });
}

/** The forced error code a sandbox link carries when its login expired. */
export const loginRequiredCode = (provider: LinkProvider) =>
  provider === 'plaid' ? PLAID_LOGIN_REQUIRED : MONEYKIT_AUTH_EXPIRED;
