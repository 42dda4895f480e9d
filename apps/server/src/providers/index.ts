/** External services behind one interface each (ARCHITECTURE.md 'External services'). */

export type EmailMessage = { to: string; subject: string; text: string };
export type EmailProvider = { send(message: EmailMessage): Promise<void> };

export type SmsMessage = { to: string; body: string };
export type SmsProvider = { send(message: SmsMessage): Promise<void> };

/** A Google ID token, verified: who signed in. */
export type GoogleIdentity = { subject: string; email: string; name: string; emailVerified: boolean };
export type GoogleIdentityProvider = {
  /** Verifies an ID token (signature, audience, expiry); null when it is not valid. */
  verifyIdToken(credential: string): Promise<GoogleIdentity | null>;
};

export type Providers = {
  email: EmailProvider;
  sms: SmsProvider;
  /** Present only when GOOGLE_CLIENT_ID is configured. */
  google: GoogleIdentityProvider | null;
};
