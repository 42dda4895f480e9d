/** What the invitation steps of /signup say (AcceptInvitation and a sign-up awaiting approval). */

export const INVALID_INVITATION =
  'This invitation link no longer works: it may have expired, been used or declined, or been sent to another email address. Ask whoever invited you for a new one.';

/** The sentence shown while an invitation sent by an admin waits for another owner or admin. */
export function awaitingApprovalMessage(entityName: string | null) {
  const company = entityName ?? 'the company';
  return `Your invitation to ${company} is waiting for approval by one of its owners or admins. We will email you when it is approved; ${company} then appears in your company list.`;
}
