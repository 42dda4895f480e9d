import { describeWhoCan, viewerHolds } from '../settings/team/teamPermissions';

/**
 * Why the viewer cannot link, reconnect, refresh or delete a bank connection, or null when they can.
 * A bank connection is one of the company's integrations: the link-token mutations (and the others)
 * take manageEntity (owners and admins), as the server requires; a bookkeeper sees the buttons
 * disabled with this as their tooltip.
 */
export function linkBlockedReason(
  viewerRole: string,
  action = 'link and manage bank accounts',
): string | null {
  return viewerHolds(viewerRole, 'manageEntity') ? null : describeWhoCan('manageEntity', action);
}
