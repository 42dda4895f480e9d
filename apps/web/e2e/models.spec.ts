import { expect, test } from '@playwright/test';
import { ModelsPage } from './pages/ModelsPage';
import { ReportApi, ReportGridPage, uniqueName } from './pages/ReportGridPage';
import { openDemoReport, SCREEN_SIZES, startWithSummaryCardsCollapsed } from './support/demo';

startWithSummaryCardsCollapsed();

/**
 * A model built from the UI drives the Financial Report. Each run works in a model and an
 * expense account of its own (the demo company is shared by parallel specs). The server's today is
 * 2026-11-22: the growth segment starts in November 2026.
 */

const OFFICE = 'Expense/Operating Expenses/Office';

for (const size of SCREEN_SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('a three-variable model built with keyboard completion writes its output into the report', async ({
      page,
    }) => {
      test.slow();
      await openDemoReport(page);
      const api = await ReportApi.of(page);
      const accountName = uniqueName('Model cost');
      const accountPath = `${OFFICE}/${accountName}`;
      await api.createAccount(OFFICE, accountName);

      const models = new ModelsPage(page);
      await models.open();
      await models.addModel();
      const modelName = uniqueName('E2E model');
      await models.renameModel(modelName);

      await models.addInput('Currency', 'Base cost');
      await models.setInputValue('Base cost', '1000');
      await models.addInput('Percentage', 'Growth');
      await models.setInputValue('Growth', '10');
      await expect(models.gridCell('Base cost', '2026-11')).toHaveText('$1,000');
      await expect(models.gridCell('Growth', '2026-11')).toHaveText('10.0%');

      // The cost starts from the base, then grows from the month before: {{Cost-1}} * (1 + {{Growth}}).
      await models.addFormula('Cost');
      const whole = models.editor('Cost');
      await whole.click();
      await models.completeReference(whole, 'Bas', 'Base cost');
      await expect(whole.locator('.formula-variable-tag')).toHaveText('Base cost');
      await expect(models.gridCell('Cost', '2026-12')).toHaveText('1,000');

      const costFormula = models.formula('Cost');
      await costFormula.getByRole('button', { name: 'Add Segment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Segment' });
      await expect(dialog.getByRole('button', { name: 'Segment Start Month' })).toHaveText('Nov 2026');
      await dialog.getByRole('radiogroup', { name: 'Segment End Month type' }).getByText('Auto').click();
      await expect(dialog.getByRole('button', { name: 'Segment End Month' })).toBeDisabled();
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expect(dialog).toBeHidden();
      await expect(costFormula.getByTestId('formula-segment')).toHaveCount(2);
      await expect(costFormula.getByTestId('segment-months').first()).toContainText('Oct 2026 (auto)');

      const growth = models.editor('Cost', 2);
      await growth.click();
      await models.completeReference(growth, 'Cost-1', 'Cost');
      await growth.pressSequentially(' * (1 + ');
      await models.completeReference(growth, 'Gro', 'Growth');
      await expect(growth.locator('.formula-variable-tag')).toHaveText(['Cost [-1]', 'Growth']);
      await expect(models.gridCell('Cost', '2026-10')).toHaveText('1,000');
      await expect(models.gridCell('Cost', '2026-11')).toHaveText('1,100');
      await expect(models.gridCell('Cost', '2026-12')).toHaveText('1,210');

      await models.outputs.getByRole('combobox', { name: 'New output variable' }).click();
      await page.getByRole('option', { name: 'Cost', exact: true }).click();
      const account = models.outputs.getByRole('combobox', { name: 'New output account' });
      await account.fill(accountName);
      await page.getByRole('option', { name: new RegExp(accountName) }).click();
      await models.outputs.getByRole('button', { name: 'Add output' }).click();
      await expect(models.outputCell('Cost', '2026-12')).toHaveText('$1,210.00');
      const modelUrl = page.url();

      // The Financial Report shows the output as the account's forecast.
      const grid = new ReportGridPage(page);
      await grid.gotoRow(accountPath, '2026-12');
      await expect(grid.cell(accountPath, '2026-12')).toHaveText('$1,210.00');
      await expect(grid.cell(accountPath, '2027-01')).toHaveText('$1,331.00');

      // Without the growth segment the cost stays at the base, in the grid and then in the report.
      await page.goto(modelUrl);
      await expect(models.grid).toBeVisible();
      await costFormula.getByRole('button', { name: 'Remove segment 2 of Cost' }).click();
      await expect(costFormula.getByTestId('formula-segment')).toHaveCount(1);
      await expect(models.gridCell('Cost', '2026-12')).toHaveText('1,000');
      await grid.gotoRow(accountPath, '2026-12');
      await expect(grid.cell(accountPath, '2026-12')).toHaveText('$1,000.00');

      // Deleting the model opens the models again and takes its forecast out of the report.
      await page.goto(modelUrl);
      await expect(models.modelButton()).toHaveText(modelName);
      await models.deleteModel();
      await expect(page).not.toHaveURL(modelUrl);
      await expect(models.grid).toBeVisible();
      const menu = await models.openModelMenu();
      await expect(menu.getByRole('menuitem', { name: modelName })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await grid.gotoRow(accountPath, '2026-12');
      await expect(grid.cell(accountPath, '2026-12')).toHaveText('$0.00');
      await expect(grid.cell(accountPath, '2027-01')).toHaveText('$0.00');
    });

    test('in a model starting after this month, Add Segment proposes a start that saves, and a loop names its variables', async ({
      page,
    }) => {
      test.slow();
      await openDemoReport(page);
      const models = new ModelsPage(page);
      await models.open();
      await models.addModel();
      await models.renameModel(uniqueName('E2E later model'));

      // The year buttons of the month picker are found by their names.
      await page.getByRole('button', { name: 'Model start month', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Previous year', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Next year', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: '2025', exact: true })).toBeVisible();
      const picker = page
        .locator('.mantine-Popover-dropdown')
        .filter({ has: page.getByRole('button', { name: 'Next year', exact: true }) });
      await expect(picker).toHaveCSS('opacity', '1');
      await page.screenshot({ path: test.info().outputPath(`month-picker-${size.width}.png`) });
      await page.keyboard.press('Escape');
      await models.pickRangeMonth('Model start month', 2027, 'Mar');
      await expect(page.getByRole('button', { name: 'Model start month', exact: true })).toHaveText(
        'Mar 2027',
      );

      // The server's today is Nov 2026, before the model start: the proposal is the first free month.
      await models.addFormula('Alpha');
      const alpha = models.formula('Alpha');
      await alpha.getByRole('button', { name: 'Add Segment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Segment' });
      await expect(dialog.getByRole('button', { name: 'Segment Start Month' })).toHaveText('Apr 2027');
      await expect(dialog.getByRole('button', { name: 'Segment End Month' })).toHaveText('Apr 2029');
      await expect(dialog).toHaveCSS('opacity', '1');
      await page.screenshot({ path: test.info().outputPath(`add-segment-${size.width}.png`) });
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expect(dialog).toBeHidden();
      await expect(alpha.getByTestId('formula-segment')).toHaveCount(2);
      await expect(alpha.getByTestId('segment-months')).toHaveText([
        'Mar 2027 (auto) – Mar 2027 (auto)',
        'Apr 2027 – Apr 2029',
      ]);
      await expect(alpha.getByTestId('formula-problem')).toHaveCount(0);
      // Every month is now taken (Mar 2027 starts the first segment, the second runs past the model end).
      await expect(alpha.getByRole('button', { name: 'Add Segment' })).toBeDisabled();
      await expect(alpha.getByRole('button', { name: 'Add Segment' })).toHaveAccessibleDescription(
        'Every month of the model is already taken by a segment: remove one to add another',
      );

      // Alpha reads Beta and Beta reads Alpha: the #ERROR tooltip names both, never an id.
      await models.addFormula('Beta');
      const first = models.editor('Alpha', 1);
      await first.click();
      await models.completeReference(first, 'Bet', 'Beta');
      await first.pressSequentially(' + 1');
      const beta = models.editor('Beta');
      await beta.click();
      await models.completeReference(beta, 'Alp', 'Alpha');
      await expect(models.gridCell('Alpha', '2027-03')).toHaveText('#ERROR');
      await models.gridCell('Alpha', '2027-03').hover();
      await expect(page.getByRole('tooltip')).toHaveText(
        /^Circular reference: (Alpha → Beta → Alpha|Beta → Alpha → Beta)$/,
      );
      await page.screenshot({ path: test.info().outputPath(`error-tooltip-${size.width}.png`) });
      await models.deleteModel();
    });

    test('the demo model reads like a spreadsheet: panels whole, figures aligned, this month in view', async ({
      page,
    }) => {
      await openDemoReport(page);
      const models = new ModelsPage(page);
      await models.open();
      await expect(models.modelButton()).toHaveText('Revenue plan');
      await expect(models.gridRow('Cloud hosting')).toBeVisible();
      for (const panel of [models.inputs, models.formulas, models.outputs]) {
        await expect(panel).toBeInViewport();
        const clipped = await panel.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
        expect(clipped).toBe(false);
      }
      // Figures sit flush right in their columns.
      const alignments = await models
        .gridRow('Projected revenue')
        .locator('[role="gridcell"]')
        .evaluateAll((cells) => cells.slice(0, 6).map((cell) => getComputedStyle(cell).justifyContent));
      expect(new Set(alignments)).toEqual(new Set(['flex-end']));
      // The current month's column is in view.
      await expect(models.grid.locator('[role="columnheader"][data-month="2026-11"]')).toBeInViewport();
      await page.screenshot({ path: test.info().outputPath(`demo-model-${size.width}.png`) });
    });
  });
}

