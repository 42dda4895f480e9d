import type { ReactNode } from 'react';
import { useAccessToken } from '../../../lib/authToken';

/**
 * /apply is public (spec §2): a signed-in visitor gets the signed-in frame and the application for
 * their company (`signedIn`, the shell whose outlet is the application page), anyone else the page
 * that explains the account and leads to sign in (`signedOut`). Both are given as elements so their
 * code loads only for whoever sees them.
 */
export function ApplyGate({ signedIn, signedOut }: { signedIn: ReactNode; signedOut: ReactNode }) {
  return useAccessToken() ? signedIn : signedOut;
}
