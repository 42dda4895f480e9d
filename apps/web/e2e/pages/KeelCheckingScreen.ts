import { expect, type Locator, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/lib/storageKeys';
import { signInWithToken } from '../support/api';
import { AppShell } from './AppShell';

/** Signs in with the token, selects the entity, and opens /keel-checking. */
export async function openKeelChecking(
  page: Page,
  token: string,
  entityId: string,
): Promise<KeelCheckingScreen> {
  await signInWithToken(page, token);
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, JSON.stringify(value)), [
    STORAGE_KEYS.appState,
    { selectedEntityId: entityId },
  ] as const);
  const screen = new KeelCheckingScreen(page);
  await screen.goto();
  return screen;
}

/** /keel-checking: the Keel Accounts table, the transfers and the Send money dialog with its Review step. */
export class KeelCheckingScreen {
  readonly accountRows: Locator;
  readonly emptyState: Locator;
  readonly transferRows: Locator;
  readonly sendMoneyButton: Locator;
  readonly dialog: Locator;
  /** Send money's Review step, and what it shows once the transfer is created. */
  readonly review: Locator;
  readonly sent: Locator;

  constructor(readonly page: Page) {
    this.accountRows = page.getByTestId('keel-account-row');
    this.emptyState = page.getByTestId('keel-accounts-empty');
    this.transferRows = page.getByTestId('transfer-row');
    this.sendMoneyButton = page.getByRole('button', { name: 'Send money' });
    this.dialog = page.getByRole('dialog', { name: 'Send money' });
    this.review = this.dialog.getByTestId('transfer-review');
    this.sent = this.dialog.getByTestId('transfer-sent');
  }

  /** A transfer's row, by its recipient. */
  transferRow(recipientName: string): Locator {
    return this.transferRows.filter({ hasText: recipientName });
  }

  async goto() {
    await this.page.goto('/keel-checking');
    await new AppShell(this.page).waitForPage('Keel Accounts');
    await expect(this.accountRows.first().or(this.emptyState)).toBeVisible();
  }

  /** Opens Send money on a rail's tab; returns that tab's form. */
  async openSendMoney(rail: 'ACH' | 'Wire' = 'ACH'): Promise<Locator> {
    await this.sendMoneyButton.click();
    await expect(this.dialog).toBeVisible();
    return this.switchTab(rail);
  }

  /** Shows a rail's tab of the open dialog; returns its form. */
  async switchTab(rail: 'ACH' | 'Wire'): Promise<Locator> {
    await this.dialog.getByRole('tab', { name: rail }).click();
    const form = this.dialog.getByRole('form', { name: `${rail} transfer` });
    await expect(form).toBeVisible();
    return form;
  }

  /** A text box of the form, by its label. */
  field(form: Locator, label: string): Locator {
    return form.getByRole('textbox', { name: label, exact: true });
  }

  /** Types into a field and leaves it, as a person does (the form checks on blur). */
  async fill(form: Locator, label: string, value: string) {
    const input = this.field(form, label);
    await input.fill(value);
    await input.blur();
  }
}
