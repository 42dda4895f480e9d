import { expect, test } from '@playwright/test';
import { openKeelChecking } from './pages/KeelCheckingScreen';
import { createEntity, PASSWORD, signUpUser, uniqueEmail, uniqueName } from './support/api';
import { openDepositAccountByApi, SANDBOX_ROUTING_NUMBER } from './support/banking';
import { screenshotAtEachSize } from './support/screenshots';

/**
 * Funding the account: /keel-checking's account number is masked until 'Show' and the
 * password; then the full account and routing numbers show, each with a Copy button that puts the
 * digits on the clipboard and says 'Copied'; 'Hide' masks the number again.
 */

test('reveals the full account number after the password, and copies the account and routing numbers', async ({
  page,
  request,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const user = await signUpUser(request, { email: uniqueEmail('fund'), name: 'Taylor Tester' });
  const entityId = await createEntity(request, user.token, uniqueName('Fund Co'));
  const account = await openDepositAccountByApi(request, user.token, entityId);
  const last4 = account.accountNumber.slice(-4);
  const screen = await openKeelChecking(page, user.token, entityId);

  const row = screen.accountRows.first();
  await expect(row.getByTestId('account-number')).toHaveText(`********${last4}`);
  await expect(row.getByTestId('routing-number')).toHaveText(SANDBOX_ROUTING_NUMBER);

  // Show asks for the password; a wrong one is refused under the field and reveals nothing.
  await row.getByRole('button', { name: /^Show the full account number/ }).click();
  const prompt = page.getByRole('dialog', { name: 'Show the full account number' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('textbox', { name: 'Password' }).fill('not my password');
  await prompt.getByRole('button', { name: 'Show numbers' }).click();
  await expect(prompt.getByText('Invalid password')).toBeVisible();
  await expect(row.getByTestId('account-number')).toHaveText(`********${last4}`);
  await screenshotAtEachSize(page, 'fund-account-password', { fullPage: false });

  await prompt.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await prompt.getByRole('button', { name: 'Show numbers' }).click();
  await expect(prompt).toBeHidden();
  const number = row.getByTestId('account-number');
  await expect(number).toHaveText(new RegExp(`^\\d{8,13}${last4}$`));
  const fullNumber = (await number.textContent()) ?? '';

  // Copy puts the digits on the clipboard and says so.
  await row.getByRole('button', { name: 'Copy account number' }).click();
  await expect(row.getByRole('button', { name: 'account number copied' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fullNumber);
  await screenshotAtEachSize(page, 'fund-account-revealed', {
    check: async () => {
      await expect(row.getByTestId('account-number')).toBeInViewport();
      await expect(row.getByRole('button', { name: /^Hide the account number/ })).toBeInViewport();
    },
  });
  await row.getByRole('button', { name: 'Copy routing number' }).click();
  await expect(row.getByRole('button', { name: 'routing number copied' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(SANDBOX_ROUTING_NUMBER);

  // Hide masks it again.
  await row.getByRole('button', { name: /^Hide the account number/ }).click();
  await expect(number).toHaveText(`********${last4}`);
  await expect(row.getByRole('button', { name: 'Copy account number' })).toHaveCount(0);
});
