import { expect, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { PASSWORD, readStoredToken, signUpUser, uniqueEmail } from './support/api';
import { SCREEN_SIZES } from './support/demo';

test.describe('signup', () => {
  test('shows each validation message of the signup form', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByText('Name must contain at least 1 letter')).toHaveCount(2);
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('You must agree to the terms')).toBeVisible();

    await page.getByLabel('Work email').fill('someone@');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('x'.repeat(129));
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Invalid email')).toBeVisible();
    await expect(page.getByText('Password must be at most 128 characters')).toBeVisible();

    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await expect(page.getByText('Name must contain at least 1 letter')).toHaveCount(0);
    await page.getByRole('checkbox').check();
    await expect(page.getByText('You must agree to the terms')).toHaveCount(0);
  });

  test('shows an error once the field is left, not while typing the first time', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Work email').fill('partial');
    await expect(page.getByText('Invalid email')).toHaveCount(0);
    await page.getByLabel('Work email').blur();
    await expect(page.getByText('Invalid email')).toBeVisible();
  });

  // Issue 11 item 5 (an invitation that opens nothing is refused), at both screen sizes.
  for (const size of SCREEN_SIZES)
    test(`creates the account, signs in and opens the linked accounts page (${size.width}×${size.height})`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      const email = uniqueEmail('signup');
      await page.goto('/signup?invite_token=invite-abc');
      await expect(page.getByText('You were invited to join a team.')).toBeVisible();
      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Last name').fill('Lovelace');
      await page.getByLabel('Work email').fill(email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
      await page.getByRole('checkbox').check();

      const requestPromise = page.waitForRequest('**/api/v1/users');
      await page.getByRole('button', { name: 'Create account' }).click();
      const sent = (await requestPromise).postDataJSON() as { user: Record<string, unknown> };
      expect(sent.user).toEqual({
        email,
        password: PASSWORD,
        name: 'Ada Lovelace',
        invite_token: 'invite-abc',
      });
      // No invitation has that token: the sign-up is refused, saying so, and can go on without it.
      await expect(
        page.getByText('invitation is invalid, was already used, or was sent to another email address'),
      ).toBeVisible();
      expect(await readStoredToken(page)).toBeNull();
      await page.getByRole('link', { name: 'Sign up without the invitation' }).click();
      await expect(page).toHaveURL(/\/signup$/);
      await expect(page.getByLabel('Work email')).toHaveValue(email);
      await page.getByRole('button', { name: 'Create account' }).click();

      await expect(page).toHaveURL(/\/accounts\/linked$/);
      expect(await readStoredToken(page)).toBeTruthy();
      // A new user without a company names one first; with one, the Linked Accounts page shows.
      const setUp = page.getByRole('heading', { name: 'Set up your company' });
      const linked = new AppShell(page).page.getByRole('heading', { name: 'Linked Accounts' });
      await expect(setUp.or(linked)).toBeVisible();
    });

  test("shows the server's field errors as 'field message'", async ({ page, request }) => {
    const existing = await signUpUser(request);
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Work email').fill(existing.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toHaveText(/^email .+/);
    await expect(page).toHaveURL(/\/signup$/);
  });
});
