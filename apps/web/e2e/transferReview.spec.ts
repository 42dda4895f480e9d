import { expect, test } from '@playwright/test';
import { openKeelChecking } from './pages/KeelCheckingScreen';
import {
  createEntity,
  graphql,
  inviteByApi,
  readInviteToken,
  signUpInvitedUser,
  signUpUser,
  uniqueEmail,
  uniqueName,
} from './support/api';
import {
  depositByDevRoute,
  openDepositAccountByApi,
  RECIPIENT_ROUTING_NUMBER,
  sendAchByApi,
  transfersByApi,
} from './support/banking';
import { SCREEN_SIZES } from './support/demo';
import { shot } from './support/screenshots';

/**
 * In the browser: Send money goes through a Review step (amount, no fee, the bank,
 * the expected arrival, until when it can be canceled in the company's time), Back keeps the form,
 * Confirm sends once for a double click, the receipt downloads; a second transfer is canceled from the
 * table after a confirmation. The amount box takes digits and one point only. At both screen sizes,
 * with screenshots of the Review step and the table. Each run makes its own user and company, in Los
 * Angeles time (the test server's day is pinned to Sunday Nov 22, 2026: an ACH is processed Monday).
 */

/** Mantine's transitions (dialogs, tooltips) take up to 200 ms. */
const TRANSITION_MS = 350;

