import { OAuth2Client } from 'google-auth-library';
import type { GoogleIdentityProvider } from '../index';

/** Verifies Google ID tokens with Google's own library (signature, audience = our client id, expiry). */
export function createGoogleIdentity(
  clientId: string,
  client = new OAuth2Client({ clientId }),
): GoogleIdentityProvider {
  return {
    async verifyIdToken(credential) {
      try {
        const ticket = await client.verifyIdToken({ idToken: credential, audience: clientId });
        const payload = ticket.getPayload();
        if (!payload?.sub || !payload.email) return null;
        return {
          subject: payload.sub,
          email: payload.email.toLowerCase(),
          name: payload.name ?? payload.email,
          emailVerified: payload.email_verified === true,
        };
      } catch {
        return null;
      }
    },
  };
}
