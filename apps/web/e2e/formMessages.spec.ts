import { expect, test } from '@playwright/test';
import { ReportDrawerPage } from './pages/ReportDrawerPage';
import { openDemoReport } from './support/demo';

const FACILITIES = 'Expense/Operating Expenses/Facilities';

test('an amount past the limit says what the limit is, and saves nothing', async ({ page }) => {
  await openDemoReport(
    page,
    `/financial?account=${encodeURIComponent(FACILITIES)}&month=2025-05&expand=true`,
  );
  const drawer = new ReportDrawerPage(page);
  await drawer.newEntryButton.click();
  const form = drawer.form('New Entry');
  await form.getByLabel('Name').fill('Too much');
  await drawer.typeAmount(form, '100000000000.01');
  await expect(form.getByRole('textbox', { name: 'Amount' })).toHaveValue('100,000,000,000.01');
  await form.getByRole('textbox', { name: 'Amount' }).press('Enter');
  await expect(form.getByText('Amount can be at most $100,000,000,000.00 either way')).toBeVisible();
  await expect(form.getByText('Amount is required')).toHaveCount(0);
  await expect(drawer.entry('Too much')).toHaveCount(0);
});
