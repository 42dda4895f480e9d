import {
  type Capability,
  isRole,
  PERMISSION_TABLE,
  permissionSummary,
  ROLE_LABELS,
  type Role,
} from '@keel/domain';
import { viewerHolds } from '../../../shell/viewerHolds';

export { viewerHolds };

/** Whether the viewer's role may invite, approve and remove people and change roles (spec §6). */
export function canManageTeam(viewerRole: string): boolean {
  return viewerHolds(viewerRole, 'manageTeam');
}

/** A role as shown on screen ('bookkeeper' -> 'Bookkeeper'); an unknown one as sent. */
export function roleLabel(role: string): string {
  return isRole(role) ? ROLE_LABELS[role] : role;
}

/** 'a', 'a or b', 'a, b or c'. */
function joinWithOr(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** 'a', 'a and b', 'a, b and c'. */
function joinWithAnd(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * Who holds a capability, from the permission table: 'Only owners and admins can manage invites and
 * permissions.' (or can `action`, when told). The tooltip of the buttons for members without it.
 */
export function describeWhoCan(capability: Capability, action?: string): string {
  const row = PERMISSION_TABLE.find((permission) => permission.capability === capability);
  if (!row) return '';
  const holders = row.roles.map((role) => `${ROLE_LABELS[role].toLowerCase()}s`);
  return `Only ${joinWithAnd(holders)} can ${action ?? lowerFirst(row.label)}.`;
}

/**
 * What a role cannot do, from the permission table: 'You are a bookkeeper: you cannot send money,
 * manage invites and permissions or manage the company.' Null when the role can do everything.
 */
export function describeRoleLimits(role: Role): string | null {
  const denied = permissionSummary(role)
    .filter((permission) => !permission.allowed)
    .map((permission) => lowerFirst(permission.label));
  if (denied.length === 0) return null;
  return `You are ${articleFor(ROLE_LABELS[role])} ${ROLE_LABELS[role].toLowerCase()}: you cannot ${joinWithOr(denied)}.`;
}

/**
 * What a role may do beyond opening the company, from the permission table: 'Can see the books, keep
 * the books, send money, manage invites and permissions and manage the company.'
 */
export function describeRoleAbilities(role: string | null | undefined): string | undefined {
  if (!role || !isRole(role)) return undefined;
  const allowed = permissionSummary(role)
    .filter((permission) => permission.allowed && permission.capability !== 'member')
    .map((permission) => lowerFirst(permission.label));
  return allowed.length > 0 ? `Can ${joinWithAnd(allowed)}.` : undefined;
}

function articleFor(word: string): 'a' | 'an' {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}
