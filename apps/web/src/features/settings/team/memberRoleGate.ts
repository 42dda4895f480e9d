import { TEAM_MESSAGES } from '@keel/domain';
import { describeWhoCan } from './teamPermissions';
import type { TeamMember } from './teamQueries';

/** Members do not change their own role or remove themselves: someone else must (no one locks themselves out). */
export const SELF_CHANGE_MESSAGE =
  'You cannot change your own role or remove yourself. Ask another owner or admin.';

/**
 * Why the member page's role and Remove cannot be used, or null when they can: the viewer's role does
 * not manage the team, the member is the owner (spec §6), or the member is the viewer.
 */
export function memberChangeBlockedReason(
  member: Pick<TeamMember, 'editable' | 'isViewer'>,
  viewerManagesTeam: boolean,
): string | null {
  if (!viewerManagesTeam) return describeWhoCan('manageTeam');
  if (!member.editable) return TEAM_MESSAGES.ownerNotEditable;
  if (member.isViewer) return SELF_CHANGE_MESSAGE;
  return null;
}
