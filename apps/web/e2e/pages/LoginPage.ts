import { expect, type Locator, type Page } from '@playwright/test';

/** The sign-in screen (/login), including its verification-code step. */
export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly signInButton: Locator;
  readonly alert: Locator;
  readonly code: Locator;
  readonly verifyButton: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email');
    this.password = page.getByRole('textbox', { name: 'Password', exact: true });
    this.signInButton = page.getByRole('button', { name: 'Sign in' });
    // The form's own message; toasts are alerts too, outside the form.
    this.alert = page.locator('form').getByRole('alert');
    this.code = page.getByLabel('Verification code');
    this.verifyButton = page.getByRole('button', { name: 'Verify' });
  }

  async goto(path = '/login') {
    await this.page.goto(path);
    await expect(this.page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  }

  async signIn(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.signInButton.click();
  }

  async enterCode(code: string) {
    await this.code.fill(code);
    await this.verifyButton.click();
  }
}
