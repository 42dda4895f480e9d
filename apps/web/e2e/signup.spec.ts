import { expect, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';
import {
  PASSWORD,
  readConfirmationLink,
  readOutbox,
  readStoredToken,
  signUpUser,
  startSignUp,
  uniqueEmail,
} from './support/api';
import { SCREEN_SIZES } from './support/demo';
import { shot } from './support/screenshots';

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

  // At both screen sizes: an invitation that opens nothing is refused; then the
  // emailed link confirms the address and signs in.
  for (const size of SCREEN_SIZES)
    test(`creates the account, confirms the address from the email, signs in and opens the linked accounts page (${size.width}×${size.height})`, async ({
      page,
      request,
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

      // Nobody is signed in yet: the page says to check the email.
      await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
      await expect(page.getByTestId('check-email')).toContainText(`We sent a message to ${email}.`);
      expect(await readStoredToken(page)).toBeNull();
      await page.screenshot({ path: shot(`signup-check-email-${size.width}x${size.height}`) });

      // The emailed link asks for the password, then confirms the address and signs in.
      const link = await readConfirmationLink(request, email);
      await page.goto(link.path);
      await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
      await expect(page.getByLabel('Email')).toHaveValue(email);
      await page.screenshot({ path: shot(`email-confirm-${size.width}x${size.height}`) });
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Confirm email' }).click();

      await expect(page).toHaveURL(/\/accounts\/linked$/);
      await expect(page.getByText('Email confirmed. Welcome to Keel.')).toBeVisible();
      expect(await readStoredToken(page)).toBeTruthy();
      // A new user without a company names one first; with one, the Linked Accounts page shows.
      const setUp = page.getByRole('heading', { name: 'Set up your company' });
      const linked = new AppShell(page).page.getByRole('heading', { name: 'Linked Accounts' });
      await expect(setUp.or(linked)).toBeVisible();

      // The link works once.
      await page.goto('/logout');
      await page.goto(link.path);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Confirm email' }).click();
      await expect(page.getByTestId('link-problem')).toContainText(
        'This confirmation link is invalid or was already used',
      );
      await page.screenshot({ path: shot(`email-confirm-used-${size.width}x${size.height}`) });
    });

  test('answers an address that has an account as any other and emails its owner instead, signing nobody in', async ({
    page,
    request,
  }) => {
    const existing = await signUpUser(request);
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Work email').fill(existing.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByTestId('check-email')).toContainText(`We sent a message to ${existing.email}.`);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await readStoredToken(page)).toBeNull();
    await expect(async () => {
      const [message] = await readOutbox(request, existing.email);
      expect(message?.subject).toBe('Someone tried to sign up for Keel with your email');
    }).toPass();

    // Asking for the link again says the same for any address.
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await expect(page.getByTestId('link-requested')).toHaveText(
      'If that address has an account waiting to be confirmed, a new link is on its way.',
    );
  });

  test('tells someone who has not confirmed the address yet to do so when they sign in, and mails a new link', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('unconfirmed');
    await startSignUp(request, { email, password: PASSWORD, name: 'Una Confirmed' });
    const first = await readConfirmationLink(request, email);
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(email, PASSWORD);
    await expect(login.alert).toHaveText(
      'Confirm your email address to sign in: we have sent a new link to it.',
    );
    expect(await readStoredToken(page)).toBeNull();
    await expect(async () => {
      expect((await readConfirmationLink(request, email)).token).not.toBe(first.token);
    }).toPass();
  });
});
