import { expect, type Locator, type Page, test } from '@playwright/test';
import { DashboardPage } from './pages/DashboardPage';
import { centsOfFigure, ReportGridPage, uniqueName } from './pages/ReportGridPage';
import { graphql, readStoredToken, signInWithToken, signUpUserWithEntity, uniqueEmail } from './support/api';
import { openDemoReport, SCREEN_SIZES, startWithSummaryCardsCollapsed } from './support/demo';

startWithSummaryCardsCollapsed();

/**
 * The /dashboard screen on the demo company. The demo dashboard is this spec's alone,
 * but other specs change the demo books while it runs: figures are compared with the grid read in the
 * same moment, and every chart this spec makes has a unique name and is deleted at the end. Tests that
 * move charts or change the range put the dashboard back as they found it.
 */

const DEMO_CHARTS = ['Revenue vs Expense', 'Cash balance', 'Payroll'];
/** Exact money, as tooltips show it. */
const EXACT_MONEY = /^-?\$[\d,]+\.\d{2}$/;
/** Abbreviated money, as the y axes show it: '$750K', '-$1.5M', '$0'. */
const AXIS_MONEY = /^-?\$\d+(\.\d+)?[KMB]?$/;

async function signedInToken(page: Page): Promise<string> {
  const token = await readStoredToken(page);
  if (!token) throw new Error('Not signed in');
  return token;
}

/** Nothing on the page scrolls sideways and no chart reaches past the window's right edge. */
async function expectChartsFit(page: Page, dashboard: DashboardPage, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  for (const chart of await dashboard.grid.getByTestId('dashboard-chart').all()) {
    const box = await chart.boundingBox();
    expect(box).not.toBeNull();
    if (box) expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
}

/** A chart's legend sits above its plot, its entries side by side without overlapping. */
async function expectLegendClear(chart: Locator) {
  const legend = await chart.getByTestId('chart-legend').boundingBox();
  const plot = await chart.getByTestId('chart-plot').boundingBox();
  expect(legend && plot).toBeTruthy();
  if (!legend || !plot) return;
  expect(legend.y + legend.height).toBeLessThanOrEqual(plot.y + 1);
  const boxes = await Promise.all(
    (await chart.getByTestId('chart-legend').locator(':scope > *').all()).map((item) => item.boundingBox()),
  );
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i];
      const b = boxes[j];
      if (!a || !b) continue;
      const apart =
        a.x + a.width <= b.x + 0.5 ||
        b.x + b.width <= a.x + 0.5 ||
        a.y + a.height <= b.y + 0.5 ||
        b.y + b.height <= a.y + 0.5;
      expect(apart, 'legend entries overlap').toBe(true);
    }
  }
}

