import { expect, test } from '@playwright/test';
import { centsOfFigure, ReportGridPage, uniqueName } from './pages/ReportGridPage';
import { openDemoReport, SCREEN_SIZES } from './support/demo';

/**
 * Issue 13 (first part; drag and drop comes later): the hiring plan page on the demo company, a
 * position added through the page feeding the Financial Report's Salaries forecast, and the spec's
 * refusals. One run writes (other specs read the demo's payroll only through tolerant checks).
 */

const SALARIES = 'Expense/Operating Expenses/Payroll/Salaries';

for (const size of SCREEN_SIZES) {
  test(`the demo plan fits the page at ${size.width}×${size.height}: every column in view`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await openDemoReport(page);
    await page.goto('/hiring-plan');
    const table = page.getByTestId('hiring-plan-table');
    await expect(table.getByTestId('position-row').first()).toBeVisible();
    await expect(table.getByTestId('department-row').first()).toContainText('Acme Robotics Inc.');
    for (const header of ['Role', 'Employee', 'Monthly cost']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeInViewport();
    }
    await expect(
      table.getByTestId('department-row').first().getByRole('button', { name: '+ Position' }),
    ).toBeInViewport();
    await page.getByText('Contractors', { exact: true }).click();
    await expect(table.getByTestId('position-row')).toHaveCount(1);
    await expect(table.getByTestId('position-row')).toContainText('$95.00/h × 80 h');
  });
}

test('a position added on the page is in the report’s Salaries forecast; refused deletes say why', async ({
  page,
}) => {
  test.slow();
  await openDemoReport(page);
  const grid = new ReportGridPage(page);
  await grid.gotoRow(SALARIES, '2027-01');
  const before = await grid.cellCents(SALARIES, '2027-01');

  await page.goto('/hiring-plan');
  const table = page.getByTestId('hiring-plan-table');
  await expect(table.getByTestId('position-row').first()).toBeVisible();
  const department = uniqueName('E2E Dept');
  await table.getByTestId('department-row').first().getByRole('button', { name: '+ Department' }).click();
  const name = page.getByRole('textbox', { name: 'New department name' });
  await name.fill(department);
  await name.press('Enter');
  const row = table.getByTestId('department-row').filter({ hasText: department });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: '+ Position' }).click();
  const form = table.getByTestId('position-add-row');
  await expect(form.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-disabled', 'true');
  await form.getByRole('button', { name: 'Save' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'You must select a job title before creating a job position',
  );
  const role = uniqueName('E2E Role');
  await form.getByRole('textbox', { name: 'Role' }).fill(role);
  await page.getByRole('option', { name: `+ Create '${role}'` }).click();
  await expect(form.getByRole('textbox', { name: 'Role' })).toHaveValue(role);
  await form.getByRole('textbox', { name: 'Annual salary' }).fill('120000');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  const position = table.getByTestId('position-row').filter({ hasText: role });
  await expect(position).toContainText('$120,000 / yr');
  await expect(position).toContainText('$10,000.00');

  // The department holds a position: it is not deleted, and says why.
  await row.getByRole('button', { name: `Delete ${department}` }).click();
  await row.getByRole('button', { name: `Confirm delete ${department}` }).click();
  await expect(page.getByText('Cannot delete department with employees')).toBeVisible();

  // The report's Salaries forecast grew by the position's month (taxes and benefits go to their own rows).
  await grid.gotoRow(SALARIES, '2027-01');
  await expect(async () => {
    await page.reload();
    await expect(grid.cell(SALARIES, '2027-01')).toBeVisible();
    expect(centsOfFigure((await grid.cell(SALARIES, '2027-01').textContent()) ?? '') - before).toBe(
      1_000_000,
    );
  }).toPass({ timeout: 30_000 });

  // Removed again: the position, then its department; the forecast is back where it was.
  await page.goto('/hiring-plan');
  await position.getByRole('button', { name: `Delete ${role} position` }).click();
  await position.getByRole('button', { name: `Confirm delete ${role} position` }).click();
  await expect(position).toHaveCount(0);
  await row.getByRole('button', { name: `Delete ${department}` }).click();
  await row.getByRole('button', { name: `Confirm delete ${department}` }).click();
  await expect(row).toHaveCount(0);
  await grid.gotoRow(SALARIES, '2027-01');
  await expect(async () => {
    await page.reload();
    await expect(grid.cell(SALARIES, '2027-01')).toBeVisible();
    expect(await grid.cellCents(SALARIES, '2027-01')).toBe(before);
  }).toPass({ timeout: 30_000 });
});
