import { expect, type Locator, type Page, test } from '@playwright/test';
import { centsOfFigure, ReportGridPage, uniqueName } from './pages/ReportGridPage';
import { openDemoReport, SCREEN_SIZES, startWithSummaryCardsCollapsed } from './support/demo';
import { dragOnto } from './support/drag';

startWithSummaryCardsCollapsed();

/**
 * The hiring plan page on the demo company, positions added through the page feeding the
 * Financial Report's Salaries and Contractors forecasts, drag and drop of departments and positions,
 * and the spec's refusals. The tests that write run one after the other in this file (they measure the
 * same forecast rows); other specs read the demo's payroll only through tolerant checks.
 */

const SALARIES = 'Expense/Operating Expenses/Payroll/Salaries';
const CONTRACTORS = 'Expense/Operating Expenses/Payroll/Contractors';

/** The two-step delete (spec §4): the bin, then the red Confirm. */
async function confirmDelete(scope: Locator, label: string) {
  await scope.getByRole('button', { name: `Delete ${label}` }).click();
  await scope.getByRole('button', { name: `Confirm delete ${label}` }).click();
}

/** Types a new name into a position form's combo box and creates it with "+ Create '<name>'". */
async function createInCombobox(page: Page, form: Locator, label: 'Role' | 'Employee', name: string) {
  await form.getByRole('textbox', { name: label }).fill(name);
  await page.getByRole('option', { name: `+ Create '${name}'` }).click();
  await expect(form.getByRole('textbox', { name: label })).toHaveValue(name);
}

/** Saves a position form once Save takes a click (it waits for names made on the way) and sees it close. */
async function savePositionForm(form: Locator) {
  await expect(form.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-disabled', 'false');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
}

type PayrollFigures = { salaries: number; contractors: number };

/**
 * January 2027's Salaries and Contractors forecasts as the report shows them, read from one page (the
 * rows are siblings under Payroll, open once the report has gone to Salaries).
 */
async function readPayroll(grid: ReportGridPage): Promise<PayrollFigures> {
  await expect(grid.cell(SALARIES, '2027-01')).toBeVisible();
  await expect(grid.cell(CONTRACTORS, '2027-01')).toBeVisible();
  return {
    salaries: await grid.cellCents(SALARIES, '2027-01'),
    contractors: await grid.cellCents(CONTRACTORS, '2027-01'),
  };
}

/** The payroll forecasts before a test changes the plan, read on the report opened at Salaries. */
async function payrollBefore(page: Page): Promise<PayrollFigures> {
  const grid = new ReportGridPage(page);
  await grid.gotoRow(SALARIES, '2027-01');
  return readPayroll(grid);
}

/**
 * Opens the report at Salaries until both forecasts differ from `before` by `delta`, reloading between
 * reads: a plan change is saved at once, and its forecast may follow a moment later.
 */
async function expectPayrollDelta(page: Page, before: PayrollFigures, delta: PayrollFigures) {
  const grid = new ReportGridPage(page);
  await grid.gotoRow(SALARIES, '2027-01');
  let reload = false;
  await expect(async () => {
    if (reload) await page.reload();
    reload = true;
    const now = await readPayroll(grid);
    expect(now.salaries - before.salaries).toBe(delta.salaries);
    expect(now.contractors - before.contractors).toBe(delta.contractors);
  }).toPass({ timeout: 30_000 });
}

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

/** Asserts the element is wholly inside the window: no part of it cut off on any side. */
async function expectWhollyInView(page: Page, element: Locator, what: string) {
  await expect(element, what).toBeVisible();
  const box = await element.boundingBox();
  const size = page.viewportSize();
  expect(box, what).not.toBeNull();
  expect(size).not.toBeNull();
  if (!box || !size) return;
  const where = `${what} at x ${Math.round(box.x)}–${Math.round(box.x + box.width)}, y ${Math.round(box.y)}–${Math.round(box.y + box.height)}`;
  expect(box.x, where).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, where).toBeLessThanOrEqual(size.width);
  expect(box.y, where).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, where).toBeLessThanOrEqual(size.height);
  // Not covered either (the floating assistant button sits over the bottom right corner).
  const uncovered = await element.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return hit !== null && node.contains(hit);
  });
  expect(uncovered, `${where}: covered by another element`).toBe(true);
}