for (const size of SCREEN_SIZES) {
  test(`the demo dashboard reads clearly at ${size.width}×${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    await openDemoReport(page);
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    for (const name of DEMO_CHARTS) await dashboard.expectDrawn(name);
    await expect(dashboard.toolbar.getByRole('button', { name: 'Select Time Period' })).toHaveText(
      'Jan 2025 – Mar 2028',
    );
    await expect(dashboard.toolbar.getByRole('button', { name: 'Actuals End Month' })).toHaveText('Nov 2026');
    // Without the custom-charts flag there is no Add; a bookkeeper may still edit the layout.
    await expect(dashboard.button('Add')).toHaveCount(0);
    await expect(dashboard.button('Edit')).toBeVisible();
    await expectChartsFit(page, dashboard, size.width);

    for (const name of DEMO_CHARTS) {
      const chart = dashboard.chart(name);
      await expectLegendClear(chart);
      await expect(chart.getByTestId('chart-legend-forecast')).toHaveText('Forecast after Nov 2026');
      const ticks = await chart
        .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
        .allTextContents();
      expect(ticks.length).toBeGreaterThan(2);
      for (const tick of ticks) expect(tick).toMatch(AXIS_MONEY);
      const months = await chart
        .locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')
        .allTextContents();
      for (const month of months) expect(month).toMatch(/^[A-Z][a-z]{2} \d{2}$/);
    }
    await page.screenshot({ path: `/tmp/dash-shots/demo-${size.width}.png` });

    // The tooltip: the month, actual or forecast, each amount exact, and the report line it comes from.
    let tooltip = await dashboard.hoverMonth('Revenue vs Expense', '2026-03');
    await expect(tooltip.getByTestId('chart-tooltip-month')).toHaveText('March 2026');
    await expect(tooltip.getByTestId('chart-tooltip-scenario')).toHaveText('Actual');
    await expect(tooltip.getByTestId('chart-tooltip-series')).toHaveCount(3);
    for (const amount of await tooltip.getByTestId('chart-tooltip-amount').allTextContents()) {
      expect(amount).toMatch(EXACT_MONEY);
    }
    await expect(tooltip.getByTestId('chart-tooltip-path')).toHaveText([
      'Income',
      'Expense',
      'Highlight · Net Income',
    ]);
    await page.screenshot({ path: `/tmp/dash-shots/demo-tooltip-${size.width}.png` });

    tooltip = await dashboard.hoverMonth('Payroll', '2027-06');
    await expect(tooltip.getByTestId('chart-tooltip-scenario')).toHaveText('Forecast');
    await expect(tooltip.getByTestId('chart-tooltip-path')).toHaveText(
      'Expense › Operating Expenses › Payroll',
    );
  });
}

test("the charts show the Financial Report grid's own figures", async ({ page }) => {
  await openDemoReport(page);
  const grid = new ReportGridPage(page);
  const dashboard = new DashboardPage(page);
  // Other specs may book entries meanwhile: the grid is read before and after the chart, and only a
  // reading the grid did not change across is compared.
  await expect(async () => {
    await grid.gotoRow('Banks', '2026-03');
    const before = await grid.cellCents('Banks', '2026-03');
    await dashboard.open();
    await dashboard.expectDrawn('Cash balance');
    const tooltip = await dashboard.hoverMonth('Cash balance', '2026-03');
    const charted = centsOfFigure((await tooltip.getByTestId('chart-tooltip-amount').textContent()) ?? '');
    await grid.gotoRow('Banks', '2026-03');
    const after = await grid.cellCents('Banks', '2026-03');
    expect(after).toBe(before);
    expect(charted).toBe(before);
  }).toPass({ timeout: 40_000 });
});

test("the plan chart sets each past month's plan beside its actual, as the report has it", async ({
  page,
  request,
}) => {
  await openDemoReport(page);
  const token = await signedInToken(page);
  const entityId = await DashboardPage.entityOf(request, token);
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await dashboard.expectDrawn('Plan vs actual revenue');
  const chart = dashboard.chart('Plan vs actual revenue');
  await expect(chart.getByTestId('chart-legend-plan')).toHaveText('Revenue plan');
  // The Report query's plan for Income in March 2026 (the demo planned its past year).
  const report = await graphql<{
    report: {
      columns: { key: string }[];
      lineItems: { name: string; accountId: string | null; planValues: (number | null)[] }[];
    };
  }>(
    request,
    token,
    'query($e: ID!) { report(entityId: $e, startMonth: "2026-01", endMonth: "2026-10", actualsEndMonth: "2026-10") { columns { key } lineItems { name accountId planValues } } }',
    { e: entityId },
  );
  const column = report.report.columns.findIndex((item) => item.key === '2026-03');
  const income = report.report.lineItems.find((line) => line.name === 'Income' && line.accountId !== null);
  const plan = income?.planValues[column];
  expect(typeof plan).toBe('number');
  const tooltip = await dashboard.hoverMonth('Plan vs actual revenue', '2026-03');
  const actual = centsOfFigure((await tooltip.getByTestId('chart-tooltip-amount').textContent()) ?? '');
  const planText = (await tooltip.getByTestId('chart-tooltip-plan').textContent()) ?? '';
  const [, planned, difference] = /^Plan (\S+) · actual − plan (\S+) \(/.exec(planText) ?? [];
  expect(centsOfFigure(planned ?? '')).toBe(plan);
  expect(centsOfFigure((difference ?? '').replace('+', ''))).toBe(actual - (plan ?? 0));
});

test('adds a Line and a Bar chart from report lines, edits one, and deletes them with Confirm?', async ({
  page,
  request,
}) => {
  // Two charts made, reloaded, edited and deleted: 50 s on a loaded two-core machine.
  test.slow();
  await DashboardPage.enableCustomCharts(page);
  await openDemoReport(page);
  const token = await signedInToken(page);
  const lineName = uniqueName('E2E Cash');
  const barName = uniqueName('E2E Income');
  const renamed = `${lineName} renamed`;
  const dashboard = new DashboardPage(page);
  try {
    await dashboard.open();

    // A Line chart of the Banks balance.
    let dialog = await dashboard.openNewChart();
    const name = dialog.getByRole('textbox', { name: 'Chart name' });
    const save = dialog.getByRole('button', { name: 'Save Chart' });
    await expect(name).toHaveValue('New Chart');
    await expect(dialog.getByRole('textbox', { name: 'Data group 1, series 1 name' })).toHaveValue(
      'New Chart',
    );
    await expect(save).toBeDisabled();
    await expect(dialog.getByTestId('chart-editor-problem')).toHaveText(/Each series needs a report line/);
    await name.fill(lineName);
    await dashboard.pickLine(dialog, 'Data group 1, series 1 report line', 'Banks', 'Banks');
    await expect(dialog.getByRole('textbox', { name: 'Data group 1, series 1 name' })).toHaveValue('Banks');
    await expect(save).toBeEnabled();
    // A series without a line, then a group without series, each disable Save Chart.
    await dialog.getByRole('button', { name: 'Add series' }).click();
    await expect(save).toBeDisabled();
    await dialog.getByRole('button', { name: 'Remove data group 1, series 2' }).click();
    await expect(save).toBeEnabled();
    await dialog.getByRole('button', { name: 'Add data group' }).click();
    await dialog.getByRole('button', { name: 'Remove data group 2, series 1' }).click();
    await expect(save).toBeDisabled();
    await expect(dialog.getByTestId('chart-editor-problem')).toHaveText(
      'Each data group needs at least one series',
    );
    await dialog.getByRole('button', { name: 'Remove data group 2' }).click();
    await expect(save).toBeEnabled();
    await save.click();
    await expect(dialog).toBeHidden();
    await dashboard.expectDrawn(lineName);
    await expect(dashboard.chart(lineName).getByTestId('chart-legend-item')).toHaveText(['Banks']);

    // A Bar chart of Income and Expense, Net Income highlighted and inverted.
    dialog = await dashboard.openNewChart();
    await dialog.getByRole('textbox', { name: 'Chart name' }).fill(barName);
    await dashboard.setGroupType(dialog, 1, 'Bar');
    await dashboard.pickLine(dialog, 'Data group 1, series 1 report line', 'Income', 'Income');
    await dialog.getByRole('button', { name: 'Add series' }).click();
    await dashboard.pickLine(dialog, 'Data group 1, series 2 report line', 'Expense', 'Expense');
    await dialog.getByRole('button', { name: 'Data group 1, series 2 colour: Red' }).click();
    await page.getByRole('option', { name: 'Orange' }).click();
    const highlightInvert = dialog.getByRole('checkbox', { name: 'Highlight invert' });
    await expect(highlightInvert).toBeDisabled();
    await dashboard.pickLine(dialog, 'Highlight report line', 'Net Income', 'Net Income');
    await expect(highlightInvert).toBeEnabled();
    await highlightInvert.check();
    await dialog.getByRole('button', { name: 'Save Chart' }).click();
    await expect(dialog).toBeHidden();
    await dashboard.expectDrawn(barName);

    // Both are kept: after a reload they are there, drawn from their lines.
    await page.reload();
    await dashboard.expectDrawn(lineName);
    await dashboard.expectDrawn(barName);
    const bars = dashboard.chart(barName);
    await expect(bars.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expect(bars.getByTestId('chart-legend-item')).toHaveText(['Income', 'Expense', 'Net Income']);
    const tooltip = await dashboard.hoverMonth(barName, '2026-03');
    await expect(tooltip.getByTestId('chart-tooltip-path')).toHaveText([
      'Income',
      'Expense',
      'Highlight · Net Income · inverted',
    ]);
    const amounts = (await tooltip.getByTestId('chart-tooltip-amount').allTextContents()).map(centsOfFigure);
    // Inverted Net Income is Expense less Income, to the cent (the server's figures, not summed here).
    expect(amounts[2]).toBe((amounts[1] ?? 0) - (amounts[0] ?? 0));
    await expect(dashboard.chart(lineName).locator('.recharts-line').first()).toBeVisible();

    // Edit: the editor leaves edit mode, keeps a draft when closed, and Update Chart saves.
    await dashboard.startEditing();
    await dashboard
      .chart(lineName)
      .getByRole('button', { name: `Edit ${lineName}` })
      .click();
    dialog = page.getByRole('dialog', { name: 'Edit Chart' });
    await expect(dialog).toBeVisible();
    await expect(dashboard.button('Edit')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Chart name' }).fill(renamed);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dashboard.chart(lineName)).toBeVisible();
    await dashboard.startEditing();
    await dashboard
      .chart(lineName)
      .getByRole('button', { name: `Edit ${lineName}` })
      .click();
    await expect(dialog.getByRole('textbox', { name: 'Chart name' })).toHaveValue(renamed);
    await dashboard.setGroupType(dialog, 1, 'Bar');
    await dialog.getByRole('button', { name: 'Update Chart' }).click();
    await expect(dialog).toBeHidden();
    await expect(dashboard.chart(renamed).locator('.recharts-bar-rectangle').first()).toBeVisible();
    await page.reload();
    await dashboard.expectDrawn(renamed);
    await expect(dashboard.chart(lineName)).toHaveCount(0);

    // Delete asks 'Confirm?'; Escape and a press elsewhere take it back.
    await dashboard.startEditing();
    const chart = dashboard.chart(renamed);
    await chart.getByRole('button', { name: `Delete ${renamed}` }).click();
    await expect(chart.getByRole('button', { name: `Confirm delete ${renamed}` })).toHaveText('Confirm?');
    await page.keyboard.press('Escape');
    await expect(chart.getByRole('button', { name: `Delete ${renamed}` })).toBeVisible();
    await chart.getByRole('button', { name: `Delete ${renamed}` }).click();
    await dashboard.panel.getByTestId('dashboard-hint').click();
    await expect(chart.getByRole('button', { name: `Delete ${renamed}` })).toBeVisible();
    await chart.getByRole('button', { name: `Delete ${renamed}` }).click();
    await chart.getByRole('button', { name: `Confirm delete ${renamed}` }).click();
    await expect(dashboard.chart(renamed)).toHaveCount(0);
    const other = dashboard.chart(barName);
    await other.getByRole('button', { name: `Delete ${barName}` }).click();
    await other.getByRole('button', { name: `Confirm delete ${barName}` }).click();
    await expect(dashboard.chart(barName)).toHaveCount(0);
    await dashboard.saveLayout();
    await page.reload();
    await dashboard.expectDrawn('Cash balance');
    await expect(dashboard.chart(renamed)).toHaveCount(0);
    await expect(dashboard.chart(barName)).toHaveCount(0);
  } finally {
    await DashboardPage.deleteCharts(request, token, [lineName, renamed, barName]);
  }
});

test('moves and resizes a chart in edit mode; Save keeps the layout', async ({ page, request }) => {
  // Tall enough to hold the whole grid: a drag needs its start and its end on screen.
  await page.setViewportSize({ width: 1440, height: 1500 });
  await DashboardPage.enableCustomCharts(page);
  await openDemoReport(page);
  const token = await signedInToken(page);
  const entityId = await DashboardPage.entityOf(request, token);
  const before = await DashboardPage.stored(request, token, entityId);
  const chartName = uniqueName('E2E Layout');
  const dashboard = new DashboardPage(page);
  try {
    await dashboard.open();
    const dialog = await dashboard.openNewChart();
    await dialog.getByRole('textbox', { name: 'Chart name' }).fill(chartName);
    await dashboard.pickLine(
      dialog,
      'Data group 1, series 1 report line',
      'Payroll',
      'Expense › Operating Expenses › Payroll',
    );
    await dialog.getByRole('button', { name: 'Save Chart' }).click();
    await expect(dialog).toBeHidden();
    await dashboard.expectDrawn(chartName);
    // The server puts a new chart on the grid's first free 6 x 7 spot, below the others here.
    const placed = (await dashboard.place(chartName)).split(',').map(Number);
    expect(placed.slice(2)).toEqual([6, 7]);
    expect(placed[1]).toBeGreaterThan(0);

    await dashboard.startEditing();
    await expect(dashboard.gridItem(chartName).locator('.react-resizable-handle')).toBeVisible();
    const grid = await dashboard.grid.boundingBox();
    const start = await dashboard.box(chartName);
    if (!grid) throw new Error('No grid on screen');
    // Up to the top-left corner: the charts there make room below it.
    await dashboard.dragChart(chartName, grid.x + 12 - start.x, grid.y + 6 - start.y);
    await expect.poll(() => dashboard.place(chartName)).toBe('0,0,6,7');
    // Two columns wider and two rows taller.
    // A grid unit is a twelfth of the grid's width (columns and the margins between them) and 48 px high.
    const column = grid.width / 12;
    await dashboard.resizeChart(chartName, column * 2, 48 * 2);
    await expect.poll(() => dashboard.place(chartName)).toBe('0,0,8,9');
    await page.screenshot({ path: '/tmp/dash-shots/edit-mode.png' });
    await dashboard.saveLayout();
    await expect.poll(() => dashboard.place(chartName)).toBe('0,0,8,9');

    await page.reload();
    await dashboard.expectDrawn(chartName);
    expect(await dashboard.place(chartName)).toBe('0,0,8,9');
    const stored = await DashboardPage.stored(request, token, entityId);
    const chartId = stored.charts.find((chart) => chart.name === chartName)?.id;
    expect(stored.positions.find((position) => position.id === chartId)).toMatchObject({
      x: 0,
      y: 0,
      w: 8,
      h: 9,
    });

    // Cancel drops moves made since Edit.
    await dashboard.startEditing();
    await dashboard.resizeChart(chartName, -column * 2, 0);
    await expect.poll(() => dashboard.place(chartName)).toBe('0,0,6,9');
    await dashboard.button('Cancel').click();
    await expect.poll(() => dashboard.place(chartName)).toBe('0,0,8,9');
  } finally {
    await DashboardPage.deleteCharts(request, token, [chartName]);
    await DashboardPage.restore(request, token, before);
  }
});

test('the time period and the actuals end month change the charts', async ({ page, request }) => {
  await openDemoReport(page);
  const token = await signedInToken(page);
  const before = await DashboardPage.stored(request, token, await DashboardPage.entityOf(request, token));
  const dashboard = new DashboardPage(page);
  const cash = () => dashboard.chart('Cash balance').getByTestId('chart-plot');
  try {
    await dashboard.open();
    await dashboard.expectDrawn('Cash balance');
    await expect(cash()).toHaveAttribute('data-months', /^2025-01,.*,2028-03$/);

    // One month picked and the picker closed: nothing changes.
    await dashboard.pickMonths('Select Time Period', ['2026-01']);
    await page.keyboard.press('Escape');
    await expect(dashboard.toolbar.getByRole('button', { name: 'Select Time Period' })).toHaveText(
      'Jan 2025 – Mar 2028',
    );
    await expect(cash()).toHaveAttribute('data-months', /^2025-01,.*,2028-03$/);

    // Two months apply: every chart shows them; the dashboard keeps them.
    await dashboard.pickMonths('Select Time Period', ['2026-01', '2026-12']);
    await expect(dashboard.toolbar.getByRole('button', { name: 'Select Time Period' })).toHaveText(
      'Jan 2026 – Dec 2026',
    );
    const year = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`).join(',');
    await expect(cash()).toHaveAttribute('data-months', year);
    await expect(dashboard.chart('Payroll').getByTestId('chart-plot')).toHaveAttribute('data-months', year);
    await page.reload();
    await expect(cash()).toHaveAttribute('data-months', year);

    // An earlier actuals end: September is a forecast month now, on this device after a reload too.
    let tooltip = await dashboard.hoverMonth('Cash balance', '2026-09');
    await expect(tooltip.getByTestId('chart-tooltip-scenario')).toHaveText('Actual');
    await dashboard.pickMonths('Actuals End Month', ['2026-06']);
    await expect(dashboard.toolbar.getByRole('button', { name: 'Actuals End Month' })).toHaveText('Jun 2026');
    await expect(cash()).toHaveAttribute('data-actuals-end', '2026-06');
    await expect(dashboard.chart('Cash balance').getByTestId('chart-legend-forecast')).toHaveText(
      'Forecast after Jun 2026',
    );
    tooltip = await dashboard.hoverMonth('Cash balance', '2026-09');
    await expect(tooltip.getByTestId('chart-tooltip-scenario')).toHaveText('Forecast');
    await page.reload();
    await expect(cash()).toHaveAttribute('data-actuals-end', '2026-06');

    // No month after the current one can end the actuals.
    await dashboard.toolbar.getByRole('button', { name: 'Actuals End Month' }).click();
    const levels = page.locator('.mantine-MonthPickerInput-levelsGroup').filter({ visible: true });
    await expect(levels.getByRole('button', { name: 'Dec', exact: true })).toBeDisabled();
    await expect(levels.getByRole('button', { name: 'Nov', exact: true })).toBeEnabled();
    await levels.getByRole('button', { name: 'Nov', exact: true }).click();
    await expect(cash()).toHaveAttribute('data-actuals-end', '2026-11');
  } finally {
    await DashboardPage.restore(request, token, before, 'default');
  }
});