test('a failing formula marks its cells #ERROR with the reason; a deleted variable reads Unknown Variable', async ({
  page,
}) => {
  await openDemoReport(page);
  const models = new ModelsPage(page);
  await models.open();
  await models.addModel();
  await models.addFormula('Ratio');
  const editor = models.editor('Ratio');
  await editor.click();
  await editor.pressSequentially('1 / 0');
  await expect(models.gridCell('Ratio', '2026-11')).toHaveText('#ERROR');
  await expect(models.gridCell('Ratio', '2026-11')).toHaveAttribute('aria-invalid', 'true');
  await models.gridCell('Ratio', '2026-11').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Division by zero');

  // Completion reads 'No matches' when nothing fits.
  await editor.click();
  await editor.press('End');
  await editor.pressSequentially(' + {{zzzz');
  await expect(models.completion()).toContainText('No matches');
  await editor.press('Escape');
  await expect(models.completion()).toBeHidden();

  // A reference to a variable that is deleted reads 'Unknown Variable', and its cells fail.
  await editor.press('ControlOrMeta+a');
  await editor.press('Backspace');
  await models.addInput('Number', 'Temp');
  await models.setInputValue('Temp', '4');
  await editor.click();
  await models.completeReference(editor, 'Tem', 'Temp');
  await expect(models.gridCell('Ratio', '2026-11')).toHaveText('4');
  await models.input('Temp').getByRole('button', { name: 'Options for Temp' }).click();
  await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Confirm delete' }).click();
  // Ratio reads Temp: the delete asks first, naming it.
  const asked = page.getByRole('dialog', { name: "Delete 'Temp'?" });
  await expect(asked.getByTestId('delete-variable-used-by')).toHaveText('Ratio');
  await asked.getByRole('button', { name: 'Delete anyway' }).click();
  await expect(models.input('Temp')).toHaveCount(0);
  await expect(editor.locator('.formula-variable-tag')).toHaveText('Unknown Variable');
  await expect(models.gridCell('Ratio', '2026-11')).toHaveText('#ERROR');
  // The tooltip names the variable, never by its id.
  await models.gridCell('Ratio', '2026-11').hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    /^Unknown variable: (a deleted variable|the deleted variable 'Temp')$/,
  );
  await models.deleteModel();
});
