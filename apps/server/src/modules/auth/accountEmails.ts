import { EMAIL_VERIFICATION_HOURS, PRODUCT_NAME } from '@keel/domain';
import type { EmailMessage } from '../../providers';
import type { ClaimProof } from './claimUnverifiedAccount';

/** The emails about an account's address: its confirmation link, and what proving it changed. */

const appPage = (appUrl: string, path: string) => `${appUrl.replace(/\/+$/, '')}${path}`;

/** The page the confirmation link opens; the email rides along, as in the reset link. */
export function emailVerificationLink(appUrl: string, email: string, token: string): string {
  return appPage(appUrl, `/email/verify?email=${encodeURIComponent(email)}&token=${token}`);
}

export const VERIFICATION_EMAIL_SUBJECT = `Confirm your email for ${PRODUCT_NAME}`;

/**
 * The confirmation link. `again`: someone signed up once more with an address whose account still
 * waits for it (perhaps its owner, who forgot; perhaps not, so the reset route is offered too).
 */
export function verificationEmail(input: {
  to: string;
  link: string;
  appUrl: string;
  again: boolean;
}): EmailMessage {
  return {
    to: input.to,
    subject: VERIFICATION_EMAIL_SUBJECT,
    text: [
      input.again
        ? `Someone, perhaps you, tried to sign up for ${PRODUCT_NAME} again with ${input.to}. Its account is still waiting for this address to be confirmed.`
        : `Welcome to ${PRODUCT_NAME}. To finish creating your account, confirm that ${input.to} is yours.`,
      '',
      `Open this link and enter the password you chose; it works once, for ${EMAIL_VERIFICATION_HOURS} hours:`,
      input.link,
      '',
      'Forgot that password, or did not choose it? Choose a new one here instead; that confirms the address too, and signs out anyone else:',
      appPage(input.appUrl, '/password/reset'),
      '',
      `If you did not sign up for ${PRODUCT_NAME}, ignore this email: the account cannot be used until its address is confirmed.`,
    ].join('\n'),
  };
}

export const EXISTING_ACCOUNT_SUBJECT = `Someone tried to sign up for ${PRODUCT_NAME} with your email`;

/** To the owner of a confirmed account when someone signs up with its address: nothing was created. */
export function existingAccountEmail(input: { to: string; appUrl: string }): EmailMessage {
  return {
    to: input.to,
    subject: EXISTING_ACCOUNT_SUBJECT,
    text: [
      `Someone tried to create a ${PRODUCT_NAME} account with ${input.to}, which already has one. No account was created and yours has not changed.`,
      '',
      'If it was you, sign in instead:',
      appPage(input.appUrl, '/login'),
      'Forgot your password? Choose a new one here:',
      appPage(input.appUrl, '/password/reset'),
      '',
      'If it was not you, you need not do anything.',
    ].join('\n'),
  };
}

export const GOOGLE_LINKED_SUBJECT = `Google sign-in was added to your ${PRODUCT_NAME} account`;

/** A confirmed account was joined by the Google account of the same address. */
export function googleLinkedEmail(input: { to: string }): EmailMessage {
  return {
    to: input.to,
    subject: GOOGLE_LINKED_SUBJECT,
    text: [
      `Your ${PRODUCT_NAME} account (${input.to}) was just signed into with the Google account of the same address; from now on either way works.`,
      '',
      'If it was not you, reset your password at once from the sign-in page and tell us at security@keel.dev.',
    ].join('\n'),
  };
}

export const ACCOUNT_CLAIMED_SUBJECT = `Your ${PRODUCT_NAME} account is confirmed`;

const CLAIMED_BY: Record<ClaimProof, string> = {
  google: 'by signing in with Google',
  invitation: 'by accepting an invitation sent to it',
  password_reset: 'with a password reset link sent to it',
};

/**
 * The account had been created with this address by someone who never confirmed it; the person who
 * just proved the address now holds it, and whatever the creator set is gone.
 */
export function accountClaimedEmail(input: {
  to: string;
  proof: ClaimProof;
  appUrl: string;
  revokedSessions: number;
}): EmailMessage {
  const password =
    input.proof === 'google'
      ? 'removed its password (sign in with Google, or choose a password from the sign-in page)'
      : 'replaced its password with the one you just chose';
  return {
    to: input.to,
    subject: ACCOUNT_CLAIMED_SUBJECT,
    text: [
      `You confirmed that ${input.to} is yours ${CLAIMED_BY[input.proof]}.`,
      '',
      `A ${PRODUCT_NAME} account with this address had been started before, and nobody had confirmed the address, so its sign-in details may have been set by someone else. We ${password}, turned off any two-factor authentication on it and signed out every session (${input.revokedSessions}).`,
      '',
      `If you started that account yourself, nothing else changed. If not, look through its companies and their teams in ${PRODUCT_NAME}, and tell us at security@keel.dev:`,
      appPage(input.appUrl, '/login'),
    ].join('\n'),
  };
}
