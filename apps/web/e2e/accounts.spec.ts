import { expect, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { entityIdByName, graphql, signInByApi, signInWithToken } from './support/api';
import { DEMO_COMPANY, DEMO_OWNER_EMAIL, DEMO_PASSWORD, SCREEN_SIZES } from './support/demo';
import { shot } from './support/screenshots';

/**
 * /accounts and its tabs (spec §2) as the demo owner: the Keel Accounts tab lists the demo company's
 * Keel account with the balance the API gives, its total and the way to Keel Checking; the tabs are
 * addresses of their own; /settings/integrations' Connect leads to Linked Accounts.
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
