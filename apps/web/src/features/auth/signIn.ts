import type { SignInReply } from './authApi';

/** How the user proved who they are before the code step: the password, or a Google credential. */
export type SignInProof =
  | { kind: 'password'; password: string }
  | { kind: 'google'; credential: string; gCsrfToken: string };

/** A sign-in waiting for its one-time code (spec §4: two-factor goes to a code step first). */
export type OtpChallenge = {
  email: string;
  method: 'app' | 'sms';
  phoneNumber: string | null;
  csrfToken: string;
  proof: SignInProof;
};

type SignInOutcome = { kind: 'signedIn'; accessToken: string } | { kind: 'otp'; challenge: OtpChallenge };

/** Reads a sign-in reply: either a token, or the code step it asks for. */
export function readSignInReply(reply: SignInReply, proof: SignInProof): SignInOutcome {
  if (reply.auth?.access_token) return { kind: 'signedIn', accessToken: reply.auth.access_token };
  if (reply.otp_module_enabled) {
    return {
      kind: 'otp',
      challenge: {
        email: reply.user.email,
        method: reply.otp_method === 'sms' ? 'sms' : 'app',
        phoneNumber: reply.user.phone_number,
        csrfToken: reply.csrf_token,
        proof,
      },
    };
  }
  throw new Error('The sign-in reply carried neither a token nor a code step');
}
