import { readFile } from 'node:fs/promises';
import { defaultReportRange, roundCentsToUnits } from '@keel/domain';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { centsOfFigure, openDemoGrid, ReportApi, type ReportGridPage } from './pages/ReportGridPage';
import { graphql } from './support/api';
import { SCREEN_SIZES, startWithSummaryCardsCollapsed } from './support/demo';

startWithSummaryCardsCollapsed();

/**
 * Plan vs actual: the 'Variance' column option shows under each past month the
 * actual minus the plan as the month began, green where that is good for the row (income above plan,
 * expense below), red where it is bad. The demo company planned its last 12 months. Reads only: the
 * ledger is shared with the specs running beside this one.
 */

/** A past month of the demo (KEEL_TODAY is 2026-11-22): planned, and next to the current month. */
const MONTH = '2026-10';
/** The green and red of the variance line (ReportGrid.module.css). */
const GREEN = 'rgb(31, 114, 50)';
const RED = 'rgb(189, 38, 38)';

type PlannedRow = { name: string; depth: number; planValues: (number | null)[] };

/** Each top-level row's plan in MONTH, read through the API as the page's user, over the page's range. */
async function plansOfMonth(api: ReportApi): Promise<Map<string, number | null>> {
  const data = await graphql<{
    report: { columns: { key: string }[]; lineItems: PlannedRow[] };
  }>(
    api.page.request,
    api.token,
    `query Plans($entityId: ID!, $startMonth: MonthKey, $actualsEndMonth: MonthKey, $endMonth: MonthKey) {
      report(entityId: $entityId, startMonth: $startMonth, actualsEndMonth: $actualsEndMonth, endMonth: $endMonth) {
        columns { key }
        lineItems { name depth planValues }
      }
    }`,
    { entityId: api.entityId, ...defaultReportRange('2026-11') },
  );
  const index = data.report.columns.findIndex((column) => column.key === MONTH);
  expect(index).toBeGreaterThanOrEqual(0);
  return new Map(
    data.report.lineItems
      .filter((row) => row.depth === 0)
      .map((row) => [row.name, row.planValues[index] ?? null] as const),
  );
}

/**
 * The demo report with its summary loaded: the cards arriving move the grid down, and a click on the
 * sticky Column options button while it moves can scroll the grid sideways, away from the months.
 */
async function openReport(page: Page): Promise<ReportGridPage> {
  const grid = await openDemoGrid(page);
  await expect(
    page.getByTestId('summary-key-figure').or(page.getByTestId('summary-card')).first(),
  ).toBeVisible();
  await expect(page.getByText('Loading the summary…')).toHaveCount(0);
  return grid;
}

/** Turns the Variance option on or off from the column options menu. */
async function setVariance(grid: ReportGridPage, on: boolean) {
  await grid.setColumnToggle(/^Variance$/, on);
}

/** A cell's parts as a person reads them: the actual, the variance line and the working in the title. */
async function readVarianceCell(cell: Locator) {
  const line = cell.getByTestId('report-cell-variance');
  await expect(line).toBeVisible();
  const actualText = (await cell.locator('span').first().textContent()) ?? '';
  const title = (await cell.getAttribute('title')) ?? '';
  const working =
    /^Plan (-?\$[\d,]+\.\d{2}) · Actual (-?\$[\d,]+\.\d{2}) · Difference ([+-]?\$[\d,]+\.\d{2})/.exec(title);
  if (!working) throw new Error(`No working in the title: ${title}`);
  const [, plan = '', actual = '', difference = ''] = working;
  return {
    line,
    actual: centsOfFigure(actualText),
    titlePlan: centsOfFigure(plan),
    titleActual: centsOfFigure(actual),
    difference: centsOfFigure(difference.replace('+', '')),
    title,
    text: ((await line.textContent()) ?? '').trim(),
    tone: await line.getAttribute('data-tone'),
    color: await line.evaluate((element) => getComputedStyle(element).color),
  };
}

/** The second line's amount in cents, roughly (it is short: '+$1.23K'), for a sanity check of its sign and size. */
function approximateCents(text: string): number {
  const match = /^([+-]?)\$([\d,.]+)([KM]?)/.exec(text);
  if (!match) throw new Error(`Not a variance: ${text}`);
  const [, sign = '', digits = '0', unit = ''] = match;
  const scale = unit === 'M' ? 1_000_000 : unit === 'K' ? 1_000 : 1;
  return (sign === '-' ? -1 : 1) * Math.round(Number(digits.replaceAll(',', '')) * scale * 100);
}

