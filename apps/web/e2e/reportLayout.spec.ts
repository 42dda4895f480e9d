import { expect, type Locator, type Page, test } from '@playwright/test';
import { openDemoGrid } from './pages/ReportGridPage';
import { signInWithToken, signUpUserWithEntity } from './support/api';
import { openDemoReport, SCREEN_SIZES } from './support/demo';

/**
 * The Financial Report fits the screen at 1440×900 and 1280×720. The drawer
 * scrolls inside itself with Save in view; the summary cards never run off the page and collapse to a
 * line of key figures; the grid lands on whole columns with the current month in view; tooltips show
 * whole amounts, month titles are readable, toasts leave the date controls free, the Transactions
 * header stays, and an empty company is told what to do first.
 */

const OFFICE = 'Expense/Operating Expenses/Office';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('Not on screen');
  return found;
}

/** Opens the demo report; `cards` forces the summary cards open, else they start as the window calls for. */
async function openExpanded(page: Page, path?: string, cards: 'expanded' | 'default' = 'expanded') {
  if (cards === 'expanded')
    await page.addInitScript(() => {
      // The first load only: a reload keeps what the person chose.
      if (window.sessionStorage.getItem('cards-set')) return;
      window.sessionStorage.setItem('cards-set', '1');
      window.localStorage.setItem('keel_summary-cards-collapsed', 'false');
    });
  return openDemoGrid(page, path);
}

