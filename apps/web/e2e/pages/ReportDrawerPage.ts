import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { graphql, readStoredToken } from '../support/api';
import { DEMO_COMPANY } from '../support/demo';

/** '$1,234.56' / '-$1,234.56' -> cents. */
function parseMoney(text: string): number {
  const negative = text.trim().startsWith('-');
  const digits = text.replace(/[^\d]/g, '');
  const cents = Number(digits);
  return negative ? -cents : cents;
}

/**
 * The Financial Report's drawer (drawer/ReportDrawer.tsx) and the grid cells the drawer's specs read
 * (the DOM contract: rows by `data-row-key`, cells by `data-column-key`).
 */
export class ReportDrawerPage {
  readonly drawer: Locator;
  readonly searchBox: Locator;
  readonly newEntryButton: Locator;
  readonly closeButton: Locator;
  readonly entries: Locator;
  readonly summary: Locator;

  constructor(readonly page: Page) {
    this.drawer = page.getByTestId('report-drawer');
    this.searchBox = this.drawer.getByRole('textbox', { name: 'Search entries' });
    this.newEntryButton = this.drawer.getByRole('button', { name: 'New entry' });
    this.closeButton = this.drawer.getByRole('button', { name: 'Close drawer' });
    this.entries = this.drawer.getByTestId('drawer-entry');
    this.summary = this.drawer.getByTestId('drawer-summary');
  }

  heading(name: string): Locator {
    return this.drawer.getByRole('heading', { name, exact: true });
  }

  form(title: 'New Entry' | 'Edit Entry' | 'New Forecast' | 'Edit Forecast'): Locator {
    return this.drawer.getByRole('form', { name: title });
  }

  entry(text: string): Locator {
    return this.entries.filter({ hasText: text });
  }

  gridRow(key: string): Locator {
    return this.page.locator(`[data-testid="report-row"][data-row-key="${key}"]`);
  }

  cell(rowKey: string, columnKey: string): Locator {
    return this.gridRow(rowKey).locator(`[data-testid="report-cell"][data-column-key="${columnKey}"]`);
  }

  /**
   * Selects a row's cell: a click when the cell is on screen, else through the URL (which opens the
   * row's ancestors and scrolls it into view; the grid is virtualised).
   */
  async select(rowKey: string, columnKey: string) {
    const cell = this.cell(rowKey, columnKey);
    if (await cell.isVisible()) await cell.click();
    else
      await this.page.goto(`/financial?account=${encodeURIComponent(rowKey)}&month=${columnKey}&expand=true`);
    await expect(this.gridRow(rowKey)).toHaveAttribute('aria-selected', 'true');
    await expect(this.cell(rowKey, columnKey)).toHaveAttribute('aria-selected', 'true');
  }

  /** The figure of a row in a column, in cents (selecting the row first, so it is rendered). */
  async readCell(rowKey: string, columnKey: string): Promise<number> {
    await this.select(rowKey, columnKey);
    const cell = this.cell(rowKey, columnKey);
    await expect(cell).toBeVisible();
    return parseMoney((await cell.textContent()) ?? '');
  }

  /** Expects a row's figure in a column (selecting the cell first, so it is rendered). */
  async expectCell(rowKey: string, columnKey: string, cents: number) {
    await this.select(rowKey, columnKey);
    await this.expectCellShown(rowKey, columnKey, cents);
  }

  /** Expects the figure of a cell that is on screen, without selecting it. */
  async expectCellShown(rowKey: string, columnKey: string, cents: number) {
    const shown = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
    await expect(this.cell(rowKey, columnKey)).toHaveText(shown);
  }

  /** Opens an entry's actions menu and picks one ('Edit', 'Delete', 'View History'). */
  async entryAction(entry: Locator, action: 'Edit' | 'Delete' | 'View History') {
    await entry.getByRole('button', { name: /^Actions for / }).click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  /** Types into the drawer's amount box (the sign flips on '-'). */
  async typeAmount(form: Locator, amount: string) {
    const input = form.getByRole('textbox', { name: 'Amount' });
    await input.fill('');
    await input.pressSequentially(amount);
  }
}

/** The demo company's id and its accounts by path, through the API as the signed-in user. */
export async function loadDemoAccounts(page: Page, request: APIRequestContext) {
  const token = await readStoredToken(page);
  if (!token) throw new Error('Not signed in');
  const { entities } = await graphql<{ entities: { id: string; name: string }[] }>(
    request,
    token,
    'query Entities { entities { id name } }',
  );
  const entity = entities.find((candidate) => candidate.name === DEMO_COMPANY);
  if (!entity) throw new Error('The demo company is missing');
  const { report } = await graphql<{ report: { accounts: { id: string; path: string }[] } }>(
    request,
    token,
    'query Accounts($entityId: ID!) { report(entityId: $entityId) { accounts { id path } } }',
    { entityId: entity.id },
  );
  const idByPath = new Map(report.accounts.map((account) => [account.path, account.id]));
  return {
    token,
    entityId: entity.id,
    idOf(path: string): string {
      const id = idByPath.get(path);
      if (!id) throw new Error(`No account ${path}`);
      return id;
    },
    /** Creates a sub-account with a unique name under `parentPath`; returns its path and id. */
    async createAccount(parentPath: string, prefix: string) {
      const name = `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
      const { createAccount } = await graphql<{ createAccount: { id: string } }>(
        request,
        token,
        'mutation CreateAccount($entityId: ID!, $name: String!, $parentId: ID!) { createAccount(entityId: $entityId, name: $name, parentId: $parentId) { id } }',
        { entityId: entity.id, name, parentId: this.idOf(parentPath) },
      );
      return { id: createAccount.id, name, path: `${parentPath}/${name}` };
    },
    /** Books a user transaction (debit-positive cents on accountId, against Banks). */
    async bookEntry(accountId: string, amount: number, date: string, name: string) {
      const { createUserTransaction } = await graphql<{ createUserTransaction: { id: string } }>(
        request,
        token,
        'mutation Book($entityId: ID!, $accountId: ID!, $amount: Cents!, $date: Date!, $name: String) { createUserTransaction(entityId: $entityId, accountId: $accountId, amount: $amount, date: $date, name: $name) { id } }',
        { entityId: entity.id, accountId, amount, date, name },
      );
      return createUserTransaction.id;
    },
  };
}
