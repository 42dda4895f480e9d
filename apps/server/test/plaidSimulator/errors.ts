import { type PlaidError, PlaidErrorType } from 'plaid';
import { newRequestId } from './state';

// Plaid's refusals: its error object (PlaidError) with the HTTP status Plaid gives each.

/** A refusal on its way to the client: its status and Plaid's error body. */
export class PlaidSimulatorError extends Error {
  constructor(
    readonly status: number,
    readonly body: PlaidError,
  ) {
    super(`${body.error_code}: ${body.error_message}`);
  }
}

export function plaidError(
  status: number,
  type: PlaidErrorType,
  code: string,
  message: string,
  displayMessage: string | null = null,
): PlaidSimulatorError {
  return new PlaidSimulatorError(status, {
    error_type: type,
    error_code: code,
    error_code_reason: null,
    error_message: message,
    display_message: displayMessage,
    request_id: newRequestId(),
    causes: [],
    status,
    documentation_url: `https://plaid.com/docs/errors/${type.toLowerCase().replace(/_/g, '-')}/#${code.toLowerCase().replace(/_/g, '-')}`,
    suggested_action: null,
  });
}

export const invalidRequest = (
  code: 'MISSING_FIELDS' | 'UNKNOWN_FIELDS' | 'INVALID_FIELD' | 'INVALID_BODY',
  message: string,
) => plaidError(400, PlaidErrorType.InvalidRequest, code, message);

export const invalidApiKeys = () =>
  plaidError(400, PlaidErrorType.InvalidInput, 'INVALID_API_KEYS', 'invalid client_id or secret provided');

export const invalidAccessToken = () =>
  plaidError(
    400,
    PlaidErrorType.InvalidInput,
    'INVALID_ACCESS_TOKEN',
    'provided access token is in an invalid format. expected format: access-<environment>-<identifier>',
  );

export const invalidPublicToken = (
  message = 'provided public token is in an invalid format. expected format: public-<environment>-<identifier>',
) => plaidError(400, PlaidErrorType.InvalidInput, 'INVALID_PUBLIC_TOKEN', message);

export const invalidLinkToken = () =>
  plaidError(
    400,
    PlaidErrorType.InvalidInput,
    'INVALID_LINK_TOKEN',
    'provided link token is invalid or has expired',
  );

export const invalidInstitution = () =>
  plaidError(400, PlaidErrorType.InvalidInput, 'INVALID_INSTITUTION', 'invalid institution_id provided');

export const itemNotFound = () =>
  plaidError(
    400,
    PlaidErrorType.ItemError,
    'ITEM_NOT_FOUND',
    'the Item you requested cannot be found. This Item does not exist, has been previously removed via /item/remove, or has had access removed by the user',
  );

export const itemLoginRequired = () =>
  plaidError(
    400,
    PlaidErrorType.ItemError,
    'ITEM_LOGIN_REQUIRED',
    "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
    'To keep your account connected, please sign in again.',
  );

export const invalidCredentials = () =>
  plaidError(
    400,
    PlaidErrorType.ItemError,
    'INVALID_CREDENTIALS',
    'the provided credentials were not correct',
    'The provided credentials were not correct. Please try again.',
  );

export const notFound = (path: string) =>
  plaidError(404, PlaidErrorType.InvalidRequest, 'NOT_FOUND', `unrecognized endpoint ${path}`);