for (const size of SCREEN_SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('the Forecast form keeps Save in view; the drawer scrolls inside itself', async ({ page }) => {
      // As a person first meets it: on a short window the cards start collapsed.
      await openExpanded(
        page,
        `/financial?account=${encodeURIComponent(OFFICE)}&month=2027-02&expand=true`,
        'default',
      );
      const cardsRow = page.getByTestId('summary-cards');
      if (size.height < 800) await expect(cardsRow).toHaveAttribute('data-collapsed', 'true');
      else await expect(cardsRow).not.toHaveAttribute('data-collapsed');
      const drawer = page.getByTestId('report-drawer');
      await drawer.getByRole('button', { name: 'New entry' }).click();
      const form = drawer.getByRole('form', { name: 'New Forecast' });
      await expect(form).toBeVisible();
      const save = form.getByRole('button', { name: 'Save' });
      await expect(save).toBeInViewport({ ratio: 1 });
      const drawerBox = await box(drawer);
      expect(drawerBox.y + drawerBox.height).toBeLessThanOrEqual(size.height);
      // Scrolling the drawer's body keeps the actions at its bottom while the form is in view.
      await drawer.getByTestId('drawer-body').evaluate((el) => el.scrollBy(0, 60));
      await expect(save).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: `/tmp/shots/forecast-form-${size.width}.png` });
    });

    test('the summary cards sit in one scrollable row with the grid header in view, and collapse to one line, kept after a reload', async ({
      page,
    }) => {
      const grid = await openExpanded(page);
      const cards = page.getByTestId('summary-card');
      await expect(cards).toHaveCount(4);
      await expect(cards.last().getByTestId('spend-legend-title')).toBeAttached();
      // One line: every card at the same top, none wrapped under another.
      const tops = await cards.evaluateAll((all) =>
        all.map((card) => Math.round(card.getBoundingClientRect().top)),
      );
      expect(new Set(tops).size).toBe(1);
      // The grid's month headers stay on the first screen with the cards open.
      const header = await box(grid.header('2026-11'));
      expect(header.y).toBeGreaterThanOrEqual(0);
      expect(header.y + header.height).toBeLessThanOrEqual(size.height);
      const scroller = page.getByTestId('summary-cards-scroller');
      const row = await box(scroller);
      const overflow = await scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
      await page.screenshot({ path: test.info().outputPath(`financial-${size.width}.png`) });
      if (overflow > 0) {
        // The row scrolls: by its buttons, and by the keyboard once focused; the last card comes whole.
        const right = page.getByRole('button', { name: 'Scroll summary cards right' });
        const left = page.getByRole('button', { name: 'Scroll summary cards left' });
        await expect(left).toBeDisabled();
        await right.click();
        await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
        await scroller.evaluate((el) => el.scrollTo({ left: 0 }));
        await scroller.focus();
        await page.keyboard.press('End');
        await expect
          .poll(() => scroller.evaluate((el) => el.scrollLeft))
          .toBeGreaterThanOrEqual(overflow - 1);
        await expect(right).toBeDisabled();
        const last = await box(cards.last());
        expect(last.x + last.width).toBeLessThanOrEqual(row.x + row.width + 1);
        await expect(cards.last()).toBeInViewport({ ratio: 1 });
        await page.screenshot({ path: test.info().outputPath(`financial-${size.width}-scrolled.png`) });
      } else {
        for (const card of await cards.all()) {
          const cardBox = await box(card);
          expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(row.x + row.width + 1);
        }
      }
      const gridHeight = (await box(grid.grid)).height;

      await page.getByRole('button', { name: 'Collapse summary cards' }).click();
      const figures = page.getByTestId('summary-key-figure');
      await expect(figures).toHaveCount(4);
      await expect(figures.filter({ hasText: 'Runway' })).toContainText('months');
      const strip = await box(page.getByTestId('summary-cards'));
      expect(strip.height).toBeLessThanOrEqual(size.width >= 1440 ? 40 : 72);
      await expect.poll(async () => (await box(grid.grid)).height).toBeGreaterThan(gridHeight + 100);
      await page.reload();
      await expect(figures).toHaveCount(4);
      await expect(cards).toHaveCount(0);
      await page.getByRole('button', { name: 'Expand summary cards' }).click();
      await expect(cards).toHaveCount(4);
    });

    test('the grid lands on whole columns with the current month in view', async ({ page }) => {
      const grid = await openExpanded(page);
      await expect(grid.header('2026-11')).toBeInViewport({ ratio: 1 });
      const labelRight = await grid.grid
        .getByRole('columnheader', { name: 'Account' })
        .evaluate((el) => el.getBoundingClientRect().right);
      const starts = await grid.headers().evaluateAll(
        (cells, edge) =>
          cells
            .map((cell) => cell.getBoundingClientRect())
            .filter((rect) => rect.right > edge + 1)
            .map((rect) => rect.left),
        labelRight,
      );
      // The first month beside the account column starts at its edge: none is half under it.
      expect(Math.abs((starts[0] ?? 0) - labelRight)).toBeLessThanOrEqual(1);
    });

    test('tooltips show whole amounts; month titles are readable; toasts leave the date controls free', async ({
      page,
    }) => {
      const grid = await openExpanded(page);
      const bars = page.getByTestId('summary-card').filter({ hasText: 'Income vs Expense' });
      const plot = await box(bars.locator('.recharts-surface').first());
      for (const fraction of [0.35, 0.97]) {
        await page.mouse.move(plot.x + plot.width * fraction, plot.y + plot.height / 2);
        const tooltip = bars.locator('.recharts-tooltip-wrapper');
        await expect(tooltip).toContainText(/\$[\d,]+\.\d{2}/);
        const tip = await box(tooltip.locator('> *').first());
        expect(tip.x).toBeGreaterThanOrEqual(0);
        expect(tip.x + tip.width).toBeLessThanOrEqual(size.width);
      }
      const title = grid.header('2026-12').locator('span').first();
      await expect(title).toHaveText('Future');
      await expect(title).toHaveCSS('color', 'rgb(73, 80, 87)');

      const menu = await grid.openColumnOptions();
      await menu.getByRole('menuitem', { name: 'Make default' }).click();
      const toast = page.getByText('Column options saved as the default');
      await expect(toast).toBeVisible();
      const toastBox = await box(toast);
      const range = await box(page.getByTestId('report-date-range'));
      const overlaps =
        toastBox.x < range.x + range.width &&
        range.x < toastBox.x + toastBox.width &&
        toastBox.y < range.y + range.height &&
        range.y < toastBox.y + toastBox.height;
      expect(overlaps).toBe(false);
    });

    test('the Transactions header stays in view while the list scrolls', async ({ page }) => {
      await openDemoReport(page);
      await page.goto('/transactions');
      const table = page.getByRole('table', { name: 'Transactions' });
      await expect(table.getByTestId('transactions-day').first()).toBeVisible();
      await page.mouse.move(size.width / 2, size.height / 2);
      await page.mouse.wheel(0, 1500);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
      await expect(table.getByRole('columnheader', { name: 'Date' })).toBeInViewport({ ratio: 1 });
    });

    test('an empty company is told what to do first', async ({ page, request }) => {
      const user = await signUpUserWithEntity(request, 'Empty Books Co');
      await signInWithToken(page, user.token);
      await page.goto('/financial');
      const guide = page.getByTestId('empty-report-guide');
      await expect(guide).toBeVisible();
      await expect(guide).toContainText('Add your bank accounts under Banks');
      await expect(guide).toBeInViewport({ ratio: 1 });
    });
  });
}
