import { expect, type Locator, type Page, test } from '@playwright/test';
import { PENDING_LINK_KEY, type PendingLink } from '../src/features/linking/pendingLink';
import { AppShell } from './pages/AppShell';
import { ReportGridPage } from './pages/ReportGridPage';
import {
  createEntity,
  entityIdByName,
  graphql,
  signInByApi,
  signInWithToken,
  signUpUser,
  uniqueEmail,
  uniqueName,
} from './support/api';
import { DEMO_BOOKKEEPER_EMAIL, DEMO_COMPANY, DEMO_PASSWORD, SCREEN_SIZES } from './support/demo';
import { linksByApi, overviewByApi, resetLoginByDevRoute, waitForJobsByApi } from './support/linking';
import { screenshotAtEachSize, shot } from './support/screenshots';

/**
 * The bank-linking screens: a fresh company links a sandbox bank through provider A (Plaid)
 * and one through provider B (MoneyKit) in the sandbox's link dialog, sees their accounts on Linked
 * Accounts, the net worth and total assets charts and the groups on the Overview, the imported
 * transactions in /transactions; then the sandbox expires A's login and the user reconnects it.
 */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dollars = (cents: number) => usd.format(cents / 100);

/** Add Accounts → the provider → the sandbox dialog: the bank, the sandbox credentials, Connect. */
async function linkBank(page: Page, provider: 'Plaid' | 'MoneyKit', bank: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Accounts' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${provider}`) }).click();
  const dialog = page.getByRole('dialog', { name: `Connect a bank with ${provider}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('sandbox-hint')).toContainText('user_good');
  await dialog
    .getByRole('combobox', { name: 'Bank' })
    .or(dialog.getByRole('textbox', { name: 'Bank' }))
    .click();
  await page.getByRole('option', { name: bank }).click();
  await dialog.getByRole('textbox', { name: 'Username' }).fill('user_good');
  await dialog.getByLabel(/^Password/).fill('pass_good');
  return dialog;
}

test('links a bank through each provider, shows accounts, overview and transactions, and reconnects', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await signUpUser(request, { email: uniqueEmail('linker'), name: 'Taylor Tester' });
  const entityId = await createEntity(request, user.token, uniqueName('Link Co'));
  await signInWithToken(page, user.token);
  await page.goto('/accounts/linked');
  const shell = new AppShell(page);
  await shell.waitForPage('Accounts');
  await expect(page.getByRole('tab', { name: 'Linked Accounts' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('linked-accounts-empty')).toContainText(
    'You currently have no linked accounts',
  );
  await expect(page.getByTestId('linked-accounts-empty')).toContainText(
    'Click on Add Accounts to get started.',
  );
  await screenshotAtEachSize(page, 'linked-accounts-empty');

  // Provider A: a wrong password is refused in the dialog, the right one links the bank.
  const plaidDialog = await linkBank(page, 'Plaid', 'First Platypus Bank');
  await plaidDialog.getByLabel(/^Password/).fill('wrong');
  await plaidDialog.getByRole('button', { name: 'Connect' }).click();
  await expect(plaidDialog.getByTestId('link-error')).toBeVisible();
  await page.setViewportSize(SCREEN_SIZES[1]);
  await page.screenshot({ path: shot('link-dialog-1280x720') });
  await plaidDialog.getByLabel(/^Password/).fill('pass_good');
  await plaidDialog.getByRole('button', { name: 'Connect' }).click();
  await expect(plaidDialog).toBeHidden();
  const platypus = page.getByRole('region', { name: 'First Platypus Bank' });
  await expect(platypus.getByTestId('linked-account-row')).toHaveCount(3);
  await expect(platypus.getByTestId('linked-account-row').first()).toContainText('Plaid Checking');
  await expect(platypus.getByTestId('linked-account-row').first().getByTestId('account-mask')).toHaveText(
    '••0000',
  );

  // Provider B.
  const moneykitDialog = await linkBank(page, 'MoneyKit', 'Bramble Bank');
  await moneykitDialog.getByRole('button', { name: 'Connect' }).click();
  await expect(moneykitDialog).toBeHidden();
  const bramble = page.getByRole('region', { name: 'Bramble Bank' });
  await expect(bramble.getByTestId('linked-account-row')).toHaveCount(2);
  await expect(bramble.getByRole('button', { name: 'Refresh' })).toBeVisible();
  await expect(page.getByTestId('bank-link')).toHaveCount(2);

  await waitForJobsByApi(request, user.token, entityId);
  // Each link's sync shows in its own card while it runs (followed live), and is gone once done.
  await expect(page.getByTestId('link-sync')).toHaveCount(0, { timeout: 15_000 });
  await screenshotAtEachSize(page, 'linked-accounts');

  // The overview: the charts, the summary as the API gives it, the groups.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/accounts$/);
  const { accountsOverview: overview } = await overviewByApi(request, user.token, entityId);
  const charts = page.getByTestId('balance-chart');
  await expect(charts).toHaveCount(2);
  await expect(charts.nth(0)).toContainText('Net Worth');
  await expect(charts.nth(1)).toContainText('Total Assets');
  await expect(charts.nth(0).locator('.recharts-area-curve')).toBeVisible();
  await expect(charts.nth(1).locator('.recharts-area-curve')).toBeVisible();
  await expect(page.getByTestId('summary-assets-figure')).toHaveText(dollars(overview.summary.assets));
  await expect(page.getByTestId('summary-net-worth-figure')).toHaveText(dollars(overview.summary.netWorth));
  await expect(page.getByTestId('summary-liabilities-caption')).toContainText(
    `${dollars(overview.summary.liabilities)} owed`,
  );
  const groupsWithItems = overview.groups
    .filter((group) => group.items.length > 0)
    .map((group) => group.name);
  expect(groupsWithItems).toEqual(expect.arrayContaining(['Cash', 'Credit Cards']));
  await expect(page.getByTestId('overview-group')).toHaveCount(groupsWithItems.length);
  await page.getByTestId('summary-net-worth-figure').hover();
  await expect(page.getByRole('tooltip')).toContainText('Net worth = assets − liabilities');
  await screenshotAtEachSize(page, 'accounts-overview');

  // The imported transactions.
  await shell.navLink('Transactions').click();
  await shell.waitForPage('Transactions');
  await expect(page.getByTestId('transaction-row').first()).toBeVisible();
  await expect(
    page.getByTestId('transaction-row').filter({ hasText: 'Plaid Checking' }).first(),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Search transactions' }).fill('Bramble');
  await page.getByRole('textbox', { name: 'Search transactions' }).press('Enter');
  await screenshotAtEachSize(page, 'linked-transactions');

  // The report: the linked checking account's row shows, this month, the balance the overview gives.
  const { accountsOverview: withItems } = await graphql<{
    accountsOverview: {
      groups: { items: { name: string; ledgerAccountId: string; ledgerBalance: number }[] }[];
    };
  }>(
    request,
    user.token,
    'query($e: ID!) { accountsOverview(entityId: $e) { groups { items { name ledgerAccountId ledgerBalance } } } }',
    { e: entityId },
  );
  const checking = withItems.groups
    .flatMap((group) => group.items)
    .find((item) => item.name === 'Plaid Checking');
  const { report } = await graphql<{ report: { accounts: { id: string; path: string }[] } }>(
    request,
    user.token,
    'query($e: ID!) { report(entityId: $e) { accounts { id path } } }',
    { e: entityId },
  );
  const checkingPath =
    report.accounts.find((account) => account.id === checking?.ledgerAccountId)?.path ?? '';
  expect(checkingPath).toMatch(/^Banks\/Plaid Checking/);
  const grid = new ReportGridPage(page);
  await grid.gotoRow(checkingPath, '2026-11');
  await expect(grid.cell(checkingPath, '2026-11')).toBeVisible();
  expect(await grid.cellCents(checkingPath, '2026-11')).toBe(checking?.ledgerBalance);

  // The sandbox expires A's login; the page says so and Reconnect repairs it.
  const { plaidItems } = await linksByApi(request, user.token, entityId);
  const itemId = plaidItems[0]?.itemId ?? '';
  await resetLoginByDevRoute(request, itemId);
  await waitForJobsByApi(request, user.token, entityId);
  await expect
    .poll(async () => (await linksByApi(request, user.token, entityId)).plaidItems[0]?.needsReconnect)
    .toBe(true);
  await page.goto('/accounts/linked');
  await expect(platypus.getByTestId('login-required')).toHaveText('Login required');
  await expect(bramble.getByTestId('login-required')).toHaveCount(0);
  await screenshotAtEachSize(page, 'linked-accounts-login-required');
  await platypus.getByRole('button', { name: 'Reconnect' }).click();
  const reconnect = page.getByRole('dialog', { name: 'Reconnect First Platypus Bank' });
  await expect(reconnect).toBeVisible();
  await reconnect.getByRole('textbox', { name: 'Username' }).fill('user_good');
  await reconnect.getByLabel(/^Password/).fill('pass_good');
  await reconnect.getByRole('button', { name: 'Reconnect' }).click();
  await expect(reconnect).toBeHidden();
  await expect(platypus.getByTestId('login-required')).toHaveCount(0);
  await expect(platypus.getByRole('button', { name: 'Reconnect' })).toHaveCount(0);
  expect((await linksByApi(request, user.token, entityId)).plaidItems[0]?.needsReconnect).toBe(false);
});

test('the return pages: /plaid-oauth without a stored token fails; /moneykit-oauth finishes a stored flow', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const user = await signUpUser(request, { email: uniqueEmail('oauth'), name: 'Taylor Tester' });
  const entityId = await createEntity(request, user.token, uniqueName('Return Co'));
  await signInWithToken(page, user.token);

  await page.goto('/plaid-oauth');
  await expect(page.getByRole('heading', { name: 'Connecting your bank' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Missing link token');
  await screenshotAtEachSize(page, 'plaid-oauth-missing-token');

  // A flow started before a bank's OAuth sign-in sent the browser away: its session token is stored.
  const { createLinkSessionToken } = await graphql<{ createLinkSessionToken: { linkSessionToken: string } }>(
    request,
    user.token,
    'mutation($e: ID!, $r: String) { createLinkSessionToken(entityId: $e, redirectUrl: $r) { linkSessionToken } }',
    { e: entityId, r: `${baseURL}/moneykit-oauth` },
  );
  const pending: PendingLink = {
    provider: 'moneykit',
    linkToken: createLinkSessionToken.linkSessionToken,
    entityId,
    linkId: null,
    institutionName: null,
  };
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    PENDING_LINK_KEY,
    JSON.stringify(pending),
  ] as const);
  await page.goto('/moneykit-oauth');
  const dialog = page.getByRole('dialog', { name: 'Connect a bank with MoneyKit' });
  await dialog
    .getByRole('combobox', { name: 'Bank' })
    .or(dialog.getByRole('textbox', { name: 'Bank' }))
    .click();
  await page.getByRole('option', { name: 'Juniper Federal' }).click();
  await dialog.getByRole('textbox', { name: 'Username' }).fill('user_good');
  await dialog.getByLabel(/^Password/).fill('pass_good');
  // It shows while the first sync runs, which may be quick: watched from before the click.
  const loadingShown = page.getByText('Loading Data. Give us a moment.').waitFor();
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await loadingShown;
  await expect(page).toHaveURL(/\/accounts\/linked$/, { timeout: 25_000 });
  await expect(
    page.getByRole('region', { name: 'Juniper Federal' }).getByTestId('linked-account-row'),
  ).not.toHaveCount(0);
  expect(await page.evaluate((key) => window.localStorage.getItem(key), PENDING_LINK_KEY)).toBeNull();
});

test("the demo company's links as its bookkeeper: Reconnect and Add Accounts disabled, saying who can", async ({
  page,
  request,
}) => {
  const token = await signInByApi(request, DEMO_BOOKKEEPER_EMAIL, DEMO_PASSWORD);
  const entityId = await entityIdByName(request, token, DEMO_COMPANY);
  const { plaidItems, moneykitLinks } = await linksByApi(request, token, entityId);
  const expired = [...plaidItems.map((item) => ({ name: item.institution.name, needs: item.needsReconnect }))]
    .concat(moneykitLinks.map((link) => ({ name: link.institutionName, needs: link.needsReconnect })))
    .filter((link) => link.needs);
  expect(expired.length).toBeGreaterThan(0);

  await signInWithToken(page, token);
  await page.goto('/accounts/linked');
  const shell = new AppShell(page);
  await shell.waitForPage('Accounts');
  await expect(shell.entitySwitcher).toContainText(DEMO_COMPANY);
  await expect(page.getByTestId('bank-link')).toHaveCount(plaidItems.length + moneykitLinks.length);
  const needing = page.getByRole('region', { name: expired[0]?.name ?? '' });
  await expect(needing.getByTestId('login-required')).toHaveText('Login required');
  const reconnect = needing.getByRole('button', { name: 'Reconnect' });
  await expect(reconnect).toHaveAttribute('aria-disabled', 'true');
  const add = page.getByRole('button', { name: 'Add Accounts' });
  await expect(add).toHaveAttribute('aria-disabled', 'true');
  await add.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Only owners and admins can link and manage bank accounts.',
  );
  await screenshotAtEachSize(page, 'linked-accounts-demo-bookkeeper');

  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('balance-chart')).toHaveCount(2);
  for (const chart of await page.getByTestId('balance-chart').all()) {
    await expect(chart.locator('.recharts-area-curve')).toBeVisible();
  }
  await screenshotAtEachSize(page, 'accounts-overview-demo');
});
