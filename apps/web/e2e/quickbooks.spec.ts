import { expect, type Page, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { ReportGridPage } from './pages/ReportGridPage';
import {
  createEntity,
  graphql,
  inviteByApi,
  readInviteToken,
  signInWithToken,
  signUpInvitedUser,
  signUpUser,
  uniqueEmail,
  uniqueName,
} from './support/api';
import { SCREEN_SIZES } from './support/demo';
import { screenshotAtEachSize, shot } from './support/screenshots';

/**
 * QuickBooks Online as the accounting source, on a company of its own (turning qbo on hides
 * Transactions, so never the shared demo company): Connect on /settings/integrations, the sandbox's
 * consent screen, back to Integrations with the first sync followed live in the job status control
 * until it succeeds and goes; then the accounting-connected mode: no Transactions in the sidebar,
 * Linked Accounts saying bank accounts come from QuickBooks and listing its accounts, and the report
 * showing the imported figures. The consent link finished in another browser is refused with a page
 * of the server's, and connects nothing.
 */

/** Mantine's transitions (dialogs, menus, toasts) take up to 200 ms. */
const TRANSITION_MS = 350;
const QBO_SOURCE_MESSAGE = 'Connected - Bank accounts are imported from QuickBooks Online';

type JobStatesWindow = Window & { jobStatesSeen?: string[] };

/**
 * Records in the page every state the job status control shows ('status|label'), as it is drawn. A
 * succeeded sync shows for one second only, which a check polling from outside can miss while the
 * machine is busy; a record kept by the page cannot.
 */
async function recordJobStates(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as JobStatesWindow).jobStatesSeen = seen;
    const record = () => {
      for (const control of document.querySelectorAll('[data-testid="job-status"]')) {
        const label = control.querySelector('[data-testid="job-progress-label"]')?.textContent ?? '';
        const state = `${control.getAttribute('data-status')}|${label}`;
        if (seen.at(-1) !== state) seen.push(state);
      }
    };
    new MutationObserver(record).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
}

const jobStatesSeen = (page: Page) => page.evaluate(() => (window as JobStatesWindow).jobStatesSeen ?? []);

type QuickbooksByApi = {
  quickbooksConnection: { companyName: string; lastSyncedAt: string | null } | null;
  quickbooksAccounts: {
    name: string;
    accountType: string;
    currentBalance: number;
    ledgerAccountId: string | null;
  }[];
};