/**
 * Every field of an add or edit row, its monthly cost and its Save and Cancel are wholly in the window
 * as the row opens (it scrolls itself into view), and neither the table nor the page scrolls sideways.
 */
async function expectFormInView(page: Page, form: Locator) {
  const fields: [string, Locator][] = [
    ['Role', form.getByRole('textbox', { name: 'Role' })],
    ['Employee', form.getByRole('textbox', { name: 'Employee' })],
    ['Type', form.getByRole('radiogroup', { name: 'Type' })],
    ['Quantity', form.getByRole('textbox', { name: 'Quantity' })],
    ['Start month', form.getByRole('button', { name: 'Start month' })],
    ['End month', form.getByRole('button', { name: 'End month' })],
    ['Monthly cost', form.getByTestId('position-form-cost')],
    ['Save', form.getByRole('button', { name: 'Save' })],
    ['Cancel', form.getByRole('button', { name: 'Cancel' })],
  ];
  const isContractor = (await form.getByRole('textbox', { name: 'Hourly rate' }).count()) > 0;
  if (isContractor) {
    fields.push(['Hourly rate', form.getByRole('textbox', { name: 'Hourly rate' })]);
    fields.push(['Hours per month', form.getByRole('textbox', { name: 'Hours per month' })]);
  } else {
    fields.push(['Annual salary', form.getByRole('textbox', { name: 'Annual salary' })]);
  }
  for (const [what, field] of fields) await expectWhollyInView(page, field, what);
  const overflow = await page.getByTestId('hiring-plan-table').evaluate((table) => {
    const container = table.parentElement as HTMLElement;
    return {
      table: container.scrollWidth - container.clientWidth,
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
  expect(overflow).toEqual({ table: 0, page: 0 });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Nov 2026' as '2026-11' (empty: none). */
function monthKeyOf(text: string): string | null {
  const match = /^([A-Z][a-z]{2}) (\d{4})$/.exec(text.trim());
  if (!match) return null;
  return `${match[2]}-${String(MONTHS.indexOf(match[1] ?? '') + 1).padStart(2, '0')}`;
}

/**
 * The totals the table should show, worked out from its own rows: for the company and each department
 * (with the departments below it), the people (Qty) and monthly cost of the positions running in
 * `month`, next to what the department rows and the company total row show.
 */
async function readPlanTotals(page: Page) {
  const table = page.getByTestId('hiring-plan-table');
  const footer = (await table.getByTestId('hiring-company-total').textContent()) ?? '';
  const month = monthKeyOf(/Positions active in ([A-Z][a-z]{2} \d{4})/.exec(footer)?.[1] ?? '');
  expect(month, footer).not.toBeNull();
  const rows = await table.locator('tbody > tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      kind: tr.getAttribute('data-testid') ?? '',
      depth: Number(tr.getAttribute('data-depth') ?? '0'),
      cells: [...tr.querySelectorAll(':scope > td')].map((td) => td.textContent ?? ''),
      headcount: tr.querySelector('[data-testid="department-headcount"]')?.textContent ?? '',
      cost: tr.querySelector('[data-testid="department-monthly-cost"]')?.textContent ?? '',
    })),
  );
  const expected = { people: 0, cents: 0 };
  const departments: { name: string; shown: string; expected: string }[] = [];
  const open: { name: string; depth: number; shown: string; people: number; cents: number }[] = [];
  const close = (depth: number) => {
    while (open.length > 0 && (open.at(-1)?.depth ?? -1) >= depth) {
      const done = open.pop();
      if (done) {
        departments.push({
          name: done.name,
          shown: done.shown,
          expected: `${done.people} ${formatDollars(done.cents)}`,
        });
      }
    }
  };
  for (const row of rows) {
    if (row.kind === 'department-row') {
      close(row.depth);
      open.push({
        name: row.cells[0]?.trim() ?? '',
        depth: row.depth,
        shown: `${row.headcount} ${row.cost}`,
        people: 0,
        cents: 0,
      });
    } else if (row.kind === 'position-row') {
      const [, , , qty, , start, end, cost] = row.cells;
      const startKey = monthKeyOf(start ?? '');
      const endKey = monthKeyOf(end ?? '');
      if (month && startKey && startKey <= month && (endKey === null || month <= endKey)) {
        const people = Number(qty);
        const cents = centsOfFigure(cost ?? '');
        expected.people += people;
        expected.cents += cents;
        for (const department of open) {
          department.people += people;
          department.cents += cents;
        }
      }
    }
  }
  close(0);
  return {
    company: {
      shown: `${await table.getByTestId('company-headcount').textContent()} ${await table.getByTestId('company-monthly-cost').textContent()}`,
      expected: `${expected.people} ${formatDollars(expected.cents)}`,
    },
    departments,
  };
}

/** Cents as the table writes them: '$7,600.00'. */
function formatDollars(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

for (const size of SCREEN_SIZES) {
  test(`the add and edit rows fit at ${size.width}×${size.height}, and the plan shows its totals`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await openDemoReport(page);
    await page.goto('/hiring-plan');
    const table = page.getByTestId('hiring-plan-table');
    await expect(table.getByTestId('position-row').first()).toBeVisible();
    const shot = (name: string) =>
      page.screenshot({ path: test.info().outputPath(`${name}-${size.width}x${size.height}.png`) });

    // Totals: each department (with its sub-departments) and the company, from the rows running this month.
    const totals = await readPlanTotals(page);
    expect(totals.departments.length).toBeGreaterThanOrEqual(6);
    for (const department of totals.departments) {
      expect(department.shown, department.name).toBe(department.expected);
    }
    expect(totals.company.shown).toBe(totals.company.expected);
    await expect(table.getByTestId('hiring-company-total')).toContainText('Company total');
    await table.getByTestId('hiring-company-total').scrollIntoViewIfNeeded();
    await shot('totals');

    // The demo's one contractor, $95.00/h × 80 h from this month: 1 person, $7,600.00, in Hardware,
    // in Engineering above it, and for the company; the tooltip says what is counted.
    const show = page.getByRole('radiogroup', { name: 'Show' });
    await show.getByText('Contractors', { exact: true }).click();
    const hardware = table.getByTestId('department-row').filter({ hasText: 'Hardware' });
    await expect(hardware.getByTestId('department-headcount')).toHaveText('1');
    await expect(hardware.getByTestId('department-monthly-cost')).toHaveText('$7,600.00');
    const engineering = table.getByTestId('department-row').filter({ hasText: 'Engineering' });
    await expect(engineering.getByTestId('department-monthly-cost')).toHaveText('$7,600.00');
    const company = table.getByTestId('hiring-company-total');
    await expect(company).toContainText('Company total (contractors)');
    await expect(company.getByTestId('company-headcount')).toHaveText('1');
    await expect(company.getByTestId('company-monthly-cost')).toHaveText('$7,600.00');
    await company.getByTestId('company-monthly-cost').hover();
    await expect(
      page
        .getByRole('tooltip')
        .filter({ hasText: 'Company total (contractors): 1 person in 1 position active in' }),
    ).toBeVisible();
    await page.mouse.move(0, 0);
    await show.getByText('All', { exact: true }).click();
    // The demo's three open roles start in the coming months: not counted, and the tooltip says so.
    await table.getByTestId('company-headcount').hover();
    await expect(
      page.getByRole('tooltip').filter({ hasText: '3 positions not started yet or already ended' }),
    ).toBeVisible();

    // The add row, as an employee and as a contractor.
    await hardware.getByRole('button', { name: '+ Position' }).click();
    const form = table.getByTestId('position-add-row');
    await expectFormInView(page, form);
    await shot('add-row');
    await form.getByText('Contractor', { exact: true }).click();
    await expectFormInView(page, form);
    await shot('add-row-contractor');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toHaveCount(0);

    // The edit row of the company's first position; Cancel leaves it as it was.
    const first = table.getByTestId('position-row').first();
    const before = await first.textContent();
    await first.getByRole('button', { name: /^Edit / }).click();
    const edit = table.getByTestId('position-edit-row');
    await expectFormInView(page, edit);
    await shot('edit-row');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toHaveCount(0);
    await expect(table.getByTestId('position-row').first()).toHaveText(before ?? '');
  });
}

test('a position added on the page is in the report’s Salaries forecast; refused deletes say why', async ({
  page,
}) => {
  test.slow();
  await openDemoReport(page);
  const before = await payrollBefore(page);

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
  await createInCombobox(page, form, 'Role', role);
  await form.getByRole('textbox', { name: 'Annual salary' }).fill('120000');
  await savePositionForm(form);
  const position = table.getByTestId('position-row').filter({ hasText: role });
  await expect(position).toContainText('$120,000 / yr');
  await expect(position).toContainText('$10,000.00');

  // The department holds a position: it is not deleted, and says why.
  await confirmDelete(row, department);
  await expect(page.getByText('Cannot delete department with employees')).toBeVisible();

  // The report's Salaries forecast grew by the position's month (taxes and benefits go to their own rows).
  await expectPayrollDelta(page, before, { salaries: 1_000_000, contractors: 0 });

  // Removed again: the position, then its department; the forecast is back where it was.
  await page.goto('/hiring-plan');
  await confirmDelete(position, `${role} position`);
  await expect(position).toHaveCount(0);
  await confirmDelete(row, department);
  await expect(row).toHaveCount(0);
  await expectPayrollDelta(page, before, { salaries: 0, contractors: 0 });
});

test('a tree built on the page, positions moved by drag and drop, kept on reload and in the report', async ({
  page,
}) => {
  // The longest spec: four report visits, a dozen drags and writes, a reload, the clean-up.
  test.setTimeout(180_000);
  await openDemoReport(page);
  const before = await payrollBefore(page);

  await page.goto('/hiring-plan');
  const table = page.getByTestId('hiring-plan-table');
  const departments = table.getByTestId('department-row');
  await expect(departments.first()).toContainText('Acme Robotics Inc.');
  const addDepartment = async (name: string) => {
    await departments.first().getByRole('button', { name: '+ Department' }).click();
    const input = page.getByRole('textbox', { name: 'New department name' });
    await input.fill(name);
    await input.press('Enter');
    await expect(departments.filter({ hasText: name })).toBeVisible();
    return departments.filter({ hasText: name });
  };
  const ops = uniqueName('E2E Ops');
  const web = uniqueName('E2E Web');
  const opsRow = await addDepartment(ops);
  const webRow = await addDepartment(web);

  // Web dropped on the middle of Ops goes inside it.
  await dragOnto(page, webRow.getByRole('img', { name: `Move ${web}` }), opsRow, 0.5);
  await expect(webRow).toHaveAttribute('data-depth', '2');

  // An employee and a contractor in Ops, the role and the employee made on the way.
  const role = uniqueName('E2E Engineer');
  const employee = uniqueName('E2E Person');
  await opsRow.getByRole('button', { name: '+ Position' }).click();
  let form = table.getByTestId('position-add-row');
  await createInCombobox(page, form, 'Role', role);
  await createInCombobox(page, form, 'Employee', employee);
  await form.getByRole('textbox', { name: 'Annual salary' }).fill('96000');
  await savePositionForm(form);
  const employeeRow = table.getByTestId('position-row').filter({ hasText: employee });
  await expect(employeeRow).toContainText('$8,000.00');

  await opsRow.getByRole('button', { name: '+ Position' }).click();
  form = table.getByTestId('position-add-row');
  await form.getByRole('textbox', { name: 'Role' }).fill(role);
  await page.getByRole('option', { name: role, exact: true }).click();
  await form.getByText('Contractor', { exact: true }).click();
  await form.getByRole('textbox', { name: 'Hourly rate' }).fill('50');
  await form.getByRole('textbox', { name: 'Hours per month' }).fill('100');
  await savePositionForm(form);
  const contractorRow = table.getByTestId('position-row').filter({ hasText: '$50.00/h × 100 h' });
  await expect(contractorRow).toContainText('$5,000.00');

  // The rows between Ops and the next department, as their test ids and texts.
  const order = async () => {
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map(
          (tr) =>
            `${tr.getAttribute('data-testid')}|${tr.getAttribute('data-depth') ?? ''}|${tr.textContent}`,
        ),
      );
    const at = (text: string) => rows.findIndex((row) => row.includes(text));
    return { rows, at };
  };

  // The contractor dropped on the top quarter of the employee goes above it.
  await dragOnto(page, contractorRow.getByRole('img', { name: `Move ${role}` }), employeeRow, 0.15);
  await expect(async () => {
    const { at } = await order();
    expect(at('$50.00/h × 100 h')).toBe(at(ops) + 1);
    expect(at(employee)).toBe(at(ops) + 2);
  }).toPass({ timeout: 10_000 });

  // The employee dropped on Web's row goes into Web; Web dropped on Ops' top quarter goes above it.
  await dragOnto(page, employeeRow.getByRole('img', { name: `Move ${role} · ${employee}` }), webRow, 0.5);
  await expect(async () => {
    const { at } = await order();
    expect(at(employee)).toBe(at(web) + 1);
  }).toPass({ timeout: 10_000 });
  await dragOnto(page, webRow.getByRole('img', { name: `Move ${web}` }), opsRow, 0.1);
  await expect(webRow).toHaveAttribute('data-depth', '1');

  // A reload shows the same tree: Web (with the employee), then Ops (with the contractor).
  await page.reload();
  await expect(webRow).toBeVisible();
  await expect(webRow).toHaveAttribute('data-depth', '1');
  await expect(opsRow).toHaveAttribute('data-depth', '1');
  const { at, rows } = await order();
  expect(at(employee), rows.join('\n')).toBe(at(web) + 1);
  expect(at(ops)).toBe(at(web) + 2);
  expect(at('$50.00/h × 100 h')).toBe(at(ops) + 1);

  // A department holding a position, an employee holding one and a role with hires are kept.
  await confirmDelete(opsRow, ops);
  await expect(page.getByText('Cannot delete department with employees')).toBeVisible();
  await page.getByRole('button', { name: 'Roles & Employees' }).click();
  const drawer = page.getByRole('dialog', { name: 'Roles & Employees' });
  await confirmDelete(drawer, role);
  await expect(page.getByText('Cannot delete role with hires')).toBeVisible();
  await drawer.getByRole('tab', { name: 'Employees' }).click();
  await confirmDelete(drawer, employee);
  await expect(page.getByText('Cannot delete employee with positions')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);

  // The report's forecast has both: $8,000 more salaries and $5,000 more contractors a month.
  await expectPayrollDelta(page, before, { salaries: 800_000, contractors: 500_000 });

  // Cleaned up: positions, departments, the employee and the role; the forecast is as it was.
  await page.goto('/hiring-plan');
  for (const [row, label] of [
    [employeeRow, `${role} position`],
    [contractorRow, `${role} position`],
  ] as const) {
    await confirmDelete(row, label);
    await expect(row).toHaveCount(0);
  }
  for (const [row, name] of [
    [opsRow, ops],
    [webRow, web],
  ] as const) {
    await confirmDelete(row, name);
    await expect(row).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Roles & Employees' }).click();
  await confirmDelete(drawer, role);
  await expect(drawer.getByText(role)).toHaveCount(0);
  await drawer.getByRole('tab', { name: 'Employees' }).click();
  await confirmDelete(drawer, employee);
  await expect(drawer.getByText(employee)).toHaveCount(0);
  await expectPayrollDelta(page, before, { salaries: 0, contractors: 0 });
});
