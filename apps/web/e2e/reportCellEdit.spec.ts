import { expect, type Page, test } from '@playwright/test';
import { ReportDrawerPage } from './pages/ReportDrawerPage';
import { ReportApi, ReportGridPage, uniqueName } from './pages/ReportGridPage';
import { openDemoReport, SCREEN_SIZES, startWithSummaryCardsCollapsed } from './support/demo';

startWithSummaryCardsCollapsed();

/**
 * An inline edit of a future cell keeps one 'Adjustment' forecast for the
 * account-month, to the cent, gone when the cell is set back; a new entry is booked against the
 * company's first real bank account by default, then the one last used. Each test works in an
 * account of its own, at both screen sizes.
 */

const OFFICE = 'Expense/Operating Expenses/Office';

async function ownAccount(page: Page, prefix: string) {
  await openDemoReport(page);
  const api = await ReportApi.of(page);
  const name = uniqueName(prefix);
  const path = `${OFFICE}/${name}`;
  await api.createAccount(OFFICE, name);
  return { name, path, grid: new ReportGridPage(page), drawer: new ReportDrawerPage(page) };
}

async function editCell(grid: ReportGridPage, path: string, month: string, expected: string, typed: string) {
  const cell = grid.cell(path, month);
  await cell.dblclick();
  const input = cell.getByRole('textbox');
  await expect(input).toHaveValue(expected);
  await input.fill(typed);
  await input.press('Enter');
  await expect(input).toHaveCount(0);
}

for (const size of SCREEN_SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('inline edits keep one Adjustment forecast per cell, to the cent', async ({ page }) => {
      const { name, path, grid, drawer } = await ownAccount(page, 'Cell Adjust');
      await grid.gotoRow(path, '2027-02');
      const cell = grid.cell(path, '2027-02');
      await expect(cell).toHaveText('$0.00');

      await editCell(grid, path, '2027-02', '0', '2046.85');
      await expect(cell).toHaveText('$2,046.85');
      // The editor shows the exact cents, not 2047.
      await editCell(grid, path, '2027-02', '2046.85', '3000');
      await expect(cell).toHaveText('$3,000.00');

      await cell.click();
      await expect(drawer.heading(name)).toBeVisible();
      await expect(drawer.entries).toHaveCount(1);
      await expect(drawer.entries.first()).toContainText('Adjustment');
      await expect(drawer.entries.first()).toContainText('$3,000.00');
      await expect(drawer.drawer).not.toContainText('No description');

      // Set back to nothing: no forecast is left, not a +/- pair.
      await editCell(grid, path, '2027-02', '3000', '0');
      await expect(cell).toHaveText('$0.00');
      await expect(drawer.entries).toHaveCount(0);
      await expect(drawer.summary).toContainText('0 entries');
      await expect(grid.cell(path, '2027-03')).toHaveText('$0.00');
    });

    test('a new entry is booked against the first bank account, then the one last used', async ({ page }) => {
      const { name, path, drawer } = await ownAccount(page, 'Against Default');
      await page.goto(`/financial?account=${encodeURIComponent(path)}&month=2025-04&expand=true`);
      await expect(drawer.heading(name)).toBeVisible();
      await drawer.newEntryButton.click();
      const form = drawer.form('New Entry');
      const against = form.getByRole('combobox', { name: 'Against account' });
      await expect(against).toHaveValue('Banks/Mercury Checking');
      await form.getByLabel('Name').fill('Paid from savings');
      await drawer.typeAmount(form, '12.34');
      await against.fill('Banks/Savings');
      await page.getByRole('option', { name: 'Banks/Savings', exact: true }).click();
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form).toHaveCount(0);
      await expect(drawer.entry('Paid from savings')).toContainText('$12.34');

      // The next entry, and a forecast, start from the account last used.
      await drawer.newEntryButton.click();
      await expect(drawer.form('New Entry').getByRole('combobox', { name: 'Against account' })).toHaveValue(
        'Banks/Savings',
      );
      await drawer.form('New Entry').getByRole('button', { name: 'Cancel' }).click();
      await page.goto(`/financial?account=${encodeURIComponent(path)}&month=2027-05&expand=true`);
      await expect(drawer.heading(name)).toBeVisible();
      await drawer.newEntryButton.click();
      await expect(
        drawer.form('New Forecast').getByRole('combobox', { name: 'Against account' }),
      ).toHaveValue('Banks/Savings');
    });
  });
}
