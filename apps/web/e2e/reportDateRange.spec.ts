import { expect, type Page, type Request, test } from '@playwright/test';
import { openDemoReport, startWithSummaryCardsCollapsed } from './support/demo';

startWithSummaryCardsCollapsed();

/** The e2e server's today is 2026-11-22: default range 2025-01 .. 2028-03, actuals through 2026-11. */
const slider = (page: Page, name: 'Start' | 'Actuals end' | 'End') =>
  page.getByTestId('report-date-range').getByRole('slider', { name, exact: true });

/** The next Report query (the grid's) whose variables satisfy `match`. */
function reportRequest(page: Page, match: (variables: Record<string, unknown>) => boolean): Promise<Request> {
  return page.waitForRequest((request) => {
    if (!request.url().endsWith('/graphql') || request.method() !== 'POST') return false;
    const body = request.postDataJSON() as {
      operationName?: string;
      variables?: Record<string, unknown>;
    } | null;
    return body?.operationName === 'Report' && match(body.variables ?? {});
  });
}

/** The key of the grid's first month column ('YYYY-MM'), with the grid scrolled to its left edge. */
async function firstMonthColumn(page: Page): Promise<string | undefined> {
  // The grid opens centred on the actuals end month and renders only the columns in view.
  await page.getByTestId('report-grid').evaluate((grid) => {
    grid.scrollLeft = 0;
  });
  const keys = await page
    .getByTestId('report-column-header')
    .evaluateAll((headers) => headers.map((h) => h.getAttribute('data-column-key') ?? ''));
  return keys.find((key) => /^\d{4}-\d{2}$/.test(key));
}

/** The key of the grid's last month column, with the grid scrolled to its right edge. */
async function lastMonthColumn(page: Page): Promise<string | undefined> {
  await page.getByTestId('report-grid').evaluate((grid) => {
    grid.scrollLeft = grid.scrollWidth;
  });
  const keys = await page
    .getByTestId('report-column-header')
    .evaluateAll((headers) => headers.map((h) => h.getAttribute('data-column-key') ?? ''));
  return keys.filter((key) => /^\d{4}-\d{2}$/.test(key)).at(-1);
}

