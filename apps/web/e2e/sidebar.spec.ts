import { expect, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { createEntity, signInWithToken, signUpUser } from './support/api';

test.describe('sidebar', () => {
  test.beforeEach(async ({ page, request }) => {
    const user = await signUpUser(request, { name: 'Sam Sidebar' });
    await createEntity(request, user.token, 'Sidebar Test Co');
    await signInWithToken(page, user.token);
  });

  test('lists the pages an entity without a Keel account may use, and opens them', async ({ page }) => {
    await page.goto('/financial');
    const shell = new AppShell(page);
    await shell.waitForPage('Financial Report');
    await expect(shell.mainNav.getByRole('link')).toHaveText([
      'Financial Report',
      'Hiring Plan',
      'Accounts',
      'Dashboard',
      'Models',
      'Transactions',
    ]);
    await shell.navLink('Models').click();
    await expect(page).toHaveURL(/\/models$/);
    await shell.waitForPage('Models');
    await expect(shell.navLink('Models')).toHaveAttribute('data-active', 'true');
  });

  test('stays collapsed after a reload, and opens again', async ({ page }) => {
    await page.goto('/financial');
    const shell = new AppShell(page);
    await shell.waitForPage('Financial Report');
    await expect(shell.sidebar).toHaveAttribute('data-open', 'true');

    await shell.collapseSidebar();
    await expect(shell.sidebar).toHaveAttribute('data-open', 'false');
    await expect(shell.navLink('Dashboard')).toBeVisible();
    expect((await shell.sidebar.boundingBox())?.width).toBeLessThan(100);

    await page.reload();
    await shell.waitForPage('Financial Report');
    await expect(shell.sidebar).toHaveAttribute('data-open', 'false');

    await shell.expandSidebar();
    await expect(shell.sidebar).toHaveAttribute('data-open', 'true');
    expect((await shell.sidebar.boundingBox())?.width).toBeGreaterThan(200);
  });

  test('the user menu links to the account pages', async ({ page }) => {
    await page.goto('/financial');
    const shell = new AppShell(page);
    await shell.waitForPage('Financial Report');
    const menu = await shell.openUserMenu();
    await expect(menu.getByRole('menuitem')).toHaveText([
      'My profile',
      'Integrations',
      'Teams',
      'Security',
      'Sign out',
    ]);
    await menu.getByRole('menuitem', { name: 'Security' }).click();
    await expect(page).toHaveURL(/\/settings\/security$/);
    await shell.waitForPage('Security');
  });
});
