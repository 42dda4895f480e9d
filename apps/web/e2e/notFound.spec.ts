import { expect, test } from '@playwright/test';

test('an unknown path shows the Oops page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
  await expect(page.getByText('Sorry, an unexpected error has occurred.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the start page' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
