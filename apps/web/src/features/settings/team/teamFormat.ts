import { TEAM_MESSAGES } from '@keel/domain';
import type { TeamInvite, TeamMember } from './teamQueries';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** An instant as a day, as the server counts days (UTC): 'Nov 22, 2026'. */
export function formatTeamDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

const ROLE_COLORS: Record<string, string> = {
  owner: 'violet',
  admin: 'blue',
  bookkeeper: 'teal',
};

/** A role's badge colour. */
export function roleColor(role: string): string {
  return ROLE_COLORS[role] ?? 'gray';
}

/** An invitation's status as the list shows it, and its badge colour. */
export function describeInviteStatus(invite: Pick<TeamInvite, 'status'>): { label: string; color: string } {
  switch (invite.status) {
    case 'pending':
      return { label: 'Pending', color: 'blue' };
    case 'expired':
      return { label: 'Expired', color: 'gray' };
    case 'awaiting_approval':
      return { label: 'Awaiting approval', color: 'orange' };
    default:
      return { label: 'Accepted', color: 'green' };
  }
}

/**
 * What an invitation row offers (spec §4 'Invite'): one that needs approval and has none yet shows
 * Decline and Approve (an expired one can only be removed: approving it would let no one in);
 * otherwise Remove. Approve is refused to the invitation's sender: someone else must agree.
 */
type InviteActions = { kind: 'review'; approveBlockedReason: string | null } | { kind: 'remove' };

export function inviteActionsOf(
  invite: Pick<TeamInvite, 'requireApproval' | 'approvedAt' | 'status' | 'sender'>,
  viewerUserId: string,
): InviteActions {
  if (!invite.requireApproval || invite.approvedAt !== null || invite.status === 'expired')
    return { kind: 'remove' };
  return {
    kind: 'review',
    approveBlockedReason: invite.sender?.id === viewerUserId ? TEAM_MESSAGES.approveOwnInvite : null,
  };
}

/** The members list's filters (spec §2: counts for All, Admin, Bookkeeper). */
export type MemberFilter = 'all' | 'admin' | 'bookkeeper';

/** Whether a member shows under a filter: All shows everyone, Admin and Bookkeeper that role only. */
export function matchesMemberFilter(member: Pick<TeamMember, 'role'>, filter: MemberFilter): boolean {
  return filter === 'all' || member.role === filter;
}

export function countMembers(members: Pick<TeamMember, 'role'>[]): Record<MemberFilter, number> {
  return {
    all: members.length,
    admin: members.filter((member) => matchesMemberFilter(member, 'admin')).length,
    bookkeeper: members.filter((member) => matchesMemberFilter(member, 'bookkeeper')).length,
  };
}
