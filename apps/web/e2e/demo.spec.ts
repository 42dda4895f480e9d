import { expect, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';

/** The seeded demo users (SEED_DEMO=true). */
const DEMO_PASSWORD = 'keel-demo-2026';

test.describe('demo users', () => {
  test('the demo owner signs in and sees both demo companies', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn('demo@keel.test', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/financial$/);
    const shell = new AppShell(page);
    await shell.waitForPage('Financial Report');
    // The first visit opens the company with the most in its books, not the first by name.
    await expect(shell.entitySwitcher).toContainText('Acme Robotics Inc.');
    await shell.entitySwitcher.click();
    await expect(page.getByRole('option')).toHaveText(['Acme Holdings LLC', 'Acme Robotics Inc.']);
  });

  test('staff see Feature Flags, the bookkeeper does not', async ({ page }) => {
    const login = new LoginPage(page);
    const shell = new AppShell(page);
    await login.goto();
    await login.signIn('staff@keel.dev', DEMO_PASSWORD);
    await shell.waitForPage('Financial Report');
    let menu = await shell.openUserMenu();
    await expect(menu.getByRole('menuitem', { name: 'Feature Flags' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await login.signIn('bookkeeper@acme-robotics.test', DEMO_PASSWORD);
    await shell.waitForPage('Financial Report');
    menu = await shell.openUserMenu();
    await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Feature Flags' })).toHaveCount(0);
  });
});
