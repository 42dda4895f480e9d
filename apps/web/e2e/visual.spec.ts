import { expect, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';
import { createEntity, signInWithToken, signUpUser, uniqueEmail } from './support/api';
import { shot } from './support/screenshots';

/** Screenshots for a person to look at (test-results/screenshots), plus layout checks a person would make. */
/** Mantine's transitions (menus, the sidebar width) take up to 200 ms. */
const TRANSITION_MS = 350;

test.describe('layout', () => {
  test('the sign-in page', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await page.screenshot({ path: shot('login') });
    await login.signInButton.click();
    await page.screenshot({ path: shot('login-errors') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: shot('login-mobile') });
  });

  test('the signup page', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.screenshot({ path: shot('signup-errors') });
  });

  test('the signed-in shell', async ({ page, request }) => {
    const user = await signUpUser(request, {
      email: uniqueEmail('dana', 'keel.dev'),
      name: 'Dana Whitfield',
    });
    await createEntity(request, user.token, 'Acme Robotics Inc.');
    await createEntity(request, user.token, 'Acme Holdings LLC');
    await createEntity(request, user.token, 'Northwind Traders');
    await signInWithToken(page, user.token);
    await page.goto('/financial');
    const shell = new AppShell(page);
    await shell.waitForPage('Financial Report');

    const sidebar = await shell.sidebar.locator('..').boundingBox();
    const heading = await shell.heading.boundingBox();
    expect(sidebar?.width).toBe(240);
    expect(heading && sidebar && heading.x).toBeGreaterThan((sidebar?.x ?? 0) + (sidebar?.width ?? 0));
    await page.screenshot({ path: shot('shell') });

    await shell.entitySwitcher.click();
    await page.getByRole('textbox', { name: 'Search entities' }).fill('acme');
    await page.screenshot({ path: shot('shell-entity-switcher') });
    await page.keyboard.press('Escape');

    const menu = await shell.openUserMenu();
    await page.waitForTimeout(TRANSITION_MS);
    await page.screenshot({ path: shot('shell-user-menu') });
    await menu.getByRole('menuitem', { name: 'Feature Flags' }).click();
    await expect(page.getByRole('dialog', { name: 'Feature Flags' })).toBeVisible();
    await page.waitForTimeout(TRANSITION_MS);
    await page.screenshot({ path: shot('shell-feature-flags') });
    await page.keyboard.press('Escape');

    await shell.collapseSidebar();
    await expect(shell.sidebar).toHaveAttribute('data-open', 'false');
    await page.waitForTimeout(TRANSITION_MS);
    await page.screenshot({ path: shot('shell-collapsed') });
  });
});
