import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { centsOfFigure, openDemoGrid, ReportApi, uniqueName } from './pages/ReportGridPage';
import { startWithSummaryCardsCollapsed } from './support/demo';

startWithSummaryCardsCollapsed();

/** The demo's Office group: specs add accounts of their own under it, so shared figures stay put. */
const OFFICE = 'Expense/Operating Expenses/Office';

/** Whole units of cents, rounded half away from zero (as the CSV export rounds). */
const units = (cents: number) => Math.sign(cents) * Math.round(Math.abs(cents) / 100);

const openGrid = openDemoGrid;

test.describe('report grid', () => {
  test('shows each column title above its short label', async ({ page }) => {
    const grid = await openGrid(page);
    // The actuals end (the current month, 2026-11) is in view on load, between past and future.
    await expect(grid.header('2026-10')).toHaveText(/^Past\s*Oct 26$/);
    await expect(grid.header('2026-11')).toHaveText(/^Current\s*Nov 26$/);
    await expect(grid.header('2026-12')).toHaveText(/^Future\s*Dec 26$/);
    await expect(grid.header('2026-11')).toBeInViewport();

    // Summaries only: FY 2025 is all actual, 2026 has a YTD through the cutoff and a forecast year.
    await grid.setColumnToggle('Months', false);
    await grid.setColumnToggle('Annual Summaries', true);
    await grid.setColumnToggle('Overall Total', true);
    await expect(grid.headers()).toHaveCount(5);
    await expect(grid.header('fy-2025')).toHaveText(/^Actual\s*FY 2025$/);
    await expect(grid.header('ytd-2026')).toHaveText(/^YTD\s*2026 YTD$/);
    await expect(grid.header('fy-2026')).toHaveText(/^Forecast\s*FY 2026$/);
    await expect(grid.header('fy-2027')).toHaveText(/^Forecast\s*FY 2027$/);
    // The range ends after the actuals, so the overall total is a forecast.
    await expect(grid.header('total')).toHaveText(/^Forecast\s*Total$/);
    const income = await grid.cellCents('Income', 'fy-2025');
    expect(income).toBeGreaterThan(0);
  });

  test('expands and collapses rows; the Expense tree starts open', async ({ page }) => {
    const grid = await openGrid(page);
    await expect(grid.row('Expense')).toHaveAttribute('aria-expanded', 'true');
    await expect(grid.row('Expense/Operating Expenses/Payroll/Salaries')).toBeVisible();
    await expect(grid.row('Expense/Operating Expenses/Payroll/Salaries')).toHaveAttribute('aria-level', '4');

    await expect(grid.row('Income')).toHaveAttribute('aria-expanded', 'false');
    await expect(grid.row('Income/Revenue')).toHaveCount(0);
    await grid.expandRow('Income', 'Income');
    await expect(grid.row('Income')).toHaveAttribute('aria-expanded', 'true');
    await expect(grid.row('Income/Revenue')).toBeVisible();
    await expect(grid.row('Income/Revenue/Subscriptions')).toHaveCount(0);
    await grid.expandRow('Income/Revenue', 'Revenue');
    await expect(grid.row('Income/Revenue/Subscriptions')).toBeVisible();

    await grid.collapseRow('Income', 'Income');
    await expect(grid.row('Income/Revenue')).toHaveCount(0);
    await expect(grid.row('Income/Revenue/Subscriptions')).toHaveCount(0);
    await grid.collapseRow('Expense/Operating Expenses/Payroll', 'Payroll');
    await expect(grid.row('Expense/Operating Expenses/Payroll/Salaries')).toHaveCount(0);
    await expect(grid.row('Expense/Operating Expenses/Software')).toBeVisible();
  });

  test('a parent row shows the sum of its children and figures read as dollars', async ({ page }) => {
    const grid = await openGrid(page);
    const payroll = 'Expense/Operating Expenses/Payroll';
    const children = ['Salaries', 'Payroll Taxes', 'Benefits'];
    const month = '2026-06';
    await grid.gotoRow(payroll, month);
    const parent = await grid.cellCents(payroll, month);
    let sum = 0;
    for (const child of children) sum += await grid.cellCents(`${payroll}/${child}`, month);
    expect(parent).toBe(sum);
    await expect(grid.cell(payroll, month)).toHaveText(/^-?\$\d{1,3}(,\d{3})*\.\d{2}$/);
  });

  test('clicking a header selects its month and replaces the history entry', async ({ page }) => {
    const grid = await openGrid(page);
    const historyLength = await page.evaluate(() => window.history.length);
    await grid.header('2026-11').click();
    await expect(page).toHaveURL(/[?&]month=2026-11(&|$)/);
    await expect(grid.header('2026-11')).toHaveAttribute('aria-selected', 'true');
    await grid.header('2026-12').click();
    await expect(page).toHaveURL(/[?&]month=2026-12(&|$)/);
    await expect(page).toHaveURL(/[?&]type=forecast(&|$)/);
    await expect(grid.header('2026-11')).toHaveAttribute('aria-selected', 'false');
    expect(await page.evaluate(() => window.history.length)).toBe(historyLength);
  });

  test('clicking a row label or a cell selects it', async ({ page }) => {
    const grid = await openGrid(page);
    const rent = 'Expense/Operating Expenses/Facilities/Rent';
    await grid.gotoRow(rent, '2026-11');
    await grid.label('Expense/Operating Expenses/Payroll').click();
    await expect(page).toHaveURL(/account=Expense%2FOperating(\+|%20)Expenses%2FPayroll(&|$)/);
    await expect(page).not.toHaveURL(/month=/);
    await expect(grid.row('Expense/Operating Expenses/Payroll')).toHaveAttribute('aria-selected', 'true');
    await expect(grid.row(rent)).toHaveAttribute('aria-selected', 'false');

    await grid.cell(rent, '2026-10').click();
    await expect(grid.cell(rent, '2026-10')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/month=2026-10/);
    // Arrow keys move the selected cell.
    await page.keyboard.press('ArrowRight');
    await expect(grid.cell(rent, '2026-11')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/month=2026-11/);
  });

  test('a link with an account and a month lands on the same selection, also after a reload', async ({
    page,
  }) => {
    const meals = 'Expense/Operating Expenses/Travel/Meals';
    const grid = await openGrid(page, `/financial?account=${encodeURIComponent(meals)}&month=2025-03`);
    for (let load = 0; load < 2; load += 1) {
      await expect(grid.row(meals)).toHaveAttribute('aria-selected', 'true');
      await expect(grid.cell(meals, '2025-03')).toHaveAttribute('aria-selected', 'true');
      await expect(grid.cell(meals, '2025-03')).toBeInViewport();
      await expect(grid.header('2025-03')).toHaveAttribute('aria-selected', 'true');
      expect(new URL(page.url()).searchParams.get('account')).toBe(meals);
      expect(new URL(page.url()).searchParams.get('month')).toBe('2025-03');
      if (load === 0) await page.reload();
    }
  });

  test('expand=true opens a collapsed row and is then removed from the URL', async ({ page }) => {
    const grid = await openGrid(page);
    const interest = 'Income/Other Income/Interest Income';
    await expect(grid.row(interest)).toHaveCount(0);
    await grid.gotoRow(interest, '2026-05');
    await expect(grid.row(interest)).toHaveAttribute('aria-selected', 'true');
    await expect(grid.row('Income/Other Income')).toHaveAttribute('aria-expanded', 'true');
    await expect(grid.cell(interest, '2026-05')).toBeInViewport();
  });

  test('column toggles last for the page unless made the default', async ({ page }) => {
    const grid = await openGrid(page);
    await grid.setColumnToggle('Months', false);
    await expect(grid.headers()).toHaveCount(0);
    await grid.setColumnToggle('Annual Summaries', true);
    await expect(grid.header('fy-2025')).toBeVisible();
    await grid.setColumnToggle('Months', true);
    await expect(grid.header('2025-01')).toBeVisible();

    // Not made default: a reload shows months only.
    await page.reload();
    await expect(grid.header('2026-11')).toBeVisible();
    await expect(grid.header('fy-2026')).toHaveCount(0);
    await expect(grid.header('ytd-2026')).toHaveCount(0);

    await grid.setColumnToggle('Months', false);
    await grid.setColumnToggle('Annual Summaries', true);
    await grid.setColumnToggle('Overall Total', true);
    const menu = await grid.openColumnOptions();
    await menu.getByRole('menuitem', { name: 'Make default' }).click();
    await page.reload();
    await expect(grid.header('total')).toBeVisible();
    await expect(grid.header('fy-2026')).toBeVisible();
    await expect(grid.header('2026-11')).toHaveCount(0);
    const reopened = await grid.openColumnOptions();
    await expect(reopened.getByRole('menuitemcheckbox', { name: 'Months' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expect(reopened.getByRole('menuitemcheckbox', { name: 'Annual Summaries' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  test('exports the visible columns of every row to CSV in whole units', async ({ page }) => {
    const grid = await openGrid(page);
    const api = await ReportApi.of(page);
    const name = uniqueName('CSV Supplies');
    const path = `${OFFICE}/${name}`;
    const accountId = await api.createAccount(OFFICE, name);
    await api.bookEntry(accountId, 123_456, '2026-03-10');
    await api.bookEntry(accountId, 50, '2026-04-02');
    await grid.gotoRow(path, '2026-03');
    await expect(grid.cell(path, '2026-03')).toHaveText('$1,234.56');
    await grid.setColumnToggle('Annual Summaries', true);

    const menu = await grid.openColumnOptions();
    const downloading = page.waitForEvent('download');
    await menu.getByRole('menuitem', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      /^Financial Report \d{4}-\d{2}-\d{2} \d{2}-\d{2}-\d{2}\.csv$/,
    );
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    // Months Jan 25 .. Mar 28 with FY and YTD columns among them; no overall total.
    const header = lines[0]?.split(',') ?? [];
    expect(header[0]).toBe('Account');
    expect(header[1]).toBe('Jan 25');
    expect(header).toContain('FY 2025');
    expect(header).toContain('2026 YTD');
    expect(header).not.toContain('Total');
    expect(header.at(-1)).toBe('Mar 28');
    // Every row, not only the expanded ones.
    expect(lines).toContainEqual(expect.stringMatching(/^Income\/Revenue\/Subscriptions,/));
    const line = lines.find((candidate) => candidate.startsWith(`${path},`))?.split(',') ?? [];
    const march = header.indexOf('Mar 26');
    const april = header.indexOf('Apr 26');
    expect(line[march]).toBe(String(units(await grid.cellCents(path, '2026-03'))));
    expect(line[march]).toBe('1235');
    expect(line[april]).toBe('1');
    expect(line[header.indexOf('FY 2026')]).toBe('1235');
  });

  test('adds a sub-account, renames it with Enter, keeps the name on Escape and deletes it', async ({
    page,
  }) => {
    const grid = await openGrid(page);
    const api = await ReportApi.of(page);
    const parentName = uniqueName('Grid Parent');
    const parent = `${OFFICE}/${parentName}`;
    await api.createAccount(OFFICE, parentName);
    await grid.gotoRow(parent);
    await expect(grid.row(parent)).not.toHaveAttribute('aria-expanded');

    const menu = await grid.openRowMenu(parent, parentName);
    await expect(menu.getByRole('menuitem', { name: 'Rename Account' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Add Sub-Account' }).click();
    const created = `${parent}/New Account`;
    await expect(grid.row(created)).toHaveAttribute('aria-selected', 'true');
    await expect(grid.row(created)).toHaveAttribute('aria-level', '5');
    await expect(grid.row(parent)).toHaveAttribute('aria-expanded', 'true');
    expect(new URL(page.url()).searchParams.get('account')).toBe(created);

    // Enter saves a trimmed name; the selection follows the new path.
    await (await grid.openRowMenu(created, 'New Account'))
      .getByRole('menuitem', { name: 'Rename Account' })
      .click();
    const input = grid.row(created).getByRole('textbox', { name: 'New name for New Account' });
    await input.fill('  Grid Renamed  ');
    await input.press('Enter');
    const renamed = `${parent}/Grid Renamed`;
    await expect(grid.row(renamed)).toHaveAttribute('aria-selected', 'true');
    await expect(grid.row(created)).toHaveCount(0);
    await expect(page).toHaveURL(/Grid(\+|%20)Renamed/);

    // Escape cancels; so does the cross.
    await (await grid.openRowMenu(renamed, 'Grid Renamed'))
      .getByRole('menuitem', { name: 'Rename Account' })
      .click();
    const again = grid.row(renamed).getByRole('textbox', { name: 'New name for Grid Renamed' });
    await again.fill('Not Saved');
    await again.press('Escape');
    await expect(again).toHaveCount(0);
    await expect(grid.label(renamed)).toHaveText('Grid Renamed');
    await (await grid.openRowMenu(renamed, 'Grid Renamed'))
      .getByRole('menuitem', { name: 'Rename Account' })
      .click();
    await grid.row(renamed).getByRole('textbox').fill('Also Not Saved');
    await grid.row(renamed).getByRole('button', { name: 'Cancel rename' }).click();
    await page.reload();
    await expect(grid.label(renamed)).toHaveText('Grid Renamed');

    const deleting = await grid.openRowMenu(renamed, 'Grid Renamed');
    await deleting.getByRole('menuitem', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Account' });
    await expect(dialog).toContainText(`move to “${parentName}”`);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(grid.row(renamed)).toHaveCount(0);
    await expect(grid.row(parent)).toHaveAttribute('aria-selected', 'true');
  });

  test('a root account offers Add Sub-Account only', async ({ page }) => {
    const grid = await openGrid(page);
    const menu = await grid.openRowMenu('Expense', 'Expense');
    await expect(menu.getByRole('menuitem', { name: 'Add Sub-Account' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Rename Account' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Delete Account' })).toHaveCount(0);
  });

  test('edits a forecast month in place: Enter saves the typed figure, Escape cancels', async ({ page }) => {
    const grid = await openGrid(page);
    const api = await ReportApi.of(page);
    const name = uniqueName('Forecast Cell');
    const path = `${OFFICE}/${name}`;
    await api.createAccount(OFFICE, name);
    await grid.gotoRow(path, '2027-02');
    const cell = grid.cell(path, '2027-02');
    await expect(cell).toHaveText('$0.00');

    await cell.dblclick();
    const input = cell.getByRole('textbox');
    await expect(input).toHaveValue('0');
    await input.fill('1250');
    await input.press('Enter');
    await expect(cell).toHaveText('$1,250.00');
    // A one-month forecast: the next month is untouched.
    await expect(grid.cell(path, '2027-03')).toHaveText('$0.00');

    // Enter on the selected cell opens the editor too; Escape leaves the figure.
    await cell.click();
    await page.keyboard.press('Enter');
    await expect(cell.getByRole('textbox')).toHaveValue('1250');
    await cell.getByRole('textbox').fill('99');
    await page.keyboard.press('Escape');
    await expect(cell.getByRole('textbox')).toHaveCount(0);
    await expect(cell).toHaveText('$1,250.00');

    // Actual months are not edited in place.
    await grid.cell(path, '2026-11').dblclick();
    await expect(grid.cell(path, '2026-11').getByRole('textbox')).toHaveCount(0);
    expect(centsOfFigure((await grid.cell(path, '2026-11').textContent()) ?? '')).toBe(0);
  });
});
