import { expect, type Page, test } from '@playwright/test';
import { centsOfFigure, ReportGridPage } from './pages/ReportGridPage';
import { openDemoReport } from './support/demo';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The e2e server's today is 2026-11-22: actuals run through November 2026 by default. */
const CARD_TITLES = ['Available Starting Balance', 'Income vs Expense', 'Runway', 'Spend by Category'];
const RUNWAY_METHOD_KEY = 'runway-calculation-method';

const cards = (page: Page) => page.getByTestId('summary-card');
const card = (page: Page, title: string) =>
  cards(page).filter({ has: page.getByRole('heading', { name: title }) });

test.describe('financial report summary cards', () => {
  test('shows the four cards with their figures', async ({ page }) => {
    await openDemoReport(page);
    const row = page.getByTestId('summary-cards');
    await expect(row).toBeVisible();
    await expect(cards(page)).toHaveCount(4);
    await expect(cards(page).getByRole('heading', { level: 3 })).toHaveText(CARD_TITLES);

    const balance = card(page, 'Available Starting Balance');
    await expect(balance.getByTestId('starting-balance-latest')).toHaveText(/^-?\$[\d,]+\.\d{2}$/);
    await expect(balance).toContainText('Cash at the start of Dec 2026');
    await expect(balance.locator('.recharts-line')).toHaveCount(2);

    const bars = card(page, 'Income vs Expense');
    await expect(bars.locator('.recharts-bar-rectangle').first()).toBeAttached();

    const spend = card(page, 'Spend by Category');
    await expect(spend.getByTestId('spend-legend-title')).toHaveText('Top Spending in November 2026');
    const items = spend.getByTestId('spend-legend-item');
    expect(await items.count()).toBeGreaterThan(1);
    expect(await items.count()).toBeLessThanOrEqual(9);
    await expect(items.first()).toContainText(/\$[\d,]+\.\d{2}$/);

    const runway = card(page, 'Runway');
    await expect(runway.getByTestId('runway-label')).toHaveText(/^(\d+|24\+|Unlimited)$/);
    await expect(runway.getByTestId('runway-cash-out')).toHaveText(/^([A-Z][a-z]{2} \d{4}|Never)$/);
    await expect(runway.getByRole('combobox', { name: 'Runway method' })).toHaveValue('Forecast runway');
    await page.screenshot({ path: '/tmp/cards-page.png' });
    // The four cards share the row: the last one is whole on screen, nothing scrolls sideways.
    await expect(spend).toBeInViewport({ ratio: 1 });
    const plot = bars.locator('.recharts-surface').first();
    const plotBox = await plot.boundingBox();
    if (plotBox) await page.mouse.move(plotBox.x + plotBox.width * 0.35, plotBox.y + plotBox.height / 2);
    await expect(bars.locator('.recharts-tooltip-wrapper')).toContainText(/\$[\d,]+\.\d{2}/);
    await page.screenshot({ path: '/tmp/cards-scrolled.png' });
  });

  test('switches the runway method, refetches the runway and keeps the choice after reload', async ({
    page,
  }) => {
    await openDemoReport(page);
    const runway = card(page, 'Runway');
    const picker = runway.getByRole('combobox', { name: 'Runway method' });
    await expect(runway.getByTestId('runway-label')).toBeVisible();
    const before = `${await runway.getByTestId('runway-label').textContent()} / ${await runway.getByTestId('runway-cash-out').textContent()}`;

    const request = page.waitForRequest(
      (r) =>
        r.url().endsWith('/graphql') &&
        r.postDataJSON()?.operationName === 'ReportSummary' &&
        r.postDataJSON()?.variables?.method === 'startup_runway',
    );
    await picker.click();
    await page.getByRole('option', { name: 'Startup runway', exact: true }).click();
    await request;
    await expect(picker).toHaveValue('Startup runway');
    // The burn of the last complete month: November, the month under way, is only partly booked.
    await expect(runway.getByTestId('runway-working')).toContainText('net burn in Oct 2026 = ');
    await expect(runway.getByTestId('runway-working')).toContainText(
      '(Oct 2026 is the last complete month: Nov 2026 is under way)',
    );
    await expect
      .poll(
        async () =>
          `${await runway.getByTestId('runway-label').textContent()} / ${await runway.getByTestId('runway-cash-out').textContent()}`,
      )
      .not.toBe(before);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), RUNWAY_METHOD_KEY)).toBe(
      '"startup_runway"',
    );

    await page.reload();
    await expect(card(page, 'Runway').getByRole('combobox', { name: 'Runway method' })).toHaveValue(
      'Startup runway',
    );
    // Both methods may say '24+'; the cash-out month tells them apart.
    await expect(card(page, 'Runway').getByTestId('runway-cash-out')).not.toHaveText(
      before.split(' / ')[1] ?? '',
    );
  });

  test('counts runway over the whole forecast: its months, its cash-out month, working that matches the grid, and a link to it', async ({
    page,
  }) => {
    await openDemoReport(page);
    const runway = card(page, 'Runway');
    // The demo's hiring plan (three open roles, a contractor, taxes and benefits) spends its cash within
    // the forecast: the card names the months left and the month the cash runs out.
    await expect(runway.getByTestId('runway-label')).toHaveText(/^\d+\+?$/);
    await expect(runway.getByTestId('runway-cash-out')).toHaveText(/^[A-Z][a-z]{2} 20\d\d$/);
    const grid = new ReportGridPage(page);
    // The cash row at the end of November shows the same balance, to the dollar, as fetched together
    // on this load (other specs book into the demo company meanwhile).
    await grid.gotoRow('Banks', '2026-11');
    await expect(grid.cell('Banks', '2026-11')).toBeVisible();
    await expect(runway.getByTestId('runway-working')).toBeVisible();
    // Other specs book into the demo company meanwhile: a write between the report's fetch and the
    // summary's leaves the two a write apart, so a mismatch reloads both and compares again.
    let cashOut = '';
    await expect(async () => {
      cashOut = (await runway.getByTestId('runway-cash-out').textContent()) ?? '';
      const { balance, negativeMonth, months } = await runwayWorking(page);
      expect(Number(months)).toBeGreaterThan(0);
      const label = (await runway.getByTestId('runway-label').textContent()) ?? '';
      expect(label === '24+' ? Number(months) > 24 : label === months).toBe(true);
      const cell = Math.round((await grid.cellCents('Banks', '2026-11')) / 100);
      if (negativeMonth !== cashOut || cell !== dollars(balance)) {
        await reloadReport(page, grid, 'Banks', '2026-11');
      }
      expect(negativeMonth).toBe(cashOut);
      expect(cell).toBe(dollars(balance));
    }).toPass({ timeout: 40_000 });

    // The link widens the range to the cash-out month and selects the cash row there.
    await runway.getByRole('link', { name: `Show ${cashOut} in the report` }).click();
    const [monthName = '', year = ''] = cashOut.split(' ');
    const monthKey = `${year}-${String(MONTHS.indexOf(monthName) + 1).padStart(2, '0')}`;
    await expect(page).toHaveURL(new RegExp(`account=Banks.*month=${monthKey}`));
    // The grid shows the widened range once its report has loaded.
    await expect(grid.cell('Banks', monthKey)).toBeVisible({ timeout: 15_000 });
    // The cell stays selected: the drawer shows the cash row in that month, and `expand` is consumed.
    await expect(page.getByTestId('report-drawer')).toContainText(cashOut);
    await expect(grid.cell('Banks', monthKey)).toHaveAttribute('aria-selected', 'true');
    await expect(page).not.toHaveURL(/expand=/);
    // The cell holds the negative balance the working names. Other specs edit the demo company's
    // forecast meanwhile (a month's figure moves every later balance, and may move the cash-out month
    // itself), so the two are compared as fetched together for the widened range, reloading both when a
    // write fell between them, and following the card's link again when the cash-out month moved.
    let shownKey = monthKey;
    await expect(async () => {
      const working = await runwayWorking(page);
      const nowCashOut = (await runway.getByTestId('runway-cash-out').textContent()) ?? '';
      if (nowCashOut !== cashOut) {
        cashOut = nowCashOut;
        await runway.getByRole('link', { name: `Show ${cashOut} in the report` }).click();
        const [name = '', yearNow = ''] = cashOut.split(' ');
        shownKey = `${yearNow}-${String(MONTHS.indexOf(name) + 1).padStart(2, '0')}`;
        await expect(grid.cell('Banks', shownKey)).toBeVisible({ timeout: 15_000 });
      }
      const cell = Math.round((await grid.cellCents('Banks', shownKey)) / 100);
      if (working.negativeMonth !== cashOut || cell !== dollars(working.negativeBalance)) {
        await reloadReport(page, grid, 'Banks', shownKey);
      }
      expect(working.negativeMonth).toBe(cashOut);
      expect(cell).toBe(dollars(working.negativeBalance));
    }).toPass({ timeout: 60_000 });
    await expect(page).toHaveURL(new RegExp(`account=Banks.*month=${shownKey}`));
  });

  test('keeps the cards in one row on a narrow page, which scrolls to each of them', async ({ page }) => {
    await page.setViewportSize({ width: 820, height: 860 });
    await openDemoReport(page);
    await expect(cards(page)).toHaveCount(4);
    // The cards render once as placeholders, then with their figures: measure the loaded ones.
    await expect(card(page, 'Runway').getByTestId('runway-label')).toBeVisible();
    const scroller = page.getByTestId('summary-cards-scroller');
    await expect(async () => {
      const tops = await cards(page).evaluateAll((all) =>
        all.map((c) => Math.round(c.getBoundingClientRect().top)),
      );
      expect(new Set(tops).size).toBe(1);
    }).toPass({ timeout: 10_000 });
    // Each card can be scrolled whole into view inside the row.
    for (const each of await cards(page).all()) {
      await each.evaluate((el) => el.scrollIntoView({ inline: 'nearest', block: 'nearest' }));
      const box = await each.boundingBox();
      const row = await scroller.boundingBox();
      expect(box && row && box.x >= row.x - 1 && box.x + box.width <= row.x + row.width + 1).toBe(true);
    }
    // The page itself does not scroll sideways: only the row does.
    const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(pageOverflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('cards-narrow.png') });
  });
});

const dollars = (figure: string) => Math.round(centsOfFigure(`${figure}.00`) / 100);

/** The Runway card's working line, taken apart: the balance, the month it turns negative and by how much. */
/** Reloads the page (the range and selection are kept) and waits for the cell and the runway working. */
async function reloadReport(page: Page, grid: ReportGridPage, row: string, month: string) {
  await page.reload();
  await expect(grid.cell(row, month)).toBeVisible({ timeout: 15_000 });
  await expect(card(page, 'Runway').getByTestId('runway-working')).toBeVisible();
}

async function runwayWorking(page: Page) {
  const working = (await card(page, 'Runway').getByTestId('runway-working').textContent()) ?? '';
  const parts =
    /^Cash (\$[\d,]+) at the end of Nov 2026 turns negative in ([A-Z][a-z]{2} \d{4}) \((-\$[\d,]+)\): (\d+) months\.$/.exec(
      working,
    );
  if (!parts) throw new Error(`Unexpected working: ${working}`);
  const [, balance = '', negativeMonth = '', negativeBalance = '', months = ''] = parts;
  return { balance, negativeMonth, negativeBalance, months };
}
