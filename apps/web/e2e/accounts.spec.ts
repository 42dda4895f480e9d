import { expect, test } from '@playwright/test';
import { AccountsOverviewPage } from './pages/AccountsOverviewPage';
import { AppShell } from './pages/AppShell';
import { ReportGridPage } from './pages/ReportGridPage';
import { entityIdByName, graphql, signInByApi, signInWithToken } from './support/api';
import { DEMO_COMPANY, DEMO_OWNER_EMAIL, DEMO_PASSWORD, SCREEN_SIZES } from './support/demo';
import { shot } from './support/screenshots';

/**
 * /accounts and its tabs (spec §2) as the demo owner: the Keel Accounts tab lists the demo company's
 * Keel account with the balance the API gives, its total and the way to Keel Checking; the tabs are
 * addresses of their own; /settings/integrations' Connect leads to Linked Accounts. The Overview agrees
 * with the Financial Report: its net worth and groups, read on the page, are the
 * report's Banks, Credit Cards, Investments and Loans of the same month, read in the grid.
 */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

test('the Keel Accounts tab lists the demo account; the tabs and Integrations lead where they say', async ({
  page,
  request,
}) => {
  const token = await signInByApi(request, DEMO_OWNER_EMAIL, DEMO_PASSWORD);
  const entityId = await entityIdByName(request, token, DEMO_COMPANY);
  const { providerBankAccounts: accounts } = await graphql<{
    providerBankAccounts: { name: string; accountNumber: string; currentBalance: number }[];
  }>(
    request,
    token,
    'query($e: ID!) { providerBankAccounts(entityId: $e) { name accountNumber currentBalance } }',
    { e: entityId },
  );
  expect(accounts.length).toBeGreaterThan(0);

  await signInWithToken(page, token);
  await page.goto('/accounts/keel');
  const shell = new AppShell(page);
  await shell.waitForPage('Accounts');
  if (!(await shell.entitySwitcher.textContent())?.includes(DEMO_COMPANY)) {
    await shell.switchEntity('Robotics', DEMO_COMPANY);
  }
  const rows = page.getByTestId('keel-account-row');
  await expect(rows).toHaveCount(accounts.length);
  for (const [index, account] of accounts.entries()) {
    await expect(rows.nth(index)).toContainText(account.name);
    await expect(rows.nth(index).getByTestId('account-number')).toHaveText(account.accountNumber);
    await expect(rows.nth(index).getByTestId('balance')).toContainText(
      usd.format(account.currentBalance / 100),
    );
  }
  const total = accounts.reduce((sum, account) => sum + account.currentBalance, 0);
  await expect(page.getByTestId('keel-accounts-total')).toHaveText(usd.format(total / 100));
  await expect(page.getByRole('tab', { name: 'Keel Accounts' })).toHaveAttribute('aria-selected', 'true');
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: shot(`accounts-keel-${size.width}x${size.height}`), fullPage: true });
  }

  await page.getByRole('tab', { name: 'Linked Accounts' }).click();
  await expect(page).toHaveURL(/\/accounts\/linked$/);
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/accounts$/);

  await page.goto('/settings/integrations');
  await expect(page.getByTestId('bank-integrations')).toContainText('Bank Integrations');
  await page.getByRole('link', { name: 'Connect' }).click();
  await expect(page).toHaveURL(/\/accounts\/linked$/);
  await expect(page.getByRole('tab', { name: 'Linked Accounts' })).toHaveAttribute('aria-selected', 'true');
});

test("the overview's net worth and groups are the Financial Report's balances of the same month", async ({
  page,
  request,
}) => {
  const token = await signInByApi(request, DEMO_OWNER_EMAIL, DEMO_PASSWORD);
  const entityId = await entityIdByName(request, token, DEMO_COMPANY);
  const { accountsOverview } = await graphql<{ accountsOverview: { currentMonth: string } }>(
    request,
    token,
    'query($e: ID!) { accountsOverview(entityId: $e) { currentMonth } }',
    { e: entityId },
  );
  const month = accountsOverview.currentMonth;

  await signInWithToken(page, token);
  await page.goto('/accounts');
  const shell = new AppShell(page);
  await shell.waitForPage('Accounts');
  if (!(await shell.entitySwitcher.textContent())?.includes(DEMO_COMPANY)) {
    await shell.switchEntity('Robotics', DEMO_COMPANY);
  }
  const overview = new AccountsOverviewPage(page);
  await expect(overview.root).toBeVisible();
  // Every group of the books, with the accounts nothing links and the Keel account named as such.
  for (const name of ['Cash', 'Credit Cards', 'Investments', 'Loans']) {
    await expect(overview.group(name)).toBeVisible();
  }
  await expect(overview.item('Mercury Checking').getByTestId('item-source')).toHaveText('Books only');
  await expect(
    overview.root.getByTestId('item-source').filter({ hasText: 'Keel account' }).first(),
  ).toBeVisible();
  await expect(
    overview.root.getByTestId('item-source').filter({ hasText: 'Linked · Plaid' }).first(),
  ).toBeVisible();
  const shown = {
    netWorth: await overview.netWorthCents(),
    cash: await overview.groupCents('Cash'),
    cards: await overview.groupCents('Credit Cards'),
    investments: await overview.groupCents('Investments'),
    loans: await overview.groupCents('Loans'),
  };
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    // Fits the screen: nothing wider than the window once the charts have taken their new width.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: shot(`overview-books-${size.width}x${size.height}`), fullPage: true });
    await page.screenshot({ path: shot(`overview-books-top-${size.width}x${size.height}`) });
  }

  const grid = new ReportGridPage(page);
  const reported = async (key: string) => {
    await grid.gotoRow(key, month);
    return grid.cellCents(key, month);
  };
  const banks = await reported('Banks');
  const cards = await reported('Credit Cards');
  const investments = await reported('Investments');
  const loans = await reported('Loans');
  // The page shows what cards and loans owe negated (spec §9); the report shows it owed positive.
  expect(shown).toEqual({
    netWorth: banks + investments - cards - loans,
    cash: banks,
    cards: -cards,
    investments,
    loans: -loans,
  });
  expect(banks).toBeGreaterThan(0);
  expect(investments).toBeGreaterThan(0);
  expect(loans).toBeGreaterThan(0);
});
