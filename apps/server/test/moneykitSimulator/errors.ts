// MoneyKit's refusals, in its API reference's shapes: `{error_code, error_message, documentation_url}`
// (with `link_error_code` for a link in a bad state), and FastAPI's 422 `{detail: [{loc, msg, type}]}`.
// The statuses are the simulator's reading of the reference.

type MoneykitErrorBody =
  | { error_code: string; error_message: string; documentation_url: string | null; link_error_code?: string }
  | { detail: { loc: (string | number)[]; msg: string; type: string }[] };

export class MoneykitSimulatorError extends Error {
  constructor(
    readonly status: number,
    readonly body: MoneykitErrorBody,
  ) {
    super(JSON.stringify(body));
  }
}

const DOCS = 'https://docs.moneykit.com/errors';

export const moneykitError = (
  status: number,
  code: string,
  message: string,
  extra: { link_error_code?: string } = {},
) =>
  new MoneykitSimulatorError(status, {
    error_code: code,
    error_message: message,
    documentation_url: DOCS,
    ...extra,
  });

export const unauthorized = () =>
  moneykitError(401, 'api_error.auth.unauthorized', 'Invalid or missing credentials.');

export const expiredAccessToken = () =>
  moneykitError(401, 'api_error.auth.expired_access_token', 'Access token expired');

export const linkNotFound = () => moneykitError(404, 'link_error.not_found', 'Link not found.');

export const linkDeleted = () =>
  moneykitError(410, 'link_error.deleted', 'This link was deleted at some earlier time.');

export const authExpired = () =>
  moneykitError(
    400,
    'link_error.bad_state',
    'The link is in an error state: auth_expired. The user must reconnect it.',
    {
      link_error_code: 'auth_expired',
    },
  );

export const invalidTokenExchange = () =>
  moneykitError(400, 'link_session_error.invalid_token_exchange', 'Invalid token for link.');

export const invalidSession = () =>
  moneykitError(400, 'link_session_error.invalid_session', 'The link session is invalid or has expired.');

export const invalidCredentials = () =>
  moneykitError(400, 'link_session_error.invalid_credentials', 'The username or password is incorrect.');

export const notFound = (what: string) => moneykitError(404, 'api_error.not_found', `No route ${what}.`);

export const validationError = (detail: { loc: (string | number)[]; msg: string; type: string }[]) =>
  new MoneykitSimulatorError(422, { detail });
