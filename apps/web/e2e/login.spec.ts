import { expect, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';
import {
  enableAppTwoFactor,
  enableSmsTwoFactor,
  measureServerClockOffsetMs,
  readOutbox,
  readStoredToken,
  signInWithToken,
  signUpUser,
  signUpUserWithEntity,
  totpCode,
} from './support/api';

test.describe('login', () => {
  test("shows 'Invalid login' for a wrong password", async ({ page, request }) => {
    const user = await signUpUser(request);
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(user.email, 'not-the-password');
    await expect(login.alert).toHaveText('Invalid login');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signs in with the right password and lands on the financial report', async ({ page, request }) => {
    const user = await signUpUserWithEntity(request, 'Login Test Co');
    const login = new LoginPage(page);
    await login.goto('/');
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/financial$/);
    await new AppShell(page).waitForPage('Financial Report');
    expect(await readStoredToken(page)).toBeTruthy();
  });

  test('shows the form errors before calling the server', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.email.fill('not-an-email');
    await login.signInButton.click();
    await expect(page.getByText('Invalid email')).toBeVisible();
  });

  test('sends a signed-in visitor from / and /login to /financial, and /home too', async ({
    page,
    request,
  }) => {
    const user = await signUpUserWithEntity(request, 'Redirect Test Co');
    await signInWithToken(page, user.token);
    for (const path of ['/', '/login', '/home']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/financial$/);
    }
  });

  test('sends a signed-out visitor from a signed-in page to /login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('shows no Google button when Google sign-in is not configured', async ({ page, request }) => {
    const providers = await (await request.get('/api/v1/auth/providers')).json();
    expect(providers).toEqual({ google_client_id: null });
    const login = new LoginPage(page);
    await login.goto();
    await expect(page.getByTestId('google-sign-in')).toHaveCount(0);
  });
});

test.describe('two-factor code step', () => {
  test('asks an authenticator-app user for the code and signs in with it', async ({ page, request }) => {
    const user = await signUpUserWithEntity(request, 'Two Factor Co');
    const serverOffset = await measureServerClockOffsetMs(request, user);
    const secret = await enableAppTwoFactor(request, user.email);

    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(user.email, user.password);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();

    await login.enterCode('000000');
    await expect(login.alert).toHaveText('Failed to verify code');

    await login.enterCode(await totpCode(secret, serverOffset));
    await expect(page).toHaveURL(/\/financial$/);
    await new AppShell(page).waitForPage('Financial Report');
  });

  test('texts an SMS user a code, offers a resend after the cooldown, and signs in with the code', async ({
    page,
    request,
  }) => {
    const user = await signUpUserWithEntity(request, 'Sms Co');
    const phone = `+1555${String(Date.now()).slice(-7)}`;
    await enableSmsTwoFactor(request, user.email, phone);

    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(user.email, user.password);
    await expect(page.getByText(`SMS sent to phone ending in ${phone.slice(-4)}`)).toBeVisible();
    await expect(page.getByText(/^Resend code in \d+s$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend code' })).toHaveCount(0);

    let code = '';
    await expect(async () => {
      const [latest] = await readOutbox(request, phone);
      code = latest?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
      expect(code).toHaveLength(6);
    }).toPass({ timeout: 10_000 });
    await login.enterCode(code);
    await expect(page).toHaveURL(/\/financial$/);
  });

  test('checks the code has 6 digits', async ({ page, request }) => {
    const user = await signUpUser(request);
    await enableAppTwoFactor(request, user.email);
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(user.email, user.password);
    await login.enterCode('12');
    await expect(page.getByText('Code must be 6 digits')).toBeVisible();
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});
