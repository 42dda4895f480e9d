import { expect, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';
import { readOutbox, signUpUser } from './support/api';

const NEW_PASSWORD = 'a-brand-new-password-7';

test.describe('password reset', () => {
  test('requests a link, follows it from the email, sets a new password and signs in with it', async ({
    page,
    request,
  }) => {
    const user = await signUpUser(request);

    const login = new LoginPage(page);
    await login.goto();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/password\/reset$/);
    // The sign-in form stays on screen until the next page's code has loaded.
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();

    await expect(page).toHaveURL(/\/password\/link\/sent$/);
    await expect(page.getByRole('heading', { name: 'Password Reset Link Sent' })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();

    let link: URL | undefined;
    await expect(async () => {
      const messages = await readOutbox(request, user.email);
      const match = messages[0]?.body.match(/https?:\/\/\S+\/password\/update\?\S+/);
      expect(match).toBeTruthy();
      link = new URL(match?.[0] ?? '');
    }).toPass({ timeout: 10_000 });
    if (!link) throw new Error('No reset link in the email');

    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
    await page
      .getByRole('textbox', { name: 'Confirm new password', exact: true })
      .fill('something-else-entirely');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Changing password, then logging out')).toBeVisible();
    await expect(page.getByText('Password changed. Please log in again')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/');

    await login.signIn(user.email, user.password);
    await expect(login.alert).toHaveText('Invalid login');
    await login.signIn(user.email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/financial$/);
    await expect(
      page.getByRole('heading', { name: 'Set up your company' }).or(new AppShell(page).heading),
    ).toBeVisible();
  });

  test("shows the server's errors for a used or forged link", async ({ page, request }) => {
    const user = await signUpUser(request);
    await page.goto(`/password/update?email=${encodeURIComponent(user.email)}&token=forged-token`);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/password\/update/);
  });

  test('explains an incomplete link', async ({ page }) => {
    await page.goto('/password/update');
    await expect(page.getByText('This reset link is incomplete.', { exact: false })).toBeVisible();
  });
});
