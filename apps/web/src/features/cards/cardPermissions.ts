import { describeWhoCan, viewerHolds } from '../settings/team/teamPermissions';

/**
 * Who may add, activate, freeze and unfreeze the company's cards: the roles with sendMoney (the
 * permission table: 'the card actions that move money'), as the server requires. Every member lists
 * the cards; revealing one takes useCards (canRevealCards).
 */
export function canChangeCards(viewerRole: string): boolean {
  return viewerHolds(viewerRole, 'sendMoney');
}

/** 'Only owners and admins can add, activate and freeze cards.', from the table; null when the role can. */
export function cardActionsBlockedReason(viewerRole: string): string | null {
  return canChangeCards(viewerRole) ? null : describeWhoCan('sendMoney', 'add, activate and freeze cards');
}

/** Who may reveal a card's full number and CVV: the roles with useCards (not bookkeepers), as the server requires. */
export function canRevealCards(viewerRole: string): boolean {
  return viewerHolds(viewerRole, 'useCards');
}

/** Why a bookkeeper's Reveal is disabled. */
export const REVEAL_BLOCKED_REASON = 'Only owners, admins and card-only members can see full card numbers.';
