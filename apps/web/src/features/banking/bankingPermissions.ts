import { describeWhoCan, viewerHolds } from '../settings/team/teamPermissions';

/**
 * Why 'Send money' cannot be used, or null when it can: only roles with sendMoney (owners and admins,
 * spec §6) move money; a bookkeeper sees the button with this as its tooltip.
 */
export function sendMoneyBlockedReason(viewerRole: string): string | null {
  return viewerHolds(viewerRole, 'sendMoney') ? null : describeWhoCan('sendMoney');
}

/**
 * Why the viewer cannot apply for a deposit account for the company, or null when they can: opening an
 * account binds the company, so it takes manageEntity (owners and admins), as the server requires.
 */
export function applyBlockedReason(viewerRole: string): string | null {
  return viewerHolds(viewerRole, 'manageEntity') ? null : describeWhoCan('manageEntity');
}
