import { expect, test } from '@playwright/test';
import { STORAGE_KEYS } from '../src/lib/storageKeys';
import { AppShell } from './pages/AppShell';
import { createEntity, signInWithToken, signUpUser, uniqueEmail } from './support/api';

test.describe('feature flags', () => {
  test('staff see Feature Flags and can override a flag on this browser', async ({ page, request }) => {
    const staff = await signUpUser(request, {
      email: uniqueEmail('staff', 'keel.dev'),
      name: 'Stella Staff',
    });
    await createEntity(request, staff.token, 'Staff Test Co');
    await signInWithToken(page, staff.token);
    await page.goto('/financial');
    const shell = new AppShell(page);
    await shell.waitForPage('Financial Report');

    let menu = await shell.openUserMenu();
    await expect(menu.getByRole('menuitem', { name: 'Billing' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Feature Flags' }).click();

    const dialog = page.getByRole('dialog', { name: 'Feature Flags' });
    const customCharts = dialog.getByRole('switch', { name: 'Custom charts' });
    await expect(customCharts).not.toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Default' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Reset Custom charts' })).toHaveCount(0);

    // By the keyboard: a forced click could land beside the switch while the dialog still grows in.
    await customCharts.focus();
    await page.keyboard.press('Space');
    await expect(customCharts).toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Reset Custom charts' })).toBeVisible();
    const stored = await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.featureFlags);
    expect(JSON.parse(stored ?? '{}')).toEqual({ 'custom-charts': true });

    await page.reload();
    await shell.waitForPage('Financial Report');
    menu = await shell.openUserMenu();
    await menu.getByRole('menuitem', { name: 'Feature Flags' }).click();
    await expect(customCharts).toBeChecked();
    await dialog.getByRole('button', { name: 'Reset Custom charts' }).click();
    await expect(customCharts).not.toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Reset Custom charts' })).toHaveCount(0);
  });

  test('other users do not see Feature Flags', async ({ page, request }) => {
    const user = await signUpUser(request, { email: uniqueEmail('member', 'acme-robotics.test') });
    await createEntity(request, user.token, 'Member Test Co');
    await signInWithToken(page, user.token);
    await page.goto('/financial');
    const shell = new AppShell(page);
    await shell.waitForPage('Financial Report');
    const menu = await shell.openUserMenu();
    await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Feature Flags' })).toHaveCount(0);
  });
});
