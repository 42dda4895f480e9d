import { expect, test } from '@playwright/test';
import { STORAGE_KEYS } from '../src/lib/storageKeys';
import { AppShell } from './pages/AppShell';
import { createEntity, signInWithToken, signUpUser } from './support/api';

test.describe('entity switcher', () => {
  test('switches entity with a fuzzy search, and the choice survives a reload and a sign-in elsewhere', async ({
    page,
    request,
  }) => {
    const user = await signUpUser(request);
    await createEntity(request, user.token, 'Alder Analytics Inc.');
    await createEntity(request, user.token, 'Zephyr Robotics LLC');
    await signInWithToken(page, user.token);

    await page.goto('/financial');
    const shell = new AppShell(page);
    await shell.waitForPage('Financial Report');
    await expect(page.getByTestId('report-entity-name')).toHaveText('Alder Analytics Inc.');

    await shell.entitySwitcher.click();
    const options = page.getByRole('option');
    await expect(options).toHaveText(['Alder Analytics Inc.', 'Zephyr Robotics LLC']);
    await expect(
      page.getByRole('option', { name: 'Alder Analytics Inc.' }).getByTestId('current-entity-check'),
    ).toBeVisible();
    await page.getByRole('textbox', { name: 'Search entities' }).fill('zephr robtics');
    await expect(options).toHaveText(['Zephyr Robotics LLC']);
    await options.first().click();

    await expect(page.getByTestId('report-entity-name')).toHaveText('Zephyr Robotics LLC');
    await expect(page.getByTestId('current-entity-name')).toHaveText('Zephyr Robotics LLC');

    await page.reload();
    await shell.waitForPage('Financial Report');
    await expect(page.getByTestId('report-entity-name')).toHaveText('Zephyr Robotics LLC');

    // On another device (no company remembered in the browser), signing in lands on the company used last.
    await page.evaluate((key) => window.localStorage.removeItem(key), STORAGE_KEYS.appState);
    await signInWithToken(page, user.token);
    await page.goto('/financial');
    await shell.waitForPage('Financial Report');
    await expect(page.getByTestId('report-entity-name')).toHaveText('Zephyr Robotics LLC');

    await shell.entitySwitcher.click();
    await page.getByRole('button', { name: 'New entity' }).click();
    await page
      .getByRole('dialog', { name: 'New entity' })
      .getByLabel('Company name')
      .fill('Middle Marine Co');
    await page.getByRole('button', { name: 'Create entity' }).click();
    // Creating a company writes its chart and report, then the list is fetched again: slower than a
    // read when two workers share the server.
    await expect(page.getByTestId('report-entity-name')).toHaveText('Middle Marine Co', { timeout: 15_000 });
    await shell.entitySwitcher.click();
    await expect(options).toHaveText(['Alder Analytics Inc.', 'Middle Marine Co', 'Zephyr Robotics LLC']);
  });

  test('creates a first company for a new user', async ({ page, request }) => {
    const user = await signUpUser(request);
    await signInWithToken(page, user.token);
    await page.goto('/financial');
    await expect(page.getByRole('heading', { name: 'Set up your company' })).toBeVisible();
    await page.getByLabel('Company name').fill('Brand New Co');
    await page.getByRole('button', { name: 'Create company' }).click();
    await expect(page.getByTestId('report-entity-name')).toHaveText('Brand New Co');
  });
});
