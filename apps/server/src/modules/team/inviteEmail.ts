import { PRODUCT_NAME, ROLE_LABELS } from '@keel/domain';
import type { EmailMessage } from '../../providers';
import type { InviteRow } from './teamRows';

/** The address of the sign-up page with the invitation's token (spec §2 '/signup?invite_token='). */
function inviteLink(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/signup?invite_token=${encodeURIComponent(token)}`;
}

/** The invitation email: who invites, to which company, as what, and the link (single use, 14 days). */
export function inviteEmail(input: {
  invite: InviteRow;
  token: string;
  appUrl: string;
  companyName: string;
  senderName: string;
}): EmailMessage {
  const { invite, companyName, senderName } = input;
  const role = ROLE_LABELS[invite.role].toLowerCase();
  const expires = invite.expiresAt.toISOString().slice(0, 10);
  return {
    to: invite.email,
    subject: `${senderName} invited you to ${companyName} on ${PRODUCT_NAME}`,
    text: [
      `Hello ${invite.firstName},`,
      '',
      `${senderName} invited you to join ${companyName} on ${PRODUCT_NAME} as ${role === 'admin' ? 'an' : 'a'} ${role}.`,
      '',
      `Create your account here; the link works once, until ${expires}:`,
      inviteLink(input.appUrl, input.token),
      '',
      ...(invite.requireApproval
        ? [`An owner or admin of ${companyName} approves new members: you join once they do.`, '']
        : []),
      `If you already have a ${PRODUCT_NAME} account, sign in and open the link again.`,
      'If you did not expect this invitation, ignore this email.',
    ].join('\n'),
  };
}

/**
 * Tells a person who signed up with an invitation and waited for its approval that it was approved:
 * they are a member now (what the waiting page promised: 'We will email you when it is approved').
 */
export function inviteApprovedEmail(input: {
  to: string;
  firstName: string;
  companyName: string;
  role: InviteRow['role'];
  appUrl: string;
}): EmailMessage {
  const role = ROLE_LABELS[input.role].toLowerCase();
  return {
    to: input.to,
    subject: `You have joined ${input.companyName} on ${PRODUCT_NAME}`,
    text: [
      `Hello ${input.firstName},`,
      '',
      `An owner or admin of ${input.companyName} approved your invitation: you are now ${role === 'admin' ? 'an' : 'a'} ${role} of ${input.companyName}.`,
      '',
      `Sign in to open it: ${input.appUrl.replace(/\/+$/, '')}/login`,
    ].join('\n'),
  };
}

/** Tells a person who signed up with an invitation that it was declined. */
export function inviteDeclinedEmail(input: {
  to: string;
  firstName: string;
  companyName: string;
}): EmailMessage {
  return {
    to: input.to,
    subject: `Your invitation to ${input.companyName} was declined`,
    text: [
      `Hello ${input.firstName},`,
      '',
      `An owner or admin of ${input.companyName} declined your invitation, so you have not joined it.`,
      `Your ${PRODUCT_NAME} account stays yours; ask them if you think this is a mistake.`,
    ].join('\n'),
  };
}