test('connects QuickBooks Online through the sandbox, follows the sync, and turns to the accounting-connected mode', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const user = await signUpUser(request, { email: uniqueEmail('qbo'), name: 'Quinn Books' });
  const entityId = await createEntity(request, user.token, uniqueName('Ledger Co'));
  await signInWithToken(page, user.token);
  const shell = new AppShell(page);

  await page.goto('/settings/integrations');
  await shell.waitForPage('Integrations');
  await expect(shell.navLink('Transactions')).toBeVisible();
  const card = page.getByRole('region', { name: 'QuickBooks Online' });
  await expect(
    page.getByRole('region', { name: 'Xero' }).getByRole('button', { name: 'Connect' }),
  ).toHaveAttribute('aria-disabled', 'true');
  await screenshotAtEachSize(page, 'integrations-not-connected');

  // Connect: the sandbox's consent screen; Cancel comes back with the reason.
  await card.getByRole('button', { name: 'Connect' }).click();
  await expect(page).toHaveURL(/\/api\/sandbox\/quickbooks\/authorize/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/settings\/integrations$/);
  await expect(card.getByTestId('quickbooks-error')).toContainText('You canceled on the QuickBooks screen');

  // Connect again, and consent this time. The first sync may be quick: its control is watched from before.
  await card.getByRole('button', { name: 'Connect' }).click();
  await expect(page).toHaveURL(/\/api\/sandbox\/quickbooks\/authorize/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('QuickBooks Online');
  await recordJobStates(page);
  const controlShown = page.getByTestId('job-status').first().waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Connect' }).click();
  await controlShown;
  await page.screenshot({ path: shot('integrations-syncing') });
  await expect(page).toHaveURL(/\/settings\/integrations$/);
  await expect(card.getByTestId('quickbooks-connected')).toContainText('QuickBooks Online connected');
  // It ends full and green ('Done'), and is gone a second later.
  await expect.poll(() => jobStatesSeen(page), { timeout: 90_000 }).toContain('succeeded|Done');
  await expect(card.getByTestId('job-status')).toHaveCount(0, { timeout: 5_000 });
  await expect(card.getByTestId('quickbooks-status')).toHaveText('Connected');
  await expect(card.getByTestId('quickbooks-last-synced')).not.toHaveText('Not yet');

  // The accounting-connected mode at once, without a reload: no Transactions.
  await expect(shell.navLink('Transactions')).toHaveCount(0);
  const { quickbooksConnection, quickbooksAccounts } = await graphql<QuickbooksByApi>(
    request,
    user.token,
    `query($e: ID!) {
      quickbooksConnection(entityId: $e) { companyName lastSyncedAt }
      quickbooksAccounts(entityId: $e) { name accountType currentBalance ledgerAccountId }
    }`,
    { e: entityId },
  );
  expect(quickbooksAccounts.length).toBeGreaterThan(0);
  await expect(card.getByTestId('quickbooks-company')).toHaveText(quickbooksConnection?.companyName ?? '');
  await card.getByRole('button', { name: 'Dismiss' }).click();
  await screenshotAtEachSize(page, 'integrations-connected');

  // Sync now: followed to the end in the same control.
  await card.getByRole('button', { name: 'Sync now' }).click();
  await expect(card.getByTestId('job-status')).toHaveCount(0, { timeout: 60_000 });

  // Linked Accounts: the source's message, and its accounts with their balances.
  await page.goto('/accounts/linked');
  await shell.waitForPage('Accounts');
  await expect(page.getByTestId('qbo-source')).toHaveText(QBO_SOURCE_MESSAGE);
  const accounts = page.getByTestId('quickbooks-accounts');
  await expect(accounts.getByTestId('quickbooks-account-row')).toHaveCount(quickbooksAccounts.length);
  const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  const checking = quickbooksAccounts.find((account) => account.accountType === 'Bank');
  expect(checking).toBeDefined();
  const checkingRow = accounts
    .getByTestId('quickbooks-account-row')
    .filter({ hasText: checking?.name ?? '' })
    .first();
  await expect(checkingRow.getByTestId('quickbooks-account-balance')).toHaveText(
    usd.format((checking?.currentBalance ?? 0) / 100),
  );
  await expect(page.getByRole('button', { name: 'Add Accounts' })).toHaveAttribute('aria-disabled', 'true');
  await expect(shell.navLink('Transactions')).toHaveCount(0);
  await screenshotAtEachSize(page, 'linked-accounts-quickbooks');

  // The report: an imported income account with its figures.
  const income = quickbooksAccounts.find(
    (account) => account.accountType === 'Income' && account.ledgerAccountId,
  );
  expect(income).toBeDefined();
  const { report } = await graphql<{ report: { accounts: { id: string; path: string; name: string }[] } }>(
    request,
    user.token,
    'query($e: ID!) { report(entityId: $e) { accounts { id path name } } }',
    { e: entityId },
  );
  const ledgerAccount = report.accounts.find((account) => account.id === income?.ledgerAccountId);
  expect(ledgerAccount).toBeDefined();
  const grid = new ReportGridPage(page);
  await grid.gotoRow(ledgerAccount?.path ?? '');
  await expect(grid.row(ledgerAccount?.path ?? '')).toContainText(income?.name ?? '');
  const figures = await grid
    .row(ledgerAccount?.path ?? '')
    .getByTestId('report-cell')
    .allTextContents();
  expect(figures.some((figure) => /\$[\d,]+\.\d\d/.test(figure) && !/^-?\$0\.00$/.test(figure.trim()))).toBe(
    true,
  );
  await page.setViewportSize(SCREEN_SIZES[0]);
  await page.screenshot({ path: shot('report-quickbooks-1440x900') });
});

