/** Roles a member can hold in an entity (spec §3 Member). The owner is admin-level. */
export const ROLES = ['owner', 'admin', 'bookkeeper', 'card_only', 'custom'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that can be chosen when inviting or editing a member (spec §6). */
export const ASSIGNABLE_ROLES = ['admin', 'bookkeeper'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/**
 * What an operation needs. Every resolver names one when it calls the entity guard.
 * - `member`: open the entity — its name and the viewer's own role in it (every member, card-only too).
 * - `read`: see the entity's books: reports, transactions, plans (every member but card-only).
 * - `bookkeeping`: change the ledger, reports, dashboards, models and hiring plan.
 * - `sendMoney`: transfers and card actions that move money.
 * - `manageTeam`: invites, member roles and permissions.
 * - `manageEntity`: entity settings, integrations and billing.
 */
export type Capability = 'member' | 'read' | 'bookkeeping' | 'sendMoney' | 'manageTeam' | 'manageEntity';

const CAPABILITIES_BY_ROLE: Record<Role, readonly Capability[]> = {
  owner: ['member', 'read', 'bookkeeping', 'sendMoney', 'manageTeam', 'manageEntity'],
  admin: ['member', 'read', 'bookkeeping', 'sendMoney', 'manageTeam', 'manageEntity'],
  bookkeeper: ['member', 'read', 'bookkeeping'],
  // Card-only members use their cards; they see the company's name, never its books.
  card_only: ['member'],
  // Custom roles have no defined rules in the spec; they get read access only until defined.
  custom: ['member', 'read'],
};

export function roleCan(role: Role, capability: Capability): boolean {
  return CAPABILITIES_BY_ROLE[role].includes(capability);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