for (const size of SCREEN_SIZES) {
  test(`an empty dashboard says how to add charts, with and without the flag, at ${size.width}×${size.height}`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(size);
    // A new company's dashboard has no charts; its owner is not staff, so cannot set flags.
    const owner = await signUpUserWithEntity(request, uniqueName('Empty Dash Co'));
    await signInWithToken(page, owner.token);
    await page.goto('/dashboard');
    const empty = page.getByTestId('dashboard-empty');
    await expect(empty).toContainText(
      "This dashboard has no charts yet. Adding charts needs the 'Custom charts' feature flag, which is off for you. Ask Keel support to turn it on",
    );
    await expect(empty).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`empty-dashboard-${size.width}.png`) });

    // Staff (keel.dev) may turn the flag on from the empty dashboard itself; then Add shows.
    const staff = await signUpUserWithEntity(request, uniqueName('Staff Dash Co'), {
      email: uniqueEmail('staff', 'keel.dev'),
    });
    await signInWithToken(page, staff.token);
    await page.goto('/dashboard');
    await expect(empty).toContainText('which is off in this browser. Turn it on in Feature Flags');
    await empty.getByRole('button', { name: 'Open Feature Flags' }).click();
    // By the keyboard: a forced click could land beside the switch while the dialog still grows in.
    // Once the flag is on, the empty state offers Add instead, and its Feature Flags dialog goes with it.
    await page.getByRole('switch', { name: 'Custom charts' }).focus();
    await page.keyboard.press('Space');
    await expect(empty).toContainText(
      'Add one with Add, above: a chart plots lines of the Financial Report.',
    );
    await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`empty-dashboard-flag-on-${size.width}.png`) });
  });
}