test('a consent link finished in another browser connects nothing, and the page says so', async ({
  page,
  request,
  browser,
}) => {
  const user = await signUpUser(request, { email: uniqueEmail('qbo-bound'), name: 'Bound Books' });
  const entityId = await createEntity(request, user.token, uniqueName('Bound Co'));
  await signInWithToken(page, user.token);
  const shell = new AppShell(page);
  await page.goto('/settings/integrations');
  await shell.waitForPage('Integrations');
  const card = page.getByRole('region', { name: 'QuickBooks Online' });

  // Connect sets the flow's cookie in this browser: HttpOnly, Lax, for the callback only.
  await card.getByRole('button', { name: 'Connect' }).click();
  await expect(page).toHaveURL(/\/api\/sandbox\/quickbooks\/authorize/);
  const binding = (await page.context().cookies()).filter((cookie) => cookie.name.startsWith('keel_qbo_'));
  expect(binding).toHaveLength(1);
  expect(binding[0]).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/quickbooks/callback' });

  // The consent link, opened and agreed to in another browser (no Keel session): refused with a page.
  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await other.goto(page.url());
    await other.getByRole('button', { name: 'Connect' }).click();
    await expect(other).toHaveURL(/\/api\/quickbooks\/callback\?/);
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('QuickBooks Online was not connected');
    await expect(other.getByText('This browser did not start this connection')).toBeVisible();
    await expect(other.getByRole('link', { name: 'Go to Integrations' })).toHaveAttribute(
      'href',
      /\/settings\/integrations$/,
    );
    await screenshotAtEachSize(other, 'quickbooks-other-browser');
  } finally {
    await elsewhere.close();
  }

  // The browser that started it finds the flow spent, and nothing connected.
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page).toHaveURL(/\/settings\/integrations$/);
  await expect(card.getByTestId('quickbooks-error')).toContainText('expired or was already used');
  expect(
    (await page.context().cookies()).filter((cookie) => cookie.name.startsWith('keel_qbo_')),
  ).toHaveLength(0);
  const { quickbooksConnection } = await graphql<{ quickbooksConnection: { id: string } | null }>(
    request,
    user.token,
    'query($e: ID!) { quickbooksConnection(entityId: $e) { id } }',
    { e: entityId },
  );
  expect(quickbooksConnection).toBeNull();
  await expect(card.getByRole('button', { name: 'Connect' })).toBeVisible();
});

test('a bookkeeper sees why QuickBooks cannot be connected', async ({ page, request }) => {
  const owner = await signUpUser(request, { email: uniqueEmail('qbo-owner'), name: 'Owner Person' });
  const entityId = await createEntity(request, owner.token, uniqueName('Books Co'));
  const invitee = { firstName: 'Book', lastName: 'Keeper', email: uniqueEmail('qbo-bookkeeper') };
  await inviteByApi(request, owner.token, entityId, { ...invitee, role: 'bookkeeper' });
  const bookkeeper = await signUpInvitedUser(
    request,
    { email: invitee.email, name: 'Book Keeper' },
    await readInviteToken(request, invitee.email),
  );
  expect(bookkeeper.invitation).toBe('joined');

  await signInWithToken(page, bookkeeper.token);
  await page.goto('/settings/integrations');
  await new AppShell(page).waitForPage('Integrations');
  const connect = page
    .getByRole('region', { name: 'QuickBooks Online' })
    .getByRole('button', { name: 'Connect' });
  await expect(connect).toHaveAttribute('aria-disabled', 'true');
  await connect.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Only owners and admins can connect and manage accounting software.',
  );
  // Playwright does not click an aria-disabled button by itself; a person can, and nothing happens.
  await connect.click({ force: true });
  await page.waitForTimeout(TRANSITION_MS);
  await expect(page).toHaveURL(/\/settings\/integrations$/);
  await screenshotAtEachSize(page, 'integrations-bookkeeper');
});
