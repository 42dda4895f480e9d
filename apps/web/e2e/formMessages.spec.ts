import { expect, test } from '@playwright/test';
import { ReportDrawerPage } from './pages/ReportDrawerPage';
import { openDemoReport, SCREEN_SIZES } from './support/demo';

const FACILITIES = 'Expense/Operating Expenses/Facilities';

for (const size of SCREEN_SIZES)
  test(`an amount past the limit says what the limit is, and saves nothing (${size.width}×${size.height})`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
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
    // Save is in view at both sizes (the drawer scrolls inside itself); the amount is refused before it.
    await expect(form.getByRole('button', { name: 'Save' })).toBeInViewport({ ratio: 1 });
    await form.getByRole('textbox', { name: 'Amount' }).press('Enter');
    await expect(form.getByText('Amount can be at most $100,000,000,000.00 either way')).toBeVisible();
    await expect(form.getByText('Amount is required')).toHaveCount(0);
    await expect(drawer.entry('Too much')).toHaveCount(0);
  });
