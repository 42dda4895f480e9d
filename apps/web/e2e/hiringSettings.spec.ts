import { expect, type Locator, type Page, test } from '@playwright/test';
import { centsOfFigure, ReportGridPage, uniqueName } from './pages/ReportGridPage';
import { graphql, readStoredToken } from './support/api';
import { DEMO_COMPANY, openDemoReport, SCREEN_SIZES, startWithSummaryCardsCollapsed } from './support/demo';

startWithSummaryCardsCollapsed();

/**
 * Hiring Plan Settings on the demo company. Its Costs tab moves the report's employer taxes
 * line; its Employees and Roles tables add, rename and delete, and say why the server refused. The
 * demo company is shared by specs running two at a time: figures are compared as relations read in
 * one reload (taxes = salaries × rate), never against numbers read earlier.
 */

const SALARIES = 'Expense/Operating Expenses/Payroll/Salaries';
const TAXES = 'Expense/Operating Expenses/Payroll/Payroll Taxes';
const MONTH = '2027-01';

/** Salaries × basis points / 10,000, rounded half up to the cent (the plan's rule, for positive cents). */
const percentOfCents = (cents: number, basisPoints: number) =>
  Math.floor((cents * basisPoints + 5_000) / 10_000);

async function openSettings(page: Page): Promise<Locator> {
  await page.goto('/hiring-plan');
  const header = page.getByTestId('hiring-plan-page');
  await expect(page.getByTestId('hiring-plan-table').getByTestId('position-row').first()).toBeVisible();
  await header.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Hiring Plan Settings' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The whole dialog is on screen and nothing in it scrolls sideways. */
async function expectFits(page: Page, dialog: Locator, size: { width: number; height: number }) {
  // Measured once the dialog's opening transition is over.
  await expect.poll(() => dialog.evaluate((root) => root.getAnimations({ subtree: true }).length)).toBe(0);
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(size.width);
  expect(box.y + box.height).toBeLessThanOrEqual(size.height);
  const overflowing = await dialog.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter((element) => {
        const style = getComputedStyle(element);
        return (
          element.scrollWidth > element.clientWidth + 1 &&
          (style.overflowX === 'auto' || style.overflowX === 'scroll')
        );
      })
      .map((element) => element.className),
  );
  expect(overflowing).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

for (const size of SCREEN_SIZES) {
  test(`Hiring Plan Settings fits at ${size.width}×${size.height}: every tab whole on screen`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await openDemoReport(page);
    const dialog = await openSettings(page);

    await expect(dialog.getByRole('textbox', { name: 'Employer tax percent' })).toHaveValue(/%$/);
    await expect(dialog.getByTestId('hiring-settings-working')).toContainText('of salaries, Benefits:');
    await expect(dialog.getByRole('combobox', { name: 'Salaries account' })).toHaveValue(/Salaries$/);
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeInViewport();
    await expectFits(page, dialog, size);
    await page.screenshot({ path: `/tmp/hiring-settings-costs-${size.width}.png` });

    await dialog.getByRole('tab', { name: 'Employees' }).click();
    await expect(dialog.getByTestId('hiring-employee-row').filter({ hasText: 'Maya Chen' })).toBeVisible();
    await expect(dialog.getByRole('columnheader', { name: 'Positions' })).toBeInViewport();
    await expect(dialog.getByRole('button', { name: 'Add employee' })).toBeInViewport();
    await expectFits(page, dialog, size);
    await page.screenshot({ path: `/tmp/hiring-settings-employees-${size.width}.png` });

    await dialog.getByRole('tab', { name: 'Roles' }).click();
    const ceo = dialog.getByTestId('hiring-role-row').filter({ hasText: 'Chief Executive Officer' });
    await expect(ceo).toBeVisible();
    await expect(ceo.getByRole('button', { name: 'Delete Chief Executive Officer' })).toBeInViewport();
    await expect(dialog.getByRole('columnheader', { name: 'Hires' })).toBeInViewport();
    await expect(dialog.getByRole('button', { name: 'Add role' })).toBeInViewport();
    await expectFits(page, dialog, size);
    await page.screenshot({ path: `/tmp/hiring-settings-roles-${size.width}.png` });
  });
}

/** Reloads the report until its taxes line is `basisPoints` of its salaries line in MONTH. */
async function expectTaxesAt(page: Page, grid: ReportGridPage, basisPoints: number) {
  await grid.gotoRow(TAXES, MONTH);
  await expect(async () => {
    await page.reload();
    await expect(grid.cell(TAXES, MONTH)).toBeVisible();
    const salaries = centsOfFigure((await grid.cell(SALARIES, MONTH).textContent()) ?? '');
    const taxes = centsOfFigure((await grid.cell(TAXES, MONTH).textContent()) ?? '');
    expect(salaries).toBeGreaterThan(0);
    expect(taxes).toBe(percentOfCents(salaries, basisPoints));
  }).toPass({ timeout: 30_000 });
}

/** Puts the employer tax rate back through the API, whatever happened on screen. */
async function restoreEmployerTax(page: Page, percent: number) {
  const token = await readStoredToken(page);
  if (!token) return;
  const { entities } = await graphql<{ entities: { id: string; name: string }[] }>(
    page.request,
    token,
    'query { entities { id name } }',
  );
  const entityId = entities.find((entity) => entity.name === DEMO_COMPANY)?.id;
  if (!entityId) return;
  await graphql(
    page.request,
    token,
    'mutation ($entityId: ID!, $percent: Float) { updateHiringSettings(entityId: $entityId, employerTaxPercent: $percent) { errors } }',
    { entityId, percent },
  );
}