test.describe('Financial Report: Variance', () => {
  test('shows actual − plan under the past months, coloured for income and expense, kept by Make default', async ({
    page,
  }) => {
    const grid = await openReport(page);
    const api = await ReportApi.of(page);
    const plans = await plansOfMonth(api);
    const incomePlan = plans.get('Income');
    const expensePlan = plans.get('Expense');
    if (incomePlan == null || expensePlan == null) throw new Error(`No plan for ${MONTH}`);

    // Off by default: no plans asked for, one line per figure.
    await expect(grid.cell('Income', MONTH)).toBeVisible();
    await expect(grid.grid.getByTestId('report-cell-variance')).toHaveCount(0);
    await expect(grid.header(MONTH)).not.toContainText('vs plan');

    await setVariance(grid, true);
    await expect(grid.header(MONTH)).toContainText('Past vs plan');
    await expect(page.getByTestId('variance-legend')).toContainText('actual − plan as the month began');

    for (const [key, plan, higherIsGood] of [
      ['Income', incomePlan, true],
      ['Expense', expensePlan, false],
    ] as const) {
      const cell = await readVarianceCell(grid.cell(key, MONTH));
      // The plan the server keeps for the month, the actual on screen, and their difference.
      expect(cell.titlePlan, `${key} plan`).toBe(plan);
      expect(cell.titleActual, `${key} actual`).toBe(cell.actual);
      expect(cell.difference, `${key} difference`).toBe(cell.actual - plan);
      const approximate = approximateCents(cell.text);
      expect(Math.abs(approximate - cell.difference), cell.text).toBeLessThanOrEqual(
        Math.max(100, Math.abs(cell.difference) * 0.006),
      );
      if (plan !== 0) {
        // The percent of the plan, to one decimal.
        const percent = ((cell.actual - plan) / Math.abs(plan)) * 100;
        const shown = /\(([+-]?[\d,]+(?:\.\d)?)%\)$/.exec(cell.text)?.[1] ?? 'none';
        expect(Math.abs(Number(shown.replaceAll(',', '')) - percent), cell.text).toBeLessThanOrEqual(0.051);
      }
      const good = cell.difference === 0 ? null : cell.difference > 0 === higherIsGood;
      expect(cell.tone, `${key}: ${cell.title}`).toBe(good === null ? 'neutral' : good ? 'good' : 'bad');
      expect(cell.title).toContain(
        good === null
          ? 'on plan'
          : `${cell.difference > 0 ? 'above' : 'below'} plan, ${good ? 'better' : 'worse'}`,
      );
      if (good !== null) expect(cell.color).toBe(good ? GREEN : RED);
    }
    // The month under way (not over yet) and the future months: the figure alone.
    await expect(grid.header('2026-11')).not.toContainText('vs plan');
    await expect(grid.cell('Income', '2026-11')).toBeVisible();
    await expect(grid.cell('Income', '2026-11').getByTestId('report-cell-variance')).toHaveCount(0);
    await expect(grid.cell('Income', '2026-12').getByTestId('report-cell-variance')).toHaveCount(0);

    // The export sets each past month's plan and variance after it, in whole units.
    const exportMenu = await grid.openColumnOptions();
    const downloading = page.waitForEvent('download');
    await exportMenu.getByRole('menuitem', { name: 'Export CSV' }).click();
    const csv = (await readFile(await (await downloading).path(), 'utf8')).split('\r\n');
    const header = csv[0]?.split(',') ?? [];
    const at = header.indexOf('Oct 26');
    expect(header.slice(at, at + 4)).toEqual(['Oct 26', 'Oct 26 Plan', 'Oct 26 Variance', 'Nov 26']);
    const incomeLine = csv.find((line) => line.startsWith('Income,'))?.split(',') ?? [];
    const [actualUnits, planUnits, varianceUnits] = incomeLine.slice(at, at + 3).map(Number);
    expect(planUnits).toBe(roundCentsToUnits(incomePlan));
    expect(varianceUnits).toBe((actualUnits ?? 0) - (planUnits ?? 0));

    // Kept as the default, it is there after a reload.
    const menu = await grid.openColumnOptions();
    await menu.getByRole('menuitem', { name: 'Make default' }).click();
    await expect(page.getByText('Column options saved as the default')).toBeVisible();
    await page.reload();
    await expect(grid.cell('Income', MONTH).getByTestId('report-cell-variance')).toBeVisible();
    await expect(grid.header(MONTH)).toContainText('vs plan');
    const reopened = await grid.openColumnOptions();
    await expect(reopened.getByRole('menuitemcheckbox', { name: 'Variance' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.keyboard.press('Escape');

    // Off again: the figures alone.
    await setVariance(grid, false);
    await expect(grid.grid.getByTestId('report-cell-variance')).toHaveCount(0);
    await expect(grid.header(MONTH)).not.toContainText('vs plan');
    await expect(page.getByTestId('variance-legend')).toBeEmpty();
    expect(await grid.cellCents('Income', MONTH)).toBeGreaterThan(0);
  });

  test('the arrow keys walk the taller rows, keeping the selected cell in view', async ({ page }) => {
    // Some forty key presses, each redrawing the grid: 30 s on a loaded two-core machine.
    test.slow();
    await page.setViewportSize({ width: 1280, height: 720 });
    const grid = await openReport(page);
    await setVariance(grid, true);
    await expect(grid.cell('Income', MONTH).getByTestId('report-cell-variance')).toBeVisible();
    await grid.cell('Income', MONTH).click();
    const selected = grid.grid.locator('[data-testid="report-cell"][aria-selected="true"]');
    await expect(selected).toHaveAttribute('data-column-key', MONTH);
    const header = await grid.header(MONTH).boundingBox();
    if (!header) throw new Error('No header');
    // Well past the first screen of 44 px rows, and back. Each key is pressed once the last move
    // has shown (the selection lives in the URL, which the router applies a moment later).
    const position = async () =>
      `${await selected.evaluate((cell) => cell.closest('[role="row"]')?.getAttribute('data-row-key'))} ${await selected.getAttribute('data-column-key')}`;
    for (const key of [
      ...Array(16).fill('ArrowDown'),
      'ArrowRight',
      'ArrowLeft',
      ...Array(16).fill('ArrowUp'),
    ]) {
      const before = await position();
      await page.keyboard.press(key);
      await expect.poll(position).not.toBe(before);
      await expect(selected).toBeInViewport({ ratio: 1 });
      const box = await selected.boundingBox();
      // Never under the sticky header.
      expect(box?.y ?? 0).toBeGreaterThanOrEqual(header.y + header.height - 1);
    }
    await expect(page).toHaveURL(/account=Income&month=2026-10/);
    await expect(grid.row('Income')).toHaveAttribute('aria-selected', 'true');
  });

  for (const size of SCREEN_SIZES) {
    test(`fits at ${size.width}×${size.height}: nothing cut, the variance line readable`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      const grid = await openReport(page);
      await setVariance(grid, true);
      const lines = grid.grid.getByTestId('report-cell-variance');
      await expect(lines.first()).toBeVisible();
      const scroller = await grid.grid.boundingBox();
      if (!scroller) throw new Error('No grid');
      // The grid still ends inside the window, above the bottom edge.
      expect(scroller.y + scroller.height).toBeLessThanOrEqual(size.height);
      // Every variance line on screen shows whole: not wider than its cell, and at least 11 px.
      const cut = await lines.evaluateAll((elements) =>
        elements
          .filter((element) => element.scrollWidth > element.clientWidth + 1)
          .map((element) => element.textContent),
      );
      expect(cut).toEqual([]);
      const fontSize = await lines.first().evaluate((element) => getComputedStyle(element).fontSize);
      expect(Number.parseFloat(fontSize)).toBeGreaterThanOrEqual(11);
      // Both lines sit inside the row.
      const cell = grid.cell('Income', MONTH);
      const cellBox = await cell.boundingBox();
      const lineBox = await cell.getByTestId('report-cell-variance').boundingBox();
      if (!cellBox || !lineBox) throw new Error('Cell not on screen');
      expect(lineBox.y + lineBox.height).toBeLessThanOrEqual(cellBox.y + cellBox.height);
      await page.screenshot({ path: `/tmp/shots/report-variance-${size.width}.png` });
    });
  }
});
