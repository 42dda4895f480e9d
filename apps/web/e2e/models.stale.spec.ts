import { expect, type Page, test } from '@playwright/test';
import { ModelsPage } from './pages/ModelsPage';
import { ReportApi, ReportGridPage, uniqueName } from './pages/ReportGridPage';
import { openDemoReport, SCREEN_SIZES } from './support/demo';

/**
 * A broken model never silently removes its forecast. Deleting the input a formula
 * reads asks first, naming the formula; then the formula's output keeps its last good figures in the
 * report, and the grid's row and cells, the Runway card and the model page say it is stale and why. The
 * run works in a model and an expense account of its own (the demo company is shared by parallel specs).
 */

// Not Office, whose rows other specs count and scroll to: its own account under Professional Services.
const PARENT = 'Expense/Operating Expenses/Professional Services';
const MONTH = '2027-01';

/** Expands the summary cards when they show as key figures (the Runway card's notice is on the card). */
async function expandSummaryCards(page: Page) {
  const expand = page.getByRole('button', { name: 'Expand summary cards' });
  if (await expand.isVisible()) await expand.click();
}

test('a broken model keeps its last good figures, marked stale in the grid, on the Runway card and the model page', async ({
  page,
}) => {
  test.slow();
  await openDemoReport(page);
  const api = await ReportApi.of(page);
  const accountName = uniqueName('Stale tooling');
  await api.createAccount(PARENT, accountName);
  const rowKey = `${PARENT}/${accountName}`;

  const models = new ModelsPage(page);
  await models.open();
  await models.addModel();
  const modelName = uniqueName('E2E stale');
  await models.renameModel(modelName);
  await models.addInput('Percentage', 'Growth');
  await models.setInputValue('Growth', '10');
  await expect(models.gridCell('Growth', MONTH)).toHaveText('10.0%');

  // Tooling cost = 5000 + 5000 * {{Growth}}: $5,500 a month, written to the account.
  await models.addFormula('Tooling cost');
  const cost = models.editor('Tooling cost');
  await cost.click();
  await cost.pressSequentially('5000 + 5000 * ');
  await models.completeReference(cost, 'Gro', 'Growth');
  await expect(models.gridCell('Tooling cost', MONTH)).toHaveText('5,500');
  await models.outputs.getByRole('combobox', { name: 'New output variable' }).click();
  await page.getByRole('option', { name: 'Tooling cost', exact: true }).click();
  const account = models.outputs.getByRole('combobox', { name: 'New output account' });
  await account.fill(accountName);
  await page.getByRole('option', { name: new RegExp(accountName) }).click();
  await models.outputs.getByRole('button', { name: 'Add output' }).click();
  await expect(models.outputCell('Tooling cost', MONTH)).toHaveText('$5,500.00');
  await expect(page.getByTestId('model-problems')).toHaveCount(0);

  // Deleting Growth asks first, naming the formula that reads it; Cancel deletes nothing.
  const deleteGrowth = async () => {
    await models.input('Growth').getByRole('button', { name: 'Options for Growth' }).click();
    await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Confirm delete' }).click();
  };
  await deleteGrowth();
  const dialog = page.getByRole('dialog', { name: "Delete 'Growth'?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("'Growth' is used by this formula:");
  await expect(dialog.getByTestId('delete-variable-used-by')).toHaveText('Tooling cost');
  await expect(dialog.getByRole('button', { name: 'Delete anyway' })).toBeVisible();
  // The modal fades in: the screenshot waits for it.
  await page.waitForTimeout(400);
  await page.screenshot({ path: test.info().outputPath('delete-confirm-1440.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(models.input('Growth')).toBeVisible();
  await deleteGrowth();
  await dialog.getByRole('button', { name: 'Delete anyway' }).click();
  await expect(dialog).toBeHidden();
  await expect(models.input('Growth')).toHaveCount(0);

  // The model page lists what is broken, by name and why.
  const problems = page.getByTestId('model-problems');
  await expect(problems).toBeVisible();
  await expect(problems.getByTestId('model-problem')).toHaveCount(1);
  await expect(problems).toContainText("Tooling cost uses the deleted variable 'Growth'");
  await expect(problems).toContainText(`Its output to ${accountName} keeps its last good figures`);
  await expect(models.gridCell('Tooling cost', MONTH)).toHaveText('#ERROR');
  const modelUrl = page.url();

  const grid = new ReportGridPage(page);
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    const label = `${size.width}x${size.height}`;

    // The models page at this size.
    await page.goto(modelUrl);
    await expect(problems).toBeVisible();
    await problems.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`model-problems-${label}.png`) });

    // The report keeps $5,500.00 (not $0.00) and marks the row and the month stale, saying why.
    await grid.gotoRow(rowKey, MONTH);
    const row = grid.row(rowKey);
    await expect(row).toHaveAttribute('data-stale', 'own');
    const cell = grid.cell(rowKey, MONTH);
    await expect(cell).toHaveAttribute('data-stale', 'true');
    await expect(cell).toContainText('$5,500.00');
    const why = `Stale: model '${modelName}' cannot compute 'Tooling cost' (uses the deleted variable 'Growth') — showing the last good figures`;
    await expect(cell).toHaveAttribute('title', `${why} (January 2027)`);
    const marker = row.getByTestId('stale-marker');
    await expect(marker).toHaveAttribute('aria-label', why);
    // Its parent, collapsed or not, says its total includes it.
    await expect(grid.row(PARENT).getByTestId('stale-marker')).toHaveAttribute(
      'aria-label',
      new RegExp(`^Includes stale model output: Stale: model '${modelName}'`),
    );
    await marker.hover();
    await expect(page.getByRole('tooltip')).toContainText(why);
    await page.screenshot({ path: test.info().outputPath(`grid-stale-${label}.png`) });
    await page.mouse.move(0, 0);

    // The Runway card says its figures include stale model output, and which.
    await expandSummaryCards(page);
    const notice = page.getByTestId('runway-stale');
    await notice.scrollIntoViewIfNeeded();
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Includes stale model output');
    await expect(notice).toHaveAccessibleDescription(
      new RegExp(`model '${modelName}' cannot compute 'Tooling cost'`),
    );
    // Inside its card, which is inside the window.
    const box = await notice.boundingBox();
    const card = await notice.locator('xpath=ancestor::section[1]').boundingBox();
    expect(box && card).toBeTruthy();
    if (box && card) {
      expect(box.x).toBeGreaterThanOrEqual(card.x);
      expect(box.x + box.width).toBeLessThanOrEqual(Math.min(card.x + card.width, size.width));
      expect(box.y + box.height).toBeLessThanOrEqual(card.y + card.height);
    }
    await page.screenshot({ path: test.info().outputPath(`runway-stale-${label}.png`) });
  }

  await models.open(modelUrl.slice(modelUrl.indexOf('/models')));
  await models.deleteModel();
});
