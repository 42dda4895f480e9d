import { expect, type Page, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { KeelCheckingScreen, openKeelChecking } from './pages/KeelCheckingScreen';
import { LoginPage } from './pages/LoginPage';
import {
  createEntity,
  inviteByApi,
  PASSWORD,
  readInviteToken,
  signInByApi,
  signInWithToken,
  signUpInvitedUser,
  signUpUser,
  uniqueEmail,
  uniqueName,
} from './support/api';
import {
  depositByDevRoute,
  openDepositAccountByApi,
  RECIPIENT_ROUTING_NUMBER,
  SANDBOX_ROUTING_NUMBER,
  sendAchByApi,
  settleByDevRoute,
  transfersByApi,
} from './support/banking';
import { DEMO_BOOKKEEPER_EMAIL, DEMO_COMPANY, DEMO_PASSWORD, SCREEN_SIZES } from './support/demo';
import { shot } from './support/screenshots';

/**
 * The web screens of Keel's deposit accounts: /apply (signed out and in), /keel-checking's
 * accounts and transfers, Send money by ACH with the spec's messages, the transfer booked in
 * /keel-transactions once the bank posts it, and who may send money. Each test makes its own user and
 * company, except those reading the demo company, which change nothing.
 */

/** Mantine's transitions (dialogs, tooltips) take up to 200 ms. */
const TRANSITION_MS = 350;

/** A fresh user who owns a fresh company; returns the token and the company's id. */
async function freshCompany(request: Parameters<typeof signUpUser>[0], prefix: string) {
  const user = await signUpUser(request, { email: uniqueEmail(prefix), name: 'Taylor Tester' });
  const entityId = await createEntity(request, user.token, uniqueName('Bank Co'));
  return { user, entityId };
}

/** Fills the application as a person would (an SSN the sandbox approves: it declines 000000000). */
async function fillApplication(page: Page) {
  const form = page.getByRole('form', { name: 'Account application' });
  await form.getByRole('textbox', { name: 'Employer Identification Number (EIN)' }).fill('987654321');
  await form.getByLabel('Date of birth').fill('1985-12-10');
  await form.getByLabel('Phone number').fill('(415) 555-0134');
  const ssn = form.getByRole('textbox', { name: 'Social security number' });
  await ssn.fill('123456789');
  // Leaving the box clears its message: the form below moves up before the next click, not during it.
  await ssn.blur();
  await form.getByLabel('I am a US citizen or resident').check();
  await form.getByRole('textbox', { name: 'Street line 1' }).fill('1 Market St');
  await form.getByRole('textbox', { name: 'City' }).fill('San Francisco');
  await form.getByRole('combobox', { name: 'State' }).fill('Calif');
  await page.getByRole('option', { name: 'CA · California' }).click();
  await form.getByRole('textbox', { name: 'Zip code' }).fill('94105');
  await form.getByLabel(/I have read and agree to the/).check();
}

test('applies through /apply after signing in from it, and lands on /keel-checking with the new account', async ({
  page,
  request,
}) => {
  const { user } = await freshCompany(request, 'apply');

  // Signed out, /apply explains the account and leads to sign in, then back here.
  await page.goto('/apply');
  await expect(page.getByRole('heading', { name: 'Open a Keel Account' })).toBeVisible();
  await expect(page.getByText('Interest on every dollar')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in to apply' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fapply$/);
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
    'href',
    '/signup?next=%2Fapply',
  );
  await new LoginPage(page).signIn(user.email, PASSWORD);
  await expect(page).toHaveURL(/\/apply$/);
  const shell = new AppShell(page);
  await shell.waitForPage('Open a Keel Account');
  await expect(shell.navLink('Keel Transactions')).toHaveCount(0);

  // The spec's messages first.
  const form = page.getByRole('form', { name: 'Account application' });
  await expect(form.getByRole('textbox', { name: 'First name' })).toHaveValue('Taylor');
  const ssn = form.getByRole('textbox', { name: 'Social security number' });
  await expect(ssn).toHaveAttribute('type', 'password');
  await ssn.fill('1234');
  await ssn.blur();
  await expect(form.getByText('SSN must be 9 digits')).toBeVisible();
  await ssn.fill('12345678a');
  await ssn.blur();
  await expect(form.getByText('Invalid SSN')).toBeVisible();
  await page.getByRole('button', { name: 'Open account' }).click();
  await expect(form.getByText('You must aknowledge the agreements and disclosures')).toBeVisible();
  await expect(form.getByText('You must be a US citizen or resident')).toBeVisible();
  await expect(form.getByText('Invalid date of birth')).toBeVisible();
  await expect(form.getByRole('link', { name: 'deposit account agreement and disclosures' })).toHaveAttribute(
    'href',
    '/legal/disclosures',
  );

  await fillApplication(page);
  await page.getByRole('button', { name: 'Open account' }).click();

  // Approved: the account is open, on /keel-checking, and the sidebar now has Keel Transactions.
  await expect(page).toHaveURL(/\/keel-checking$/);
  const checking = new KeelCheckingScreen(page);
  await expect(page.getByTestId('account-opened')).toContainText('Keel Checking ••');
  await expect(checking.accountRows).toHaveCount(1);
  const row = checking.accountRows.first();
  await expect(row).toContainText('Keel Checking');
  await expect(row.getByTestId('account-number')).toHaveText(/^\*{8}\d{4}$/);
  await expect(row.getByTestId('routing-number')).toHaveText(SANDBOX_ROUTING_NUMBER);
  await expect(row.getByTestId('balance')).toHaveText('$0.00');
  await expect(row.getByTestId('money-earned')).toContainText('$0.00');
  await expect(row.getByTestId('money-earned')).toContainText('2.00% APY');
  await expect(page.getByTestId('transfers-empty')).toBeVisible();
  await expect(shell.navLink('Keel Transactions')).toBeVisible();

  // Applying again is pointless: /apply says so.
  await page.goto('/apply');
  await expect(page.getByTestId('apply-already-open')).toContainText('already has a Keel account');
});

test('sends $250.00 by ACH to a new vendor: the spec’s messages, one transfer for a double click, pending, then posted and booked', async ({
  page,
  request,
}) => {
  test.slow();
  const { user, entityId } = await freshCompany(request, 'ach');
  const account = await openDepositAccountByApi(request, user.token, entityId);
  await depositByDevRoute(request, account.id, 1_000_00);

  const checking = await openKeelChecking(page, user.token, entityId);
  await expect(checking.accountRows.first().getByTestId('balance')).toHaveText('$1,000.00');
  const form = await checking.openSendMoney('ACH');
  await expect(form.getByTestId('from-account-figures')).toHaveText(
    'Available $1,000.00 · $10,000.00 of the $10,000.00 daily ACH limit left today',
  );

  // A new vendor, made in the form and picked as the recipient.
  const vendorName = uniqueName('Northwind Supplies');
  await form.getByRole('button', { name: 'New vendor' }).click();
  const vendorForm = form.getByTestId('new-vendor-form');
  await vendorForm.getByRole('textbox', { name: 'Vendor name' }).fill(vendorName);
  await vendorForm.getByRole('textbox', { name: 'Vendor email' }).fill('billing@northwind.test');
  await vendorForm.getByRole('button', { name: 'Save vendor' }).click();
  await expect(vendorForm).toHaveCount(0);
  await expect(form.getByRole('combobox', { name: 'Recipient' })).toHaveValue(vendorName);

  // The spec's messages, on blur.
  await checking.fill(form, 'Amount', '0.5');
  await expect(form.getByText('Minimum transfer amount is $1')).toBeVisible();
  await checking.fill(form, 'Amount', '6000');
  await expect(form.getByText('Maximum transfer amount is $5,000')).toBeVisible();
  await checking.fill(form, 'Routing number', '12345');
  await expect(form.getByText('Must be a 9-digit number')).toBeVisible();
  await checking.fill(form, 'Routing number', '123456789');
  await expect(form.getByText('Invalid routing number')).toBeVisible();

  await checking.fill(form, 'Amount', '250.00');
  await checking.fill(form, 'Routing number', RECIPIENT_ROUTING_NUMBER);
  await checking.fill(form, 'Account number', '123456789');
  await checking.fill(form, 'Memo', 'Invoice 1001');
  await expect(form.getByRole('alert')).toHaveCount(0);
  // The Review step, then two clicks in a row on Confirm send one transfer (one request, one key).
  await form.getByRole('button', { name: 'Review ACH transfer' }).click();
  const review = checking.review;
  await expect(review.getByTestId('review-amount')).toHaveText('$250.00');
  await review.getByRole('button', { name: 'Confirm and send' }).dblclick();
  await expect(checking.sent).toContainText(`$250.00 to ${vendorName}.`);
  await checking.sent.getByRole('button', { name: 'Done' }).click();
  await expect(checking.dialog).toHaveCount(0);

  await expect(checking.transferRows).toHaveCount(1);
  const transferRow = checking.transferRows.first();
  await expect(transferRow).toContainText(vendorName);
  await expect(transferRow).toContainText('ACH');
  await expect(transferRow).toContainText('-$250.00');
  await expect(transferRow).toContainText('Pending');
  await expect(transferRow).toContainText('****6789 · Invoice 1001');
  const balance = checking.accountRows.first().getByTestId('balance');
  await expect(balance).toContainText('$1,000.00');
  await expect(balance.getByTestId('available-balance')).toHaveText('Available $750.00');
  const transfers = await transfersByApi(request, user.token, entityId);
  expect(transfers.map((transfer) => [transfer.status, transfer.amount])).toEqual([['pending', 250_00]]);

  // Pending transfers are not in the books yet: /keel-transactions has the deposit only.
  const shell = new AppShell(page);
  await shell.navLink('Keel Transactions').click();
  await shell.waitForPage('Keel Transactions');
  const transactions = page.getByTestId('transaction-row');
  await expect(transactions).toHaveCount(1);
  await expect(transactions.first()).toContainText('Incoming ACH');

  // The bank posts it (ACH: the next business day at 00:00 UTC; the test server's clock does not get
  // there, so the sandbox settles this company as of then). Then it is posted, and booked.
  await settleByDevRoute(request, entityId, transfers[0]?.settleAt ?? '');
  await page.reload();
  await shell.waitForPage('Keel Transactions');
  await expect(transactions).toHaveCount(2);
  const booked = transactions.filter({ hasText: `ACH to ${vendorName}` });
  await expect(booked).toContainText('-$250.00');
  await expect(booked).toContainText('Uncategorized Expense');

  await checking.goto();
  await expect(checking.transferRows.first()).toContainText('Posted');
  await expect(checking.accountRows.first().getByTestId('balance')).toHaveText('$750.00');
});

test('a bookkeeper of the demo company sees its checking account and transfers, and cannot send money', async ({
  page,
  request,
}) => {
  const token = await signInByApi(request, DEMO_BOOKKEEPER_EMAIL, DEMO_PASSWORD);
  await signInWithToken(page, token);
  const checking = new KeelCheckingScreen(page);
  await checking.goto();
  await expect(new AppShell(page).entitySwitcher).toContainText(DEMO_COMPANY);

  await expect(checking.accountRows).toHaveCount(1);
  const row = checking.accountRows.first();
  await expect(row).toContainText('Keel Checking');
  await expect(row.getByTestId('account-number')).toHaveText(/^\*{8}\d{4}$/);
  await expect(row.getByTestId('routing-number')).toHaveText(SANDBOX_ROUTING_NUMBER);
  await expect(row.getByTestId('money-earned')).toContainText('2.00% APY');
  await expect(row.getByTestId('money-earned')).not.toContainText('$0.00');
  await expect(checking.transferRows.first()).toBeVisible();
  await expect(checking.transferRows.filter({ hasText: 'Posted' }).first()).toBeVisible();

  // Read-only: Send money says who can, and opens nothing.
  await expect(checking.sendMoneyButton).toHaveAttribute('aria-disabled', 'true');
  await checking.sendMoneyButton.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Only owners and admins can send money.');
  await checking.sendMoneyButton.click({ force: true });
  await expect(checking.dialog).toHaveCount(0);

  await page.goto('/apply');
  await expect(page.getByTestId('apply-already-open')).toContainText(
    `${DEMO_COMPANY} already has a Keel account`,
  );
});

test('/apply tells a bookkeeper who can open the account', async ({ page, request }) => {
  const { user, entityId } = await freshCompany(request, 'apply-owner');
  const invitee = {
    firstName: 'Blake',
    lastName: 'Books',
    email: uniqueEmail('books'),
    role: 'bookkeeper' as const,
  };
  await inviteByApi(request, user.token, entityId, invitee);
  const bookkeeper = await signUpInvitedUser(
    request,
    { email: invitee.email, name: 'Blake Books' },
    await readInviteToken(request, invitee.email),
  );
  expect(bookkeeper.invitation).toBe('joined');
  await signInWithToken(page, bookkeeper.token);
  await page.goto('/apply');
  await expect(page.getByTestId('apply-blocked')).toContainText(
    'Only owners and admins can manage the company.',
  );
  await expect(page.getByRole('form', { name: 'Account application' })).toHaveCount(0);
  await page.goto('/keel-checking');
  await expect(page.getByTestId('keel-accounts-empty')).toBeVisible();
});

for (const size of SCREEN_SIZES) {
  test(`the banking screens fit ${size.width}×${size.height}`, async ({ page, request }) => {
    test.slow();
    await page.setViewportSize(size);
    const tag = `${size.width}x${size.height}`;
    const { user, entityId } = await freshCompany(request, `layout-${tag}`);

    await page.goto('/apply');
    await expect(page.getByRole('link', { name: 'Sign in to apply' })).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Create an account' })).toBeInViewport();
    await page.screenshot({ path: shot(`apply-signed-out-${tag}`) });

    await signInWithToken(page, user.token);
    const checking = new KeelCheckingScreen(page);
    await checking.goto();
    await expect(page.getByRole('link', { name: 'Open an account with us' })).toBeInViewport();
    await page.screenshot({ path: shot(`keel-checking-empty-${tag}`) });

    await page.getByRole('link', { name: 'Open an account with us' }).click();
    await new AppShell(page).waitForPage('Open a Keel Account');
    await page.getByRole('button', { name: 'Open account' }).click();
    await expect(page.getByText('You must aknowledge the agreements and disclosures')).toBeVisible();
    await page.screenshot({ path: shot(`apply-form-${tag}`) });
    await page.getByRole('button', { name: 'Open account' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: 'Open account' })).toBeInViewport();
    await page.screenshot({ path: shot(`apply-form-end-${tag}`) });

    const account = await openDepositAccountByApi(request, user.token, entityId);
    await depositByDevRoute(request, account.id, 5_000_00);
    await sendAchByApi(request, user.token, {
      entityId,
      accountId: account.id,
      recipientName: 'Lee & Park LLP',
      cents: 1_250_00,
      date: '2026-11-22',
    });
    await checking.goto();
    await expect(checking.transferRows).toHaveCount(1);
    for (const header of ['Account', 'Account Number', 'Routing Number', 'Money Earned', 'Balance']) {
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeInViewport();
    }
    await expect(checking.sendMoneyButton).toBeInViewport();
    await page.screenshot({ path: shot(`keel-checking-${tag}`) });

    const ach = await checking.openSendMoney('ACH');
    await page.waitForTimeout(TRANSITION_MS);
    await expect(ach.getByRole('button', { name: 'Review ACH transfer' })).toBeVisible();
    await page.screenshot({ path: shot(`send-money-ach-${tag}`) });
    await ach.getByRole('button', { name: 'Review ACH transfer' }).click();
    await expect(ach.getByText('Recipient name is required')).toBeVisible();
    await page.screenshot({ path: shot(`send-money-ach-errors-${tag}`) });
    await ach.getByRole('button', { name: 'New vendor' }).click();
    await expect(ach.getByRole('textbox', { name: 'Vendor name' })).toBeInViewport();
    await expect(ach.getByRole('button', { name: 'Review ACH transfer' })).toBeInViewport();
    await page.screenshot({ path: shot(`send-money-new-vendor-${tag}`) });

    const wire = await checking.switchTab('Wire');
    await wire.getByRole('button', { name: 'Review wire' }).scrollIntoViewIfNeeded();
    await expect(wire.getByRole('button', { name: 'Review wire' })).toBeInViewport();
    await page.screenshot({ path: shot(`send-money-wire-${tag}`) });
  });
}
