import { expect, type Locator, type Page, test } from '@playwright/test';
import { loadDemoAccounts, ReportDrawerPage } from './pages/ReportDrawerPage';
import { openDemoReport, showEmptyAccounts, startWithSummaryCardsCollapsed } from './support/demo';

startWithSummaryCardsCollapsed();

/**
 * Percentage forecasts in the report drawer: a forecast that is a share of another
 * report line each month, shown with its working, and the demo's two (Stripe fees 2.9% and cost of
 * revenue 30% of Revenue). Specs share the demo database: the forecast made here is on an account this
 * test creates, and the figures are read, never assumed.
 */

const COST_OF_REVENUE = 'Expense/Cost of Revenue';
const REVENUE = 'Income/Revenue';
const STRIPE_FEES = 'Expense/Cost of Revenue/Payment Processing/Stripe Fees';
const SCREEN_SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
];
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 2.9% of positive cents, halves up, in integers. */
const share29 = (cents: number) => Math.floor((cents * 29 + 500) / 1000);

/** Money as the working writes it ('$190,000.00') in cents. */
const centsOf = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

/** The working's line for a month: its source figure and the amount it books. */
async function workingMonth(working: Locator, label: string) {
  const line = working.getByTestId('percentage-working-month').filter({ hasText: `${label}:` });
  await expect(line).toBeVisible();
  const match = /: (-?\$[\d,.]+) × ([\d.]+)% = (-?\$[\d,.]+)$/.exec((await line.textContent()) ?? '');
  if (!match?.[1] || !match[2] || !match[3]) throw new Error('The working month is not as expected');
  return { source: centsOf(match[1]), percent: Number(match[2]), amount: centsOf(match[3]) };
}

async function pickOption(page: Page, field: Locator, option: string) {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a percentage forecast shows its working per month and books that share of the line', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await showEmptyAccounts(page);
  await openDemoReport(page);
  const api = await loadDemoAccounts(page, request);
  const account = await api.createAccount(COST_OF_REVENUE, 'Drawer Share');
  await page.goto(`/financial?account=${encodeURIComponent(account.path)}&month=2027-02&expand=true`);
  const drawer = new ReportDrawerPage(page);
  await expect(drawer.heading(account.name)).toBeVisible();

  await drawer.newEntryButton.click();
  const form = drawer.form('New Forecast');
  await expect(form.getByRole('heading', { name: 'New Forecast' })).toBeVisible();
  await form.getByLabel('Name').fill('Hosting share');
  await pickOption(page, form.getByRole('combobox', { name: 'Calculation' }), 'Percentage of another line');
  const percent = form.getByRole('textbox', { name: 'Percent' });
  // Out of range: refused on the field, and Save stays off.
  await percent.fill('2000');
  await expect(form).toContainText('Percent must be between -1000% and 1000%');
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  await percent.fill('2.9');
  const source = form.getByRole('combobox', { name: 'Of line' });
  // The line that contains the forecast's own account is not offered.
  await source.click();
  await expect(page.getByRole('option', { name: COST_OF_REVENUE, exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await pickOption(page, source, REVENUE);

  const working = form.getByTestId('percentage-working');
  await expect(working).toContainText('2.9% of Revenue, each month:');
  const february = await workingMonth(working, 'Feb 2027');
  expect(february.percent).toBe(2.9);
  expect(february.source).toBeGreaterThan(0);
  expect(february.amount).toBe(share29(february.source));
  await expect(working).toContainText('…and 57 more months, each following Revenue as its figures change.');
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await working.scrollIntoViewIfNeeded();
    await expect(working).toBeInViewport();
    await expect(form.getByRole('button', { name: 'Save' })).toBeInViewport();
    await page.screenshot({
      path: test.info().outputPath(`percentage-form-${size.width}x${size.height}.png`),
    });
  }

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  await drawer.expectCell(account.path, '2027-02', february.amount);
  const revenueInMarch = await drawer.readCell(REVENUE, '2027-03');
  await drawer.expectCell(account.path, '2027-03', share29(revenueInMarch));
  await drawer.expectCell(account.path, '2027-01', 0);

  // Editing shows the same working for the saved forecast.
  await drawer.select(account.path, '2027-02');
  await drawer.entryAction(drawer.entry('Hosting share'), 'Edit');
  const edit = drawer.form('Edit Forecast');
  await expect(edit.getByRole('textbox', { name: 'Percent' })).toHaveValue('2.9%');
  await expect(edit.getByRole('combobox', { name: 'Of line' })).toHaveValue(REVENUE);
  await expect(edit.getByTestId('percentage-working')).toContainText(
    `Feb 2027: ${usd.format(february.source / 100)} × 2.9% = ${usd.format(february.amount / 100)}`,
  );
  await edit.getByRole('button', { name: 'Cancel' }).click();
});

test("the demo forecasts its Stripe fees at 2.9% of revenue, with the working in the forecast's form", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openDemoReport(
    page,
    `/financial?account=${encodeURIComponent(STRIPE_FEES)}&month=2027-04&expand=true`,
  );
  const drawer = new ReportDrawerPage(page);
  await expect(drawer.heading('Stripe Fees')).toBeVisible();
  const fees = await drawer.readCell(STRIPE_FEES, '2027-04');
  const revenue = await drawer.readCell(REVENUE, '2027-04');
  expect(revenue).toBeGreaterThan(0);
  expect(fees).toBe(share29(revenue));
  await drawer.select(STRIPE_FEES, '2027-04');
  await drawer.entryAction(drawer.entry('Stripe fees'), 'Edit');
  const edit = drawer.form('Edit Forecast');
  await expect(edit.getByRole('combobox', { name: 'Calculation' })).toHaveValue('Percentage of another line');
  const working = edit.getByTestId('percentage-working');
  await expect(working).toContainText('2.9% of Revenue, each month:');
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    // The form scrolls inside the drawer at laptop heights; Save and Cancel stay in view.
    await working.scrollIntoViewIfNeeded();
    await expect(working).toBeInViewport();
    await expect(edit.getByRole('button', { name: 'Save' })).toBeInViewport();
    await page.screenshot({
      path: test.info().outputPath(`percentage-demo-${size.width}x${size.height}.png`),
    });
  }
  await edit.getByRole('button', { name: 'Cancel' }).click();
});
