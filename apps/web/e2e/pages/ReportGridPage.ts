import { expect, type Locator, type Page } from '@playwright/test';
import { graphql, readStoredToken } from '../support/api';
import { DEMO_COMPANY, openDemoReport } from '../support/demo';

/** An attribute value for a CSS selector: quoted, with quotes and backslashes escaped. */
const quoted = (value: string) => JSON.stringify(value);

/** Cents of a figure as the grid shows it: '$1,234.56' -> 123456, '-$1,234.56' -> -123456. */
export function centsOfFigure(text: string): number {
  const match = /^(-?)\$([\d,]+)\.(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`Not a figure: ${text}`);
  const [, minus, whole = '0', fraction = '00'] = match;
  const cents = Number(whole.replaceAll(',', '')) * 100 + Number(fraction);
  return minus ? -cents : cents;
}

/** Signs in to the demo report (optionally at `path`) and waits for the grid's first row. */
export async function openDemoGrid(page: Page, path?: string): Promise<ReportGridPage> {
  await openDemoReport(page, path);
  const grid = new ReportGridPage(page);
  await expect(grid.grid.getByTestId('report-row').first()).toBeVisible();
  return grid;
}

/**
 * The Financial Report grid (features/financial/grid). Rows are found by their key (the account path,
 * path + '/_leaf', or a section's name) and cells by row key and column key ('2026-03', 'fy-2026',
 * 'ytd-2026', 'total'). The grid is virtualised: reach an off-screen row with `gotoRow`.
 */
export class ReportGridPage {
  readonly grid: Locator;
  readonly columnOptionsButton: Locator;

  constructor(readonly page: Page) {
    this.grid = page.getByTestId('report-grid');
    this.columnOptionsButton = this.grid.getByRole('button', { name: 'Column options' });
  }

  /** Opens /financial with a row (and column) selected, its ancestors expanded and in view. */
  async gotoRow(key: string, columnKey?: string) {
    const month = columnKey ? `&month=${encodeURIComponent(columnKey)}` : '';
    await this.page.goto(`/financial?account=${encodeURIComponent(key)}${month}&expand=true`);
    await expect(this.row(key)).toBeVisible();
    await expect(this.page).not.toHaveURL(/expand=true/);
  }

  row(key: string): Locator {
    return this.grid.locator(`[data-testid="report-row"][data-row-key=${quoted(key)}]`);
  }

  cell(rowKey: string, columnKey: string): Locator {
    return this.row(rowKey).locator(`[data-testid="report-cell"][data-column-key=${quoted(columnKey)}]`);
  }

  header(columnKey: string): Locator {
    return this.grid.locator(`[data-testid="report-column-header"][data-column-key=${quoted(columnKey)}]`);
  }

  headers(): Locator {
    return this.grid.getByTestId('report-column-header');
  }

  /** The cents a cell shows. */
  async cellCents(rowKey: string, columnKey: string): Promise<number> {
    return centsOfFigure((await this.cell(rowKey, columnKey).textContent()) ?? '');
  }

  async expandRow(key: string, name: string) {
    await this.row(key)
      .getByRole('button', { name: `Expand ${name}`, exact: true })
      .click();
  }

  async collapseRow(key: string, name: string) {
    await this.row(key)
      .getByRole('button', { name: `Collapse ${name}`, exact: true })
      .click();
  }

  /** The sticky label cell of a row (always on screen while the row is): a good drop target. */
  label(key: string): Locator {
    return this.row(key).getByRole('rowheader');
  }

  /** Opens the menu of the account row with this key; returns the menu. */
  async openRowMenu(key: string, name: string): Promise<Locator> {
    await this.row(key)
      .getByRole('button', { name: `Account menu for ${name}`, exact: true })
      .click();
    const menu = this.page.getByRole('menu');
    await expect(menu).toBeVisible();
    return menu;
  }

  /** Opens the column options menu; returns it. */
  async openColumnOptions(): Promise<Locator> {
    await this.columnOptionsButton.click();
    const menu = this.page.getByRole('menu');
    await expect(menu).toBeVisible();
    return menu;
  }

  /** Sets a column toggle (Months, Annual Summaries, Overall Total) and closes the menu. */
  async setColumnToggle(label: 'Months' | 'Annual Summaries' | 'Overall Total' | RegExp, checked: boolean) {
    const menu = await this.openColumnOptions();
    const item = menu.getByRole('menuitemcheckbox', { name: label });
    if ((await item.getAttribute('aria-checked')) !== String(checked)) await item.click();
    await expect(item).toHaveAttribute('aria-checked', String(checked));
    await this.page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  }

