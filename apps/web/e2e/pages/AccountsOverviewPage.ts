import { expect, type Locator, type Page } from '@playwright/test';
import { centsOfFigure } from './ReportGridPage';

/**
 * The Accounts Overview tab (/accounts, features/bankAccounts): the net worth and total assets charts, the
 * summary of assets and liabilities, and a section per group (Cash, Credit Cards, Investments, Loans,
 * Other) listing its accounts with their source. Figures are read as cents, as the page shows them
 * (owed balances negated).
 */
export class AccountsOverviewPage {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('accounts-overview');
  }

  async goto() {
    await this.page.goto('/accounts');
    await expect(this.root).toBeVisible();
  }

  group(name: string): Locator {
    return this.root.locator(`[data-testid="overview-group"][data-group=${JSON.stringify(name)}]`);
  }

  /** A group's total as shown; 0 when the group has no accounts (its section is not shown). */
  async groupCents(name: string): Promise<number> {
    const group = this.group(name);
    if ((await group.count()) === 0) return 0;
    return centsOfFigure((await group.getByTestId('group-total').textContent()) ?? '');
  }

  async netWorthCents(): Promise<number> {
    return centsOfFigure((await this.root.getByTestId('summary-net-worth-figure').textContent()) ?? '');
  }

  /** The row of an account by its name, in whatever group it is. */
  item(name: string): Locator {
    return this.root
      .getByTestId('overview-item')
      .filter({ has: this.page.getByTestId('item-name').getByText(name, { exact: true }) });
  }
}
