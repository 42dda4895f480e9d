import { expect, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { createEntity, signInByApi, signInWithToken, signUpUser } from './support/api';
import { DEMO_OWNER_EMAIL, DEMO_PASSWORD, SCREEN_SIZES } from './support/demo';
import { shot } from './support/screenshots';

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

test.describe('cards in reach', () => {
  test('the demo owner reaches /cards from the sidebar at 1440×900 and 1280×720', async ({
    page,
    request,
  }) => {
    const token = await signInByApi(request, DEMO_OWNER_EMAIL, DEMO_PASSWORD);
    await signInWithToken(page, token);
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await page.goto('/financial');
      const shell = new AppShell(page);
      await shell.waitForPage('Financial Report');
      const cards = shell.navLink('Cards');
      await expect(cards).toBeInViewport();
      await cards.click();
      await expect(page).toHaveURL(/\/cards$/);
      await shell.waitForPage('Cards');
      await expect(shell.navLink('Cards')).toHaveAttribute('data-active', 'true');
      await expect(page.getByTestId('card-tile').first()).toBeVisible();
      await page.screenshot({ path: shot(`sidebar-cards-${size.width}x${size.height}`) });
    }
  });
});
