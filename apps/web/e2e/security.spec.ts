import { expect, type Locator, type Page, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';
import {
  giveBrowserOwnClientAddress,
  measureServerClockOffsetMs,
  readOutbox,
  signInWithToken,
  signUpUserWithEntity,
  type TestUser,
  totpCode,
} from './support/api';

const ONLY_ONE_METHOD = 'Only one two-factor authentication method can be enabled at a time.';
const TOTP_STEP_MS = 30_000;

/** /settings/security: its password form, reset email button and two-factor section. */
class SecurityPage {
  readonly gatePassword: Locator;
  readonly app: Locator;
  readonly sms: Locator;
  readonly passwordForm: Locator;

  constructor(readonly page: Page) {
    this.gatePassword = page.getByRole('textbox', { name: 'Password', exact: true });
    this.app = page.getByRole('region', { name: 'Authenticator app' });
    this.sms = page.getByRole('region', { name: 'Text message (SMS)' });
    this.passwordForm = page.getByRole('form', { name: 'Change password' });
  }

  async goto() {
    await this.page.goto('/settings/security');
    await new AppShell(this.page).waitForPage('Security');
  }

  async openTwoFactor(password: string) {
    await this.gatePassword.fill(password);
    await this.page.getByRole('button', { name: 'Continue' }).click();
    await expect(this.app).toBeVisible();
  }

  async verifyCode(method: Locator, code: string) {
    await method.getByLabel('Verification code').fill(code);
    await method.getByRole('button', { name: 'Verify and enable' }).click();
  }

  async remove(method: Locator) {
    await method.getByRole('button', { name: 'Remove' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Remove two-factor authentication?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(method.getByText('Enabled')).toHaveCount(0);
  }
}

/** A fresh user with a company, signed in in the browser, on the security page. */
async function openSecurityPage(page: Page, user: TestUser): Promise<SecurityPage> {
  await giveBrowserOwnClientAddress(page);
  await signInWithToken(page, user.token);
  const security = new SecurityPage(page);
  await security.goto();
  return security;
}

/** The TOTP step (floor(seconds / 30)) of the server's clock now. */
const serverStep = (offsetMs: number) => Math.floor((Date.now() + offsetMs) / TOTP_STEP_MS);

test.describe('security settings', () => {
  test('turns on the authenticator app, signs in with its code, then turns it off', async ({
    page,
    request,
  }) => {
    const user = await signUpUserWithEntity(request, 'Security App Co');
    const offset = await measureServerClockOffsetMs(request, user);
    const security = await openSecurityPage(page, user);

    await security.openTwoFactor(user.password);
    await expect(security.app.getByText('Recommended')).toBeVisible();
    await security.app.getByRole('button', { name: 'Add' }).click();
    await expect(security.app.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = ((await security.app.getByTestId('otp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    await security.verifyCode(security.app, '000000');
    await expect(security.app.getByText('Failed to verify code')).toBeVisible();
    const enabledStep = serverStep(offset);
    await security.verifyCode(security.app, await totpCode(secret, offset));
    await expect(security.app.getByText('Enabled')).toBeVisible();
    await expect(security.app.getByText('Recommended')).toHaveCount(0);
    await expect(page.getByText('Two-factor authentication is on')).toBeVisible();

    await page.goto('/logout');
    const login = new LoginPage(page);
    await expect(login.page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await login.signIn(user.email, user.password);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    // A code works once: still within the step used to enable, take the next one (accepted as drift).
    const nextStepOffset = serverStep(offset) > enabledStep ? offset : offset + TOTP_STEP_MS;
    await login.enterCode(await totpCode(secret, nextStepOffset));
    await expect(page).toHaveURL(/\/financial$/);

    await security.goto();
    await security.openTwoFactor(user.password);
    await expect(security.app.getByText('Enabled')).toBeVisible();
    await security.remove(security.app);
    await expect(security.app.getByRole('button', { name: 'Add' })).toBeVisible();

    await page.goto('/logout');
    await expect(login.page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/financial$/);
  });

  test('turns on SMS with a texted code, shows only the last 4 digits, then removes it', async ({
    page,
    request,
  }) => {
    const user = await signUpUserWithEntity(request, 'Security Sms Co');
    const digits = String(Date.now()).slice(-6);
    const phone = `+14155${digits}`;
    const security = await openSecurityPage(page, user);

    await security.openTwoFactor(user.password);
    await security.sms.getByRole('button', { name: 'Add' }).click();
    await security.sms
      .getByLabel('Mobile phone number')
      .fill(`(415) 5${digits.slice(0, 2)}-${digits.slice(2)}`);
    await security.sms.getByRole('button', { name: 'Send code' }).click();
    await expect(security.sms.getByRole('button', { name: /^Resend code in \d+s$/ })).toBeDisabled();

    let code = '';
    await expect(async () => {
      const [latest] = await readOutbox(request, phone);
      code = latest?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
      expect(code).toHaveLength(6);
    }).toPass({ timeout: 10_000 });
    await security.verifyCode(security.sms, code);

    await expect(security.sms.getByText('Enabled')).toBeVisible();
    await expect(
      security.sms.getByText(`phone ending in ${phone.slice(-4)}`, { exact: false }),
    ).toBeVisible();
    await expect(page.getByText(phone.slice(2, 8))).toHaveCount(0);

    const appAdd = security.app.getByRole('button', { name: 'Add' });
    await expect(appAdd).toBeDisabled();
    await appAdd.hover();
    await expect(page.getByRole('tooltip')).toHaveText(ONLY_ONE_METHOD);

    await security.remove(security.sms);
    await expect(security.sms.getByRole('button', { name: 'Add' })).toBeVisible();
    await expect(appAdd).toBeEnabled();
  });

  test('changes the password, signs out every session and signs in with the new one only', async ({
    page,
    request,
  }) => {
    const user = await signUpUserWithEntity(request, 'Security Password Co');
    const newPassword = 'a-brand-new-password-7';
    const otherSession = await request.post('/oauth/token', {
      data: { email: user.email, password: user.password, grant_type: 'password' },
    });
    const { access_token: otherToken } = (await otherSession.json()) as { access_token: string };
    const security = await openSecurityPage(page, user);

    const form = security.passwordForm;
    await form.getByRole('textbox', { name: 'Current password' }).fill('not-the-password');
    await form.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await form.getByRole('textbox', { name: 'Confirm new password' }).fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByRole('alert')).toHaveText('Current password is incorrect');

    await form.getByRole('textbox', { name: 'Current password' }).fill(user.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Changing password, then logging out')).toBeVisible();
    await expect(page.getByText('Password changed. Please log in again')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/');

    const refused = await request.get('/userinfo/v2/me', {
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(refused.status()).toBe(401);

    const login = new LoginPage(page);
    await login.signIn(user.email, user.password);
    await expect(login.alert).toHaveText('Invalid login');
    await login.signIn(user.email, newPassword);
    await expect(page).toHaveURL(/\/financial$/);
  });

  test('emails a password reset link from the reset button', async ({ page, request }) => {
    const user = await signUpUserWithEntity(request, 'Security Reset Co');
    const security = await openSecurityPage(page, user);

    await page.getByRole('button', { name: 'Send password reset email' }).click();
    await expect(page.getByText(`An email with instructions has been sent to ${user.email}`)).toBeVisible();
    await expect(async () => {
      const messages = await readOutbox(request, user.email);
      expect(messages.some((message) => /\/password\/update\?/.test(message.body))).toBe(true);
    }).toPass({ timeout: 10_000 });
    await expect(security.page.getByRole('button', { name: 'Send password reset email' })).toBeDisabled();
  });
});
