import { expect, type Page, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';
import { signInBrowserByApi } from './support/api';

/** The seeded demo owner (SEED_DEMO=true) and the company with ~1,500 transactions. */
const DEMO_EMAIL = 'demo@keel.test';
const DEMO_PASSWORD = 'keel-demo-2026';
const DEMO_COMPANY = 'Acme Robotics Inc.';

async function openDemoTransactions(page: Page): Promise<AppShell> {
  await signInBrowserByApi(page, DEMO_EMAIL, DEMO_PASSWORD);
  await page.goto('/financial');
  const shell = new AppShell(page);
  await shell.waitForPage('Financial Report');
  await shell.switchEntity('Robotics', DEMO_COMPANY);
  await expect(shell.entitySwitcher).toContainText(DEMO_COMPANY);
  await shell.navLink('Transactions').click();
  await expect(page).toHaveURL(/\/transactions$/);
  await shell.waitForPage('Transactions');
  await expect(rows(page).first()).toBeVisible();
  return shell;
}

const rows = (page: Page) => page.getByTestId('transaction-row');
const dayDates = (page: Page) =>
  page
    .getByTestId('transactions-day')
    .evaluateAll((days) => days.map((day) => day.getAttribute('data-date') ?? ''));

test.describe('transactions', () => {
  test('lists the columns, 50 rows under day headers newest first', async ({ page }) => {
    await openDemoTransactions(page);
    await expect(page.getByRole('columnheader')).toHaveText([
      'Date',
      'Name',
      'Amount',
      'Category',
      'Account',
    ]);
    await expect(rows(page)).toHaveCount(50);
    const dates = await dayDates(page);
    expect(dates.length).toBeGreaterThan(1);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(dates).size).toBe(dates.length);
    expect(dates[0]! <= '2026-11-22').toBe(true);
    await expect(page.getByTestId('transactions-day-header').first()).toHaveText(
      new Intl.DateTimeFormat('en-US', {
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${dates[0]}T00:00:00Z`)),
    );
  });

  test('paging past the first 50 shows older days', async ({ page }) => {
    await openDemoTransactions(page);
    await expect(rows(page)).toHaveCount(50);
    const firstPage = await dayDates(page);
    await page.getByRole('button', { name: 'Load more transactions' }).click();
    await expect(rows(page)).toHaveCount(100);
    const twoPages = await dayDates(page);
    expect(twoPages.at(-1)! < firstPage.at(-1)!).toBe(true);
    expect(twoPages).toEqual([...twoPages].sort().reverse());
    expect(new Set(twoPages).size).toBe(twoPages.length);
  });

  test('Enter in the search box finds a transaction by a word of its name', async ({ page }) => {
    await openDemoTransactions(page);
    const search = page.getByRole('textbox', { name: 'Search transactions' });
    await expect(search).toHaveAttribute('placeholder', 'Search transactions');
    await search.fill('seed financ');
    await search.press('Enter');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Series Seed Financing');
    await expect(page.getByTestId('transactions-count')).toHaveText('1 transaction');
  });

  test('the search button applies the search, and a word nothing contains shows the empty state', async ({
    page,
  }) => {
    await openDemoTransactions(page);
    const search = page.getByRole('textbox', { name: 'Search transactions' });
    await search.fill('SERIES A');
    await expect(rows(page)).toHaveCount(50); // typing alone does not search
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(rows(page).first()).toContainText('Series A Financing');
    await expect(rows(page)).not.toHaveCount(50);

    await search.fill('zzz-no-such-transaction');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('transactions-empty')).toContainText('No transactions match your search');
    await expect(rows(page)).toHaveCount(0);
  });

  test('/keel-transactions lists only the Keel checking account transactions of the demo company', async ({
    page,
  }) => {
    // The demo company has a Keel checking account with a year of activity, so the sidebar
    // shows Keel Transactions and the list holds only that account's transactions.
    const shell = await openDemoTransactions(page);
    await shell.navLink('Keel Transactions').click();
    await expect(page).toHaveURL(/\/keel-transactions$/);
    await shell.waitForPage('Keel Transactions');
    await expect(rows(page).first()).toBeVisible();
    const texts = await rows(page).allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toContain('Keel Checking');
  });

  test('the sidebar hides Transactions when the entity has the qbo flag on', async ({ page }) => {
    // No API sets the accounting flag yet: the shell's entity answers are rewritten with qbo on.
    await page.route('**/graphql', async (route) => {
      const operation = (route.request().postDataJSON() as { operationName?: string } | null)?.operationName;
      if (operation !== 'Header' && operation !== 'Entities') return route.continue();
      const response = await route.fetch();
      const text = (await response.text()).replaceAll('"qbo":false', '"qbo":true');
      return route.fulfill({ response, body: text });
    });
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(DEMO_EMAIL, DEMO_PASSWORD);
    const shell = new AppShell(page);
    await shell.waitForPage('Financial Report');
    await expect(shell.navLink('Models')).toBeVisible();
    await expect(shell.navLink('Transactions')).toHaveCount(0);
  });
});