  /**
   * Scrolls the virtualised grid down a screenful at a time until the row below is rendered and
   * visible: other specs add rows to the shared demo company, so a row may sit below the first screen.
   */
  async revealRowBelow(key: string) {
    await expect(async () => {
      if ((await this.row(key).count()) === 0) {
        await this.grid.evaluate((grid) => {
          grid.scrollTop += Math.round(grid.clientHeight * 0.8);
        });
      }
      await expect(this.row(key)).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 15_000 });
  }

  /**
   * Scrolls the grid so that rows already rendered sit around its middle, away from the edges where a
   * drag scrolls the grid.
   */
  async centerRows(...keys: string[]) {
    const rows = await Promise.all(keys.map((key) => this.row(key).elementHandle()));
    await this.grid.evaluate((grid, elements) => {
      const tops = elements.flatMap((element) => (element ? [(element as HTMLElement).offsetTop] : []));
      if (tops.length === 0) return;
      const middle = (Math.min(...tops) + Math.max(...tops)) / 2;
      grid.scrollTop = Math.max(0, middle - grid.clientHeight / 2);
    }, rows);
    await this.page.waitForTimeout(100);
  }

  /**
   * Drags with the mouse from one element to another in small steps: dnd-kit starts a drag after the
   * pointer travels a few pixels and needs pointer moves on the way.
   */
  async dragTo(source: Locator, target: Locator) {
    const from = await source.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('Drag source or target is not on screen');
    const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
    const end = { x: to.x + Math.min(to.width / 2, 120), y: to.y + to.height / 2 };
    await this.page.mouse.move(start.x, start.y);
    await this.page.mouse.down();
    await this.page.mouse.move(start.x + 4, start.y + 4, { steps: 2 });
    await this.page.mouse.move(start.x + 10, start.y + 10, { steps: 2 });
    await this.page.mouse.move(end.x, end.y, { steps: 12 });
    await this.page.mouse.move(end.x + 2, end.y, { steps: 2 });
  }

  async drop() {
    await this.page.mouse.up();
  }
}

/**
 * The demo company's ledger through the GraphQL API, as the signed-in page's user: for specs that set
 * up accounts and entries of their own (the e2e database is shared by parallel specs).
 */
export class ReportApi {
  private constructor(
    readonly page: Page,
    readonly token: string,
    readonly entityId: string,
  ) {}

  /** Call after signing in (the token is the page's). */
  static async of(page: Page): Promise<ReportApi> {
    const token = await readStoredToken(page);
    if (!token) throw new Error('Sign in before using the API');
    const data = await graphql<{ entities: { id: string; name: string }[] }>(
      page.request,
      token,
      '{ entities { id name } }',
    );
    const entity = data.entities.find((candidate) => candidate.name === DEMO_COMPANY);
    if (!entity) throw new Error(`${DEMO_COMPANY} is not among the user's entities`);
    return new ReportApi(page, token, entity.id);
  }

  /** The account id of a path ('Expense/Operating Expenses/Office'). */
  async accountId(path: string): Promise<string> {
    const data = await graphql<{ report: { accounts: { id: string; path: string }[] } }>(
      this.page.request,
      this.token,
      'query Accounts($entityId: ID!) { report(entityId: $entityId) { accounts { id path } } }',
      { entityId: this.entityId },
    );
    const account = data.report.accounts.find((candidate) => candidate.path === path);
    if (!account) throw new Error(`No account at ${path}`);
    return account.id;
  }

  /** Creates a sub-account; returns its id. */
  async createAccount(parentPath: string, name: string): Promise<string> {
    const parentId = await this.accountId(parentPath);
    const data = await graphql<{ createAccount: { id: string } }>(
      this.page.request,
      this.token,
      `mutation CreateAccount($entityId: ID!, $name: String!, $parentId: ID!) {
        createAccount(entityId: $entityId, name: $name, parentId: $parentId) { id }
      }`,
      { entityId: this.entityId, name, parentId },
    );
    return data.createAccount.id;
  }

  /** Books a user transaction of `cents` (debit-positive) on the account, against Banks. */
  async bookEntry(accountId: string, cents: number, date: string, name = 'E2E entry'): Promise<void> {
    await graphql(
      this.page.request,
      this.token,
      `mutation Book($entityId: ID!, $accountId: ID!, $amount: Cents!, $date: Date!, $name: String) {
        createUserTransaction(entityId: $entityId, accountId: $accountId, amount: $amount, date: $date, name: $name) { id }
      }`,
      { entityId: this.entityId, accountId, amount: cents, date, name },
    );
  }
}

/** A name no other run or parallel spec uses. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296).toString(36)}`;
}