for (const size of SCREEN_SIZES) {
  const tag = `${size.width}x${size.height}`;

  test(`sends an ACH through the review step and cancels another, at ${tag}`, async ({ page, request }) => {
    test.slow();
    await page.setViewportSize(size);
    const user = await signUpUser(request, { email: uniqueEmail(`review-${tag}`), name: 'Taylor Tester' });
    const entityId = await createEntity(request, user.token, uniqueName('Review Co'));
    await graphql(
      request,
      user.token,
      'mutation Zone($entityId: ID!) { setEntityTimeZone(entityId: $entityId, timeZone: "America/Los_Angeles") { id } }',
      { entityId },
    );
    const account = await openDepositAccountByApi(request, user.token, entityId);
    await depositByDevRoute(request, account.id, 5_000_00);
    const otherRecipient = uniqueName('Old Supplier');
    await sendAchByApi(request, user.token, {
      entityId,
      accountId: account.id,
      recipientName: otherRecipient,
      cents: 100_00,
      date: '2026-11-22',
    });

    const checking = await openKeelChecking(page, user.token, entityId);
    const form = await checking.openSendMoney('ACH');
    const vendorName = uniqueName('Northwind Supplies');
    await form.getByRole('button', { name: 'New vendor' }).click();
    const vendorForm = form.getByTestId('new-vendor-form');
    await vendorForm.getByRole('textbox', { name: 'Vendor name' }).fill(vendorName);
    await vendorForm.getByRole('button', { name: 'Save vendor' }).click();
    await expect(vendorForm).toHaveCount(0);

    // The amount box takes digits and one point, at most 2 decimals: the rest of what is typed is dropped.
    const amount = checking.field(form, 'Amount');
    await amount.pressSequentially('-2a5,0.0.0x7');
    await expect(amount).toHaveValue('250.00');
    await amount.blur();
    await checking.fill(form, 'Routing number', RECIPIENT_ROUTING_NUMBER);
    await checking.fill(form, 'Account number', '123456789');
    await checking.fill(form, 'Memo', 'Invoice 2001');
    await form.getByRole('button', { name: 'Review ACH transfer' }).click();

    const review = checking.review;
    await expect(review.getByTestId('review-amount')).toHaveText('$250.00');
    await expect(review.getByTestId('review-fee')).toHaveText('No fee');
    await expect(review.getByTestId('review-total')).toHaveText('$250.00');
    await expect(review.getByTestId('review-from')).toHaveText(/^Keel Checking ••\d{4}$/);
    await expect(review.getByTestId('review-to')).toHaveText(vendorName);
    await expect(review.getByTestId('review-account')).toHaveText('••6789');
    await expect(review.getByTestId('review-send-date')).toHaveText('Sun, Nov 22');
    await expect(review.getByTestId('review-expected-arrival')).toHaveText(
      /^Expected to arrive \w{3}, Nov \d+$/,
    );
    await expect(review.getByTestId('review-cancellable')).toHaveText(
      /^You can cancel it until it is handed to the bank on \w{3}, Nov \d+ at \d+:\d\d [AP]M PST\.$/,
    );
    await expect(review.getByTestId('review-approval')).toHaveText('No second approver needed.');
    await page.waitForTimeout(TRANSITION_MS);
    await expect(review.getByRole('button', { name: 'Confirm and send' })).toBeInViewport();
    await page.screenshot({ path: shot(`transfer-review-${tag}`) });

    // Back: the form as it was.
    await review.getByRole('button', { name: 'Back' }).click();
    await expect(amount).toHaveValue('250.00');
    await expect(checking.field(form, 'Memo')).toHaveValue('Invoice 2001');
    await form.getByRole('button', { name: 'Review ACH transfer' }).click();
    await review.getByRole('button', { name: 'Confirm and send' }).dblclick();
    await expect(checking.sent).toContainText(`$250.00 to ${vendorName}.`);
    await expect(checking.sent).toContainText('PST');
    await page.screenshot({ path: shot(`transfer-sent-${tag}`) });
    const download = page.waitForEvent('download');
    await checking.sent.getByRole('button', { name: 'Receipt' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await checking.sent.getByRole('button', { name: 'Done' }).click();
    await expect(checking.dialog).toHaveCount(0);

    // Once, in the table, with its receipt and its expected arrival.
    const sentRow = checking.transferRow(vendorName);
    await expect(sentRow).toHaveCount(1);
    await expect(sentRow).toContainText('Pending');
    await expect(sentRow).toContainText(/Arrives \w{3}, Nov \d+/);
    await expect(sentRow.getByTestId('receipt-link')).toBeVisible();
    const sent = await transfersByApi(request, user.token, entityId);
    expect(sent.filter((transfer) => transfer.amount === 250_00)).toHaveLength(1);

    // Cancel the other one, after saying what it is.
    const otherRow = checking.transferRow(otherRecipient);
    await otherRow.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this transfer?' });
    await expect(confirm).toContainText(`The $100.00 ACH transfer to ${otherRecipient} will not be sent.`);
    await confirm.getByRole('button', { name: 'Cancel transfer' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(otherRow).toContainText('Canceled');
    await expect(otherRow.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    const after = await transfersByApi(request, user.token, entityId);
    expect(after.find((transfer) => transfer.amount === 100_00)?.status).toBe('canceled');

    // The table fits: nothing scrolls sideways, the actions are in view.
    await page.waitForTimeout(3_500); // the toasts go
    const table = page.getByRole('table', { name: 'Transfers' });
    await table.scrollIntoViewIfNeeded();
    const overflow = await table.evaluate((element) => {
      const section = element.closest('section') as HTMLElement;
      return {
        table: Math.max(
          0,
          Math.round(element.getBoundingClientRect().right - section.getBoundingClientRect().right),
        ),
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      };
    });
    expect(overflow).toEqual({ table: 0, page: 0 });
    await expect(sentRow.getByTestId('receipt-link')).toBeInViewport();
    await page.screenshot({ path: shot(`transfers-table-${tag}`), fullPage: true });
  });
}

test('the owner requires a second approver; an admin approves what the owner sent over it', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await signUpUser(request, { email: uniqueEmail('approval-owner'), name: 'Olive Owner' });
  const entityId = await createEntity(request, owner.token, uniqueName('Approval Co'));
  const account = await openDepositAccountByApi(request, owner.token, entityId);
  await depositByDevRoute(request, account.id, 5_000_00);

  // The owner sets the rule on /keel-checking.
  const checking = await openKeelChecking(page, owner.token, entityId);
  const rule = page.getByTestId('approval-rule');
  await rule.getByRole('textbox', { name: 'Approval threshold' }).fill('200');
  await rule.getByRole('button', { name: 'Turn on' }).click();
  await expect(rule).toContainText(
    'On: a transfer over $200.00 waits until a different owner or admin approves it.',
  );

  // Over it, the owner's transfer waits: the owner may cancel it but not approve it.
  const recipient = uniqueName('Big Vendor');
  await sendAchByApi(request, owner.token, {
    entityId,
    accountId: account.id,
    recipientName: recipient,
    cents: 300_00,
    date: '2026-11-22',
  });
  await checking.goto();
  const row = checking.transferRow(recipient);
  await expect(row).toContainText('Awaiting approval');
  await expect(row).toContainText('Sent by Olive Owner: needs a second approver');
  await expect(row.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // An admin sees the rule read-only and approves it.
  const invitee = {
    firstName: 'Ada',
    lastName: 'Admin',
    email: uniqueEmail('approval-admin'),
    role: 'admin' as const,
  };
  await inviteByApi(request, owner.token, entityId, invitee);
  const admin = await signUpInvitedUser(
    request,
    { email: invitee.email, name: 'Ada Admin' },
    await readInviteToken(request, invitee.email),
  );
  const adminView = await openKeelChecking(page, admin.token, entityId);
  await expect(page.getByTestId('approval-rule')).toContainText('Second approver over $200.00');
  await expect(page.getByTestId('approval-rule').getByRole('textbox')).toHaveCount(0);
  const adminRow = adminView.transferRow(recipient);
  await adminRow.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve this transfer?' });
  await expect(dialog).toContainText(
    `The $300.00 ACH transfer to ${recipient}, sent by Olive Owner, goes to the bank.`,
  );
  await dialog.getByRole('button', { name: 'Approve and send' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(adminRow).toContainText('Pending');
  await expect(adminRow.getByTestId('receipt-link')).toBeVisible();
  const transfers = await transfersByApi(request, owner.token, entityId);
  expect(transfers.map((transfer) => transfer.status)).toEqual(['pending']);
});