test('a new employer tax rate saved in Costs is the report’s employer taxes line', async ({ page }) => {
  test.slow();
  await openDemoReport(page);
  const grid = new ReportGridPage(page);
  let dialog = await openSettings(page);
  const percent = dialog.getByRole('textbox', { name: 'Employer tax percent' });
  await expect(percent).toHaveValue(/%$/);
  const original = Number((await percent.inputValue()).replace('%', ''));
  const changed = original === 9.5 ? 9.25 : 9.5;
  try {
    await expectTaxesAt(page, grid, Math.round(original * 100));

    dialog = await openSettings(page);
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await percent.fill('');
    await expect(dialog.getByText('Employer tax percent must be a number')).toBeVisible();
    await expect(save).toBeDisabled();
    await percent.fill(String(changed));
    await expect(dialog.getByTestId('hiring-settings-working')).toContainText(
      `Employer taxes: ${changed}% of salaries`,
    );
    await save.click();
    await expect(save).toBeDisabled();
    await expect(percent).toHaveValue(`${changed}%`);

    await expectTaxesAt(page, grid, Math.round(changed * 100));

    // Back as it was, through the screen.
    dialog = await openSettings(page);
    await percent.fill(String(original));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expectTaxesAt(page, grid, Math.round(original * 100));
  } finally {
    await restoreEmployerTax(page, original);
  }
});

test('employees and roles are added, renamed and deleted in Settings; refusals say why', async ({ page }) => {
  test.slow();
  await openDemoReport(page);
  const dialog = await openSettings(page);
  const toast = (text: string) => page.getByRole('alert').filter({ hasText: text });

  // Employees.
  await dialog.getByRole('tab', { name: 'Employees' }).click();
  const employee = uniqueName('E2E Person');
  await dialog.getByRole('textbox', { name: 'New employee name' }).fill('maya chen');
  await expect(dialog.getByRole('button', { name: 'Add employee' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'New employee name' }).fill(employee);
  await dialog.getByRole('button', { name: 'Add employee' }).click();
  const person = dialog.getByTestId('hiring-employee-row').filter({ hasText: employee });
  await expect(person).toContainText('0');
  await expect(dialog.getByRole('textbox', { name: 'New employee name' })).toHaveValue('');

  // While renamed, the row holds its name in an input (not as text): find the input in the dialog.
  await person.getByRole('button', { name: `Rename ${employee}` }).click();
  const renamed = dialog.getByRole('textbox', { name: 'employee name', exact: true });
  await renamed.fill('Maya Chen');
  await renamed.press('Enter');
  await expect(toast('Employee not renamed')).toContainText('An employee with this name already exists');
  await expect(person).toBeVisible();

  const maya = dialog.getByTestId('hiring-employee-row').filter({ hasText: 'Maya Chen' });
  await maya.getByRole('button', { name: 'Delete Maya Chen' }).click();
  await maya.getByRole('button', { name: 'Confirm delete Maya Chen' }).click();
  await expect(toast('Employee not deleted')).toContainText('Cannot delete employee with positions');
  await expect(maya).toBeVisible();

  await person.getByRole('button', { name: `Delete ${employee}` }).click();
  await person.getByRole('button', { name: `Confirm delete ${employee}` }).click();
  await expect(person).toHaveCount(0);

  // Roles.
  await dialog.getByRole('tab', { name: 'Roles' }).click();
  const role = uniqueName('E2E Role');
  await dialog.getByRole('textbox', { name: 'New role name' }).fill(role);
  await dialog.getByRole('textbox', { name: 'New role default salary' }).fill('100000');
  await dialog.getByRole('button', { name: 'Add role' }).click();
  const added = dialog.getByTestId('hiring-role-row').filter({ hasText: role });
  await expect(added).toContainText('$100,000.00');

  await added.getByRole('button', { name: `Edit Default bonus of ${role}` }).click();
  const bonus = added.getByRole('textbox', { name: `Default bonus of ${role}` });
  await bonus.fill('12500.5');
  await bonus.press('Enter');
  await expect(added).toContainText('$12,500.50');

  await added.getByRole('button', { name: `Rename ${role}` }).click();
  const renamedRole = dialog.getByRole('textbox', { name: 'role name', exact: true });
  await renamedRole.fill('Chief Executive Officer');
  await renamedRole.press('Enter');
  await expect(toast('Role not renamed')).toContainText('A role with this name already exists');

  const ceo = dialog.getByTestId('hiring-role-row').filter({ hasText: 'Chief Executive Officer' });
  await ceo.getByRole('button', { name: 'Delete Chief Executive Officer' }).click();
  await ceo.getByRole('button', { name: 'Confirm delete Chief Executive Officer' }).click();
  await expect(toast('Role not deleted')).toContainText('Cannot delete role with hires');
  await expect(ceo).toBeVisible();

  await added.getByRole('button', { name: `Delete ${role}` }).click();
  await added.getByRole('button', { name: `Confirm delete ${role}` }).click();
  await expect(added).toHaveCount(0);
});
