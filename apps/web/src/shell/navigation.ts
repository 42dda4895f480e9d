import { PRODUCT_NAME, PRODUCT_SLUG } from '@keel/domain';

/** A link of the sidebar or the user menu. `icon` names an icon, mapped to a component by the shell. */
export type NavigationItem = { path: string; label: string; icon: NavigationIcon };

export type NavigationIcon =
  | 'report'
  | 'hiring'
  | 'accounts'
  | 'dashboard'
  | 'models'
  | 'transactions'
  | 'providerTransactions'
  | 'documents'
  | 'profile'
  | 'integrations'
  | 'billing'
  | 'team'
  | 'security';

export type SidebarEntity = { apiFlags: { qbo: boolean }; hasKeelAccounts: boolean };

/**
 * The sidebar of spec §2 'Navigation shell' with the visibility rules of spec §6: Transactions only
 * while the accounting connection (qbo) is off; Keel Transactions and Documents only with a Keel
 * deposit account.
 */
export function buildSidebarItems(entity: SidebarEntity | null): NavigationItem[] {
  const items: (NavigationItem | false)[] = [
    { path: '/financial', label: 'Financial Report', icon: 'report' },
    { path: '/hiring-plan', label: 'Hiring Plan', icon: 'hiring' },
    { path: '/accounts', label: 'Accounts', icon: 'accounts' },
    { path: '/dashboard', label: 'Dashboard', icon: 'dashboard' },
    { path: '/models', label: 'Models', icon: 'models' },
    !entity?.apiFlags.qbo && { path: '/transactions', label: 'Transactions', icon: 'transactions' },
    !!entity?.hasKeelAccounts && {
      path: `/${PRODUCT_SLUG}-transactions`,
      label: `${PRODUCT_NAME} Transactions`,
      icon: 'providerTransactions',
    },
    !!entity?.hasKeelAccounts && { path: '/documents', label: 'Documents', icon: 'documents' },
  ];
  return items.filter((item): item is NavigationItem => item !== false);
}

/** The user menu (spec §2). Billing is hidden in production navigation except for staff. */
export function buildUserMenuItems({
  production,
  staff,
}: {
  production: boolean;
  staff: boolean;
}): NavigationItem[] {
  const items: (NavigationItem | false)[] = [
    { path: '/settings', label: 'My profile', icon: 'profile' },
    { path: '/settings/integrations', label: 'Integrations', icon: 'integrations' },
    (!production || staff) && { path: '/settings/billing', label: 'Billing', icon: 'billing' },
    { path: '/settings/team', label: 'Teams', icon: 'team' },
    { path: '/settings/security', label: 'Security', icon: 'security' },
  ];
  return items.filter((item): item is NavigationItem => item !== false);
}

/** Whether a sidebar link is the current page: itself or a page below it (/models/12 -> Models). */
export function isActivePath(itemPath: string, currentPath: string): boolean {
  if (itemPath === '/financial') return currentPath === '/financial' || currentPath.startsWith('/reports/');
  return currentPath === itemPath || currentPath.startsWith(`${itemPath}/`);
}
