import { expect, type Locator, type Page } from '@playwright/test';

/** The signed-in frame: sidebar, entity switcher and user menu. */
export class AppShell {
  readonly sidebar: Locator;
  readonly mainNav: Locator;
  readonly entitySwitcher: Locator;
  readonly userMenu: Locator;
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.sidebar = page.getByTestId('sidebar');
    this.mainNav = page.getByRole('navigation', { name: 'Main' });
    this.entitySwitcher = page.getByRole('button', { name: 'Switch entity' });
    this.userMenu = page.getByRole('button', { name: 'User menu' });
    this.heading = page.getByRole('heading', { level: 2 });
  }

  /**
   * Waits for a page's heading. Most calls follow a full load (sign-in, goto, reload): the app's script,
   * the session and the page's first query, which on a loaded two-core machine with three browsers took
   * more than the 7 s every other expectation gets (the first report of a CI run, once). 20 s still names
   * a page that never comes well inside the spec's minute.
   */
  async waitForPage(title: string) {
    await expect(this.page.getByRole('heading', { name: title, level: 2 })).toBeVisible({ timeout: 20_000 });
  }

  navLink(label: string): Locator {
    return this.mainNav.getByRole('link', { name: label, exact: true });
  }

  async collapseSidebar() {
    await this.page.getByRole('button', { name: 'Collapse sidebar' }).click();
  }

  async expandSidebar() {
    await this.page.getByRole('button', { name: 'Expand sidebar' }).click();
  }

  async switchEntity(search: string, name: string) {
    await this.entitySwitcher.click();
    await this.page.getByRole('textbox', { name: 'Search entities' }).fill(search);
    await this.page.getByRole('option', { name }).click();
  }

  async openUserMenu() {
    await this.userMenu.click();
    return this.page.getByRole('menu');
  }
}
