/** Roles a member can hold in an entity (spec §3 Member). The owner is admin-level. */
export const ROLES = ['owner', 'admin', 'bookkeeper', 'card_only', 'custom'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that can be chosen when inviting or editing a member (spec §6). */
export const ASSIGNABLE_ROLES = ['admin', 'bookkeeper'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** How each role is named on screen (team list, member page, invite form). */
export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  bookkeeper: 'Bookkeeper',
  card_only: 'Card only',
  custom: 'Custom',
};

/** What an operation needs. Every resolver names one when it calls the entity guard. */
export const CAPABILITIES = [
  'member',
  'read',
  'bookkeeping',
  'sendMoney',
  'useCards',
  'manageTeam',
  'manageEntity',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** One row of the permission table: a capability, how a person reads it, and the roles that hold it. */
export type Permission = {
  capability: Capability;
  /** Short, for the member page's read-only permission summary. */
  label: string;
  /** What it covers, for the summary's detail and the README's table. */
  description: string;
  roles: readonly Role[];
};

/**
 * THE permission table: the one source of who may do what. The server's entity guard
 * (`ctx.requireEntity(entityId, capability)`) asks `roleCan`, which reads it; the member page's
 * permission summary reads `permissionSummary`, and the README's table is `permissionTableMarkdown()`
 * (a test keeps the README equal to it). Spec §6: admins (and the owner, admin-level) send money and
 * manage invites and permissions; bookkeepers do neither. The rest is ours, where the spec is silent:
 * card-only members see the company's name, their own role and the company's cards, whose numbers they
 * reveal to pay with them (useCards, with the owner and admins: a bookkeeper lists the cards but never
 * sees a full number; changing a card takes sendMoney); custom roles, which the spec does
 * not define, read the books and change nothing until they are defined.
 */
export const PERMISSION_TABLE: readonly Permission[] = [
  {
    capability: 'member',
    label: 'Open the company',
    description: "The company's name, the member's own role, and the list of the company's cards",
    roles: ['owner', 'admin', 'bookkeeper', 'card_only', 'custom'],
  },
  {
    capability: 'read',
    label: 'See the books',
    description: 'Reports, transactions, dashboards, models, the hiring plan and the team list',
    roles: ['owner', 'admin', 'bookkeeper', 'custom'],
  },
  {
    capability: 'bookkeeping',
    label: 'Keep the books',
    description: 'Change accounts, entries, forecasts, rules, dashboards, models and the hiring plan',
    roles: ['owner', 'admin', 'bookkeeper'],
  },
  {
    capability: 'sendMoney',
    label: 'Send money',
    description: 'Transfers and the card actions that move money',
    roles: ['owner', 'admin'],
  },
  {
    capability: 'useCards',
    label: 'Use the company cards',
    description: "See a card's full number and CVV to pay with it",
    roles: ['owner', 'admin', 'card_only'],
  },
  {
    capability: 'manageTeam',
    label: 'Manage invites and permissions',
    description: 'Invite, approve and remove people, and change their roles',
    roles: ['owner', 'admin'],
  },
  {
    capability: 'manageEntity',
    label: 'Manage the company',
    description: 'Company settings, integrations and billing',
    roles: ['owner', 'admin'],
  },
];

/** Each role's capabilities, read once from the table. */
function capabilitiesOf(role: Role): ReadonlySet<Capability> {
  return new Set(PERMISSION_TABLE.filter((row) => row.roles.includes(role)).map((row) => row.capability));
}

const CAPABILITIES_BY_ROLE: Record<Role, ReadonlySet<Capability>> = {
  owner: capabilitiesOf('owner'),
  admin: capabilitiesOf('admin'),
  bookkeeper: capabilitiesOf('bookkeeper'),
  card_only: capabilitiesOf('card_only'),
  custom: capabilitiesOf('custom'),
};

/** Whether the role grants the capability, by the permission table. */
export function roleCan(role: Role, capability: Capability): boolean {
  return CAPABILITIES_BY_ROLE[role].has(capability);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** A role's row of the permission summary: each capability of the table, allowed or not. */
export type PermissionSummaryItem = Omit<Permission, 'roles'> & { allowed: boolean };

/** The member page's read-only permission summary for a role (spec §2 /settings/team/member). */
export function permissionSummary(role: Role): PermissionSummaryItem[] {
  return PERMISSION_TABLE.map(({ capability, label, description }) => ({
    capability,
    label,
    description,
    allowed: roleCan(role, capability),
  }));
}

/** The permission table as Markdown, one row per capability and one column per role. */
export function permissionTableMarkdown(): string {
  const header = `| capability | what it covers | ${ROLES.map((role) => ROLE_LABELS[role].toLowerCase()).join(' | ')} |`;
  const rule = `|---|---|${ROLES.map(() => '---').join('|')}|`;
  const rows = PERMISSION_TABLE.map(
    (row) =>
      `| ${row.label} (\`${row.capability}\`) | ${row.description} | ${ROLES.map((role) => (roleCan(role, row.capability) ? 'yes' : '—')).join(' | ')} |`,
  );
  return [header, rule, ...rows].join('\n');
}
