import { requestJson } from '../../lib/restClient';
import { GOOGLE_CSRF_COOKIE_MAX_AGE_S } from '../../lib/timers';

/** The sign-in reply (spec §3 'Login response'). `auth` is null while a second factor is due. */
export type SignInReply = {
  user: { email: string; phone_number: string | null };
  auth: { access_token: string } | null;
  otp_module_enabled: boolean;
  otp_method: 'app' | 'sms' | null;
  csrf_token: string;
  messages: unknown[];
};

type AuthProviders = { google_client_id: string | null };

type SignupReply = {
  user: { email?: string } | null;
  /**
   * Only with an invite_token (the invitation proved the address). Otherwise null, with next_step
   * 'confirm_email', the same whether or not the address has an account: the email says what follows.
   */
  auth: { access_token: string } | null;
  next_step?: 'confirm_email';
  /** With an invite_token: joined its company, or waiting for another owner's or admin's approval. */
  invitation?: { entity_id: string; status: 'joined' | 'awaiting_approval' };
};

export function signInWithPassword(email: string, password: string) {
  return requestJson<SignInReply>('/api/v1/auth/login', {
    method: 'POST',
    json: { email, password, grant_type: 'password' },
  });
}

export function verifyOtp(input: { email: string; password: string; code: string; csrfToken: string }) {
  return requestJson<SignInReply>('/api/v1/auth/verify-otp', {
    method: 'POST',
    json: { email: input.email, password: input.password, code: input.code, grant_type: 'password' },
    headers: { 'X-CSRF-Token': input.csrfToken },
  });
}

export function sendOtpSms(email: string, csrfToken: string) {
  return requestJson<unknown>('/api/v1/auth/send_otp_sms', {
    method: 'POST',
    json: { email },
    headers: { 'X-CSRF-Token': csrfToken },
  });
}

export function fetchAuthProviders() {
  return requestJson<AuthProviders>('/api/v1/auth/providers');
}

/**
 * Google's double-submit check: the same random value goes in the g_csrf_token cookie and in the
 * posted form, which the server compares.
 */
function issueGoogleCsrfToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const token = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox.
  document.cookie = `g_csrf_token=${token}; Max-Age=${GOOGLE_CSRF_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
  return token;
}

type GoogleSignInResult = SignInReply & { gCsrfToken: string };

async function postGoogleCredential(path: string, credential: string): Promise<GoogleSignInResult> {
  const gCsrfToken = issueGoogleCsrfToken();
  const reply = await requestJson<SignInReply>(path, {
    method: 'POST',
    form: { credential, g_csrf_token: gCsrfToken },
  });
  return { ...reply, gCsrfToken };
}

export function googleSignIn(credential: string) {
  return postGoogleCredential('/api/v1/auth/google-sign-in', credential);
}

export function googleSignUp(credential: string) {
  return postGoogleCredential('/api/v1/auth/google-sign-up', credential);
}

export function verifyOtpGoogle(input: { code: string; credential: string; gCsrfToken: string }) {
  return requestJson<SignInReply>('/api/v1/auth/verify-otp-google', {
    method: 'POST',
    form: { code: input.code, g_csrf_token: input.gCsrfToken, credential: input.credential },
  });
}

export function createUser(input: {
  email: string;
  password: string;
  name: string;
  inviteToken: string | null;
}) {
  return requestJson<SignupReply>('/api/v1/users', {
    method: 'POST',
    json: {
      user: {
        email: input.email,
        password: input.password,
        name: input.name,
        invite_token: input.inviteToken,
      },
    },
  });
}

/** Asks for a new confirmation link; the answer is the same for every address. */
export function requestEmailVerification(email: string) {
  return requestJson<{ message: string }>('/api/v1/auth/verification/new', {
    method: 'POST',
    json: { email },
  });
}

/**
 * Confirms the address with the emailed link and the password chosen at sign-up: a sign-in reply (a
 * token, or the code step when two-factor is on).
 */
export function confirmEmail(input: { email: string; token: string; password: string }) {
  return requestJson<SignInReply>('/api/v1/auth/verification/confirm', {
    method: 'POST',
    json: { email: input.email, token: input.token, password: input.password },
  });
}

export function requestPasswordReset(email: string) {
  return requestJson<{ message: string }>('/api/v1/auth/password/new', { method: 'POST', json: { email } });
}

export function updatePassword(input: {
  email: string;
  token: string;
  password: string;
  passwordConfirmation: string;
}) {
  return requestJson<unknown>('/api/v1/auth/password/update', {
    method: 'POST',
    json: {
      email: input.email,
      token: input.token,
      password: input.password,
      password_confirmation: input.passwordConfirmation,
    },
  });
}

export function revokeToken(token: string) {
  return requestJson<unknown>('/oauth/revoke', { method: 'POST', json: { token } });
}
