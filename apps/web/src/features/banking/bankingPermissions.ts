import { type Capability, isRole, roleCan } from '@keel/domain';
import { describeWhoCan } from '../settings/team/teamPermissions';

/** Whether the viewer's role in the company holds a capability of the permission table. */
function roleHolds(viewerRole: string, capability: Capability): boolean {
  return isRole(viewerRole) && roleCan(viewerRole, capability);
}

/**
 * Why 'Send money' cannot be used, or null when it can: only roles with sendMoney (owners and admins,
 * spec §6) move money; a bookkeeper sees the button with this as its tooltip.
 */
export function sendMoneyBlockedReason(viewerRole: string): string | null {
  return roleHolds(viewerRole, 'sendMoney') ? null : describeWhoCan('sendMoney');
}

/**
 * Why the viewer cannot apply for a Keel account for the company, or null when they can: opening an
 * account binds the company, so it takes manageEntity (owners and admins), as the server requires.
 */
export function applyBlockedReason(viewerRole: string): string | null {
  return roleHolds(viewerRole, 'manageEntity') ? null : describeWhoCan('manageEntity');
}
