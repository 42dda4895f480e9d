import { expect, test } from '@playwright/test';
import { STORAGE_KEYS } from '../src/lib/storageKeys';
import { openDemoGrid, ReportApi, uniqueName } from './pages/ReportGridPage';
import { graphql } from './support/api';
import { SCREEN_SIZES, startWithSummaryCardsCollapsed } from './support/demo';

startWithSummaryCardsCollapsed();

/**
 * The spec's `emptyAccounts` report option (rows zero across the range hidden by
 * default, shown with 'Empty Accounts') and the `now` field of the stored date range.
 */

const OFFICE = 'Expense/Operating Expenses/Office';

for (const size of SCREEN_SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('empty accounts are hidden until shown; a selected one stays in view', async ({ page }) => {
      const grid = await openDemoGrid(page);
      const api = await ReportApi.of(page);
      const name = uniqueName('Empty Row');
      const path = `${OFFICE}/${name}`;
      const id = await api.createAccount(OFFICE, name);
      // An account a person adds stays shown while empty: hidden here, as one made
      // on the company's behalf (a bank link, an import) is.
      await graphql(
        page.request,
        api.token,
        'mutation($id: ID!) { setAccountShownWhenEmpty(id: $id, shown: false) { id } }',
        { id },
      );
      await grid.gotoRow(OFFICE, '2026-11');
      await expect(grid.row(path)).toHaveCount(0);

      const menu = await grid.openColumnOptions();
      await expect(
        menu.getByRole('menuitemcheckbox', { name: /^Empty Accounts \(\d+ hidden\)$/ }),
      ).toHaveAttribute('aria-checked', 'false');
      await page.keyboard.press('Escape');
      await grid.setColumnToggle(/^Empty Accounts/, true);
      await grid.revealRowBelow(path);
      await expect(grid.cell(path, '2026-11')).toHaveText('$0.00');
      await grid.setColumnToggle(/^Empty Accounts/, false);
      await expect(grid.row(path)).toHaveCount(0);

      // Reached by a link it is selected, and stays while another row is selected.
      await grid.gotoRow(path, '2027-01');
      await grid.label(OFFICE).click();
      await expect(grid.row(OFFICE)).toHaveAttribute('aria-selected', 'true');
      // Still in the grid, though perhaps below its fold: the accounts other specs add to the demo
      // company at the same time can push it out of the rows the grid draws.
      await grid.revealRowBelow(path);
    });

    test('a range stored last month with its actuals through that month moves on to this month', async ({
      page,
    }) => {
      await page.addInitScript(
        ([key]) => {
          if (window.sessionStorage.getItem('seeded-range')) return;
          window.sessionStorage.setItem('seeded-range', '1');
          window.localStorage.setItem(
            key as string,
            JSON.stringify({
              startMonth: '2026-03',
              actualsEndMonth: '2026-10',
              endMonth: '2027-02',
              cutoffMonth: '2026-10',
              now: '2026-10',
            }),
          );
        },
        [STORAGE_KEYS.dateRange],
      );
      const grid = await openDemoGrid(page);
      // Actuals now run through November, the current month (the old cutoff was 'the current month').
      await expect(grid.header('2026-11')).toHaveText(/^Current\s*Nov 26$/);
      await expect(grid.header('2026-11')).not.toHaveAttribute('data-forecast', /.*/);
      await expect(grid.header('2026-12')).toHaveAttribute('data-forecast', 'true');
    });
  });
}
