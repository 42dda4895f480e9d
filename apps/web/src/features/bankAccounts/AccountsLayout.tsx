import { PRODUCT_NAME, PRODUCT_SLUG } from '@keel/domain';
import { Stack, Tabs } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useEntityContext } from '../../shell/EntityContext';
import { PageTitle } from '../../shell/PageTitle';
import { useEntityUpdates } from './useEntityUpdates';

/** The tabs of /accounts (spec §2): Overview, Linked Accounts, and the provider's own accounts. */
const ACCOUNTS_TABS = [
  { path: '/accounts', label: 'Overview' },
  { path: '/accounts/linked', label: 'Linked Accounts' },
  { path: `/accounts/${PRODUCT_SLUG}`, label: `${PRODUCT_NAME} Accounts` },
] as const;

/**
 * /accounts and its tabs: one title, the tabs as links (each tab its own address, so a reload or a
 * shared link opens the same tab), and the tab's page beneath. While any tab is open the company's
 * changes are heard live (EntitySubscription) and what the tab shows is reloaded.
 */
export function AccountsLayout() {
  const { entity } = useEntityContext();
  useEntityUpdates(entity.id);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = ACCOUNTS_TABS.find((tab) => tab.path === pathname.replace(/\/$/, ''))?.path ?? '/accounts';
  return (
    <Stack gap="md" pb="xl" maw={1200}>
      <PageTitle title="Accounts" />
      <Tabs value={active} onChange={(path) => path && navigate(path)} keepMounted={false}>
        <Tabs.List aria-label="Accounts">
          {ACCOUNTS_TABS.map((tab) => (
            <Tabs.Tab key={tab.path} value={tab.path} data-testid={`accounts-tab-${tab.label}`}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
