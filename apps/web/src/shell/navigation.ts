import { PRODUCT_NAME, PRODUCT_SLUG } from '@keel/domain';
import { viewerHolds } from './viewerHolds';

/** A link of the sidebar or the user menu. `icon` names an icon, mapped to a component by the shell. */
type NavigationItem = { path: string; label: string; icon: NavigationIcon };

export type NavigationIcon =
  | 'report'
  | 'hiring'
  | 'accounts'
  | 'dashboard'
  | 'models'
  | 'transactions'
  | 'providerTransactions'
  | 'documents'
  | 'cards'
  | 'profile'
  | 'integrations'
  | 'billing'
  | 'team'
  | 'security';

type SidebarEntity = { apiFlags: { qbo: boolean }; hasKeelAccounts: boolean; viewerRole: string };

/** Whether the viewer's role in an entity shows its books (reports, transactions, plans): all but card-only. */
export function canSeeBooks(viewerRole: string): boolean {
  return viewerHolds(viewerRole, 'read');
}

/** Where a member whose role does not show the books works: their cards. */
export const CARDS_PATH = '/cards';

/** The pages such a member may open: their cards, their profile and their security settings. */
const PATHS_WITHOUT_BOOKS = new Set([CARDS_PATH, '/settings', '/settings/security']);

/** Whether a signed-in page may be shown to a member of this role, else they are sent to CARDS_PATH. */
export function isPathAllowed(viewerRole: string, path: string): boolean {
  return canSeeBooks(viewerRole) || PATHS_WITHOUT_BOOKS.has(path);
}

const CARDS_ITEM: NavigationItem = { path: CARDS_PATH, label: 'Cards', icon: 'cards' };

/**
 * The sidebar of spec §2 'Navigation shell' with the visibility rules of spec §6: Transactions only
 * while the accounting connection (qbo) is off; Keel Transactions, Documents and Cards only with a Keel
 * deposit account (cards are issued on one), Cards for every role that may list the company's cards
 * (the permission table's 'member': owners, admins, bookkeepers). A card-only member sees their cards
 * only, with or without an account.
 */
export function buildSidebarItems(entity: SidebarEntity | null): NavigationItem[] {
  if (entity && !canSeeBooks(entity.viewerRole)) return [CARDS_ITEM];
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
    !!entity?.hasKeelAccounts && viewerHolds(entity.viewerRole, 'member') && CARDS_ITEM,
  ];
  return items.filter((item): item is NavigationItem => item !== false);
}

/**
 * The user menu (spec §2). Billing is hidden in production navigation except for staff; a member who
 * does not see the books (card-only) keeps their own profile and security only.
 */
export function buildUserMenuItems({
  production,
  staff,
  books = true,
}: {
  production: boolean;
  staff: boolean;
  books?: boolean;
}): NavigationItem[] {
  if (!books)
    return [
      { path: '/settings', label: 'My profile', icon: 'profile' },
      { path: '/settings/security', label: 'Security', icon: 'security' },
    ];
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