test.describe('financial report date range', () => {
  test('shows three handles at the default range, year ticks and a disabled settings button', async ({
    page,
  }) => {
    await openDemoReport(page);
    const range = page.getByTestId('report-date-range');
    await expect(range.getByRole('slider')).toHaveCount(3);
    await expect(slider(page, 'Start')).toHaveAttribute('aria-valuetext', '01/25');
    await expect(slider(page, 'Actuals end')).toHaveAttribute('aria-valuetext', '11/26');
    await expect(slider(page, 'End')).toHaveAttribute('aria-valuetext', '03/28');
    await expect(range.getByTestId('report-date-range-label')).toHaveText(['01/25', '11/26', '03/28']);
    await expect(range.getByTestId('report-date-range-year')).toHaveText(['2025', '2026', '2027', '2028']);
    await expect(range.getByRole('button', { name: 'Range settings' })).toBeDisabled();
  });

  test('moving the start by keyboard refetches the report from that month and is kept after reload', async ({
    page,
  }) => {
    await openDemoReport(page);
    const start = slider(page, 'Start');
    await expect(start).toHaveAttribute('aria-valuetext', '01/25');
    const refetch = reportRequest(page, (v) => v.startMonth === '2025-03' && v.endMonth === '2028-03');
    await start.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await refetch;
    await expect(start).toHaveAttribute('aria-valuetext', '03/25');
    // The grid's first month column follows.
    await expect.poll(() => firstMonthColumn(page)).toBe('2025-03');

    const afterReload = reportRequest(page, (v) => v.startMonth === '2025-03');
    await page.reload();
    await afterReload;
    await expect(slider(page, 'Start')).toHaveAttribute('aria-valuetext', '03/25');
    await expect(slider(page, 'End')).toHaveAttribute('aria-valuetext', '03/28');
  });

  test('keeps the start before the current month and the actuals end at or before it', async ({ page }) => {
    await openDemoReport(page);
    const start = slider(page, 'Start');
    await start.focus();
    await page.keyboard.press('PageUp');
    await expect(start).toHaveAttribute('aria-valuetext', '01/26');
    await page.keyboard.press('End');
    await expect(start).toHaveAttribute('aria-valuetext', '10/26');
    await page.keyboard.press('ArrowRight');
    await expect(start).toHaveAttribute('aria-valuetext', '10/26');

    const actualsEnd = slider(page, 'Actuals end');
    await actualsEnd.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('PageUp');
    await expect(actualsEnd).toHaveAttribute('aria-valuetext', '11/26');

    // Dragging the actuals end far right stops at the current month too.
    const box = await slider(page, 'End').boundingBox();
    const handle = await actualsEnd.boundingBox();
    if (!box || !handle) throw new Error('The slider handles have no size');
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, handle.y + handle.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(actualsEnd).toHaveAttribute('aria-valuetext', '11/26');
  });

  test('drags the end handle with the pointer and refetches once the drag ends', async ({ page }) => {
    await openDemoReport(page);
    const end = slider(page, 'End');
    const actualsEnd = slider(page, 'Actuals end');
    const from = await end.boundingBox();
    const to = await actualsEnd.boundingBox();
    if (!from || !to) throw new Error('The slider handles have no size');
    const refetch = reportRequest(page, (v) => v.endMonth !== '2028-03');
    const reportQueries: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/graphql') && request.postDataJSON()?.operationName === 'Report') {
        reportQueries.push(String(request.postDataJSON()?.variables?.endMonth));
      }
    });
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // Half way from the end (03/28) to the actuals end (11/26): about 16 months back.
    await page.mouse.move((from.x + to.x + to.width) / 2, from.y + from.height / 2, { steps: 8 });
    await page.mouse.up();
    const request = await refetch;
    const endMonth = String(
      (request.postDataJSON() as { variables: { endMonth: string } }).variables.endMonth,
    );
    expect(endMonth > '2026-11' && endMonth < '2028-03').toBe(true);
    const [year, month] = endMonth.split('-');
    await expect(end).toHaveAttribute('aria-valuetext', `${month}/${year?.slice(2)}`);
    // One refetch for the whole drag, not one per pointer move.
    expect(reportQueries).toEqual([endMonth]);
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1280, height: 720 },
  ]) {
    test(`the year picker shows each year it offers, keeping the cutoff (${viewport.width}×${viewport.height})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await openDemoReport(page);
      const picker = page.getByTestId('report-date-range').getByRole('combobox', { name: 'Year' });
      await expect(picker).toHaveValue('2025');
      await picker.click();
      const options = page.getByRole('listbox', { name: 'Year' }).getByRole('option');
      await expect(options).toHaveText(Array.from({ length: 20 }, (_, i) => String(2016 + i)));
      // A window from January 2027 on could hold no start before the current month (11/26).
      await expect(page.getByRole('option', { name: '2027', exact: true })).toHaveAttribute(
        'data-combobox-disabled',
        'true',
      );
      await page.keyboard.press('Escape');
      // Every year offered, then the first again: each shows January to December of itself.
      for (const year of [2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2025]) {
        const yy = String(year).slice(2);
        const refetch = reportRequest(
          page,
          (v) => v.startMonth === `${year}-01` && v.endMonth === `${year}-12`,
        );
        await picker.click();
        await page.getByRole('option', { name: String(year), exact: true }).click();
        await refetch;
        await expect(picker).toHaveValue(String(year));
        await expect(slider(page, 'Start')).toHaveAttribute('aria-valuetext', `01/${yy}`);
        await expect(slider(page, 'End')).toHaveAttribute('aria-valuetext', `12/${yy}`);
        // The cutoff (11/26) stays where the year holds it; a past year is all actuals either way.
        await expect(slider(page, 'Actuals end')).toHaveAttribute(
          'aria-valuetext',
          year === 2026 ? '11/26' : `12/${yy}`,
        );
        await expect(page.getByTestId('report-date-range-year').first()).toHaveText(String(year));
        await expect.poll(() => firstMonthColumn(page)).toBe(`${year}-01`);
        await expect.poll(() => lastMonthColumn(page)).toBe(`${year}-12`);
      }
      // The cards still read the cutoff the user chose: picking 2026 gives November back.
      await picker.click();
      await page.getByRole('option', { name: '2026', exact: true }).click();
      await expect(slider(page, 'Actuals end')).toHaveAttribute('aria-valuetext', '11/26');
      const box = await page.getByTestId('report-date-range').boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(viewport.width);
    });
  }
});
