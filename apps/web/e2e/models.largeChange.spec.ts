import { expect, test } from '@playwright/test';
import { ModelsPage } from './pages/ModelsPage';
import { ReportApi, uniqueName } from './pages/ReportGridPage';
import { openDemoReport, startWithSummaryCardsCollapsed } from './support/demo';

startWithSummaryCardsCollapsed();

/**
 * 'Convert type' keeps a value's meaning (5% becomes 0.05, and back), a conversion
 * that cannot is offered disabled with its reason, and a change that moves an output more than 10×
 * shows its effect and asks before it is saved. The run works in a model and an expense account of its
 * own (the demo company is shared by parallel specs); the new model spans January 2025 to March 2028.
 */

// Not Office, whose rows other specs count and scroll to: its own account under Professional Services.
const PARENT = 'Expense/Operating Expenses/Professional Services';

test('converting keeps the meaning, and a change that moves an output more than 10× asks first', async ({
  page,
}) => {
  test.slow();
  await openDemoReport(page);
  const api = await ReportApi.of(page);
  const accountName = uniqueName('Large change');
  await api.createAccount(PARENT, accountName);

  const models = new ModelsPage(page);
  await models.open();
  await models.addModel();
  await models.renameModel(uniqueName('E2E large change'));
  await models.addInput('Currency', 'Base');
  await models.setInputValue('Base', '1000');
  await models.addInput('Percentage', 'Growth');
  await models.setInputValue('Growth', '5');
  await expect(models.gridCell('Growth', '2026-12')).toHaveText('5.0%');

  // Fee = {{Base}} * {{Growth}}: $50 a month, written to the account.
  await models.addFormula('Fee');
  const fee = models.editor('Fee');
  await fee.click();
  await models.completeReference(fee, 'Bas', 'Base');
  await fee.pressSequentially(' * ');
  await models.completeReference(fee, 'Gro', 'Growth');
  await expect(models.gridCell('Fee', '2026-12')).toHaveText('50');
  await models.outputs.getByRole('combobox', { name: 'New output variable' }).click();
  await page.getByRole('option', { name: 'Fee', exact: true }).click();
  const account = models.outputs.getByRole('combobox', { name: 'New output account' });
  await account.fill(accountName);
  await page.getByRole('option', { name: new RegExp(accountName) }).click();
  await models.outputs.getByRole('button', { name: 'Add output' }).click();
  await expect(models.outputCell('Fee', '2026-12')).toHaveText('$50.00');

  // Percentage → Number keeps 0.05 (shown to three places), and the output does not move.
  const growthOptions = models.input('Growth').getByRole('button', { name: 'Options for Growth' });
  await growthOptions.click();
  await page.getByRole('menuitem', { name: 'Convert type' }).click();
  const currency = page.getByRole('menuitem', { name: /^Currency/ });
  await expect(currency).toBeDisabled();
  await expect(currency).toContainText('A share is not an amount of money');
  await page.getByRole('menuitem', { name: /^Number/ }).click();
  await expect(models.gridCell('Growth', '2026-12')).toHaveText('0.050');
  await expect(models.input('Growth').getByRole('textbox', { name: 'Growth value' })).toHaveValue('0.05');
  await expect(models.outputCell('Fee', '2026-12')).toHaveText('$50.00');

  // And back: the number 0.05 is 5%.
  await growthOptions.click();
  await page.getByRole('menuitem', { name: 'Convert type' }).click();
  await page.getByRole('menuitem', { name: /^Percentage/ }).click();
  await expect(models.gridCell('Growth', '2026-12')).toHaveText('5.0%');
  await expect(models.outputCell('Fee', '2026-12')).toHaveText('$50.00');

  // 500% in place of 5% moves the output 100×: the dialog names it, and Cancel saves nothing.
  await models.setInputValue('Growth', '500');
  const dialog = page.getByRole('dialog', { name: 'Save a large change?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    'This change to Growth moves what the model writes into the report by more than 10×:',
  );
  const row = dialog.getByRole('row', { name: new RegExp(`Fee → ${accountName}`) });
  await expect(row).toContainText('Jan 2025');
  await expect(row).toContainText('and 38 more months');
  await expect(row).toContainText('$50.00');
  await expect(row).toContainText('$5,000.00');
  await expect(dialog).toContainText('Nothing has been saved yet.');
  await page.screenshot({ path: test.info().outputPath('large-change-dialog.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(models.input('Growth').getByRole('textbox', { name: 'Growth value' })).toHaveValue('5%');
  await expect(models.outputCell('Fee', '2026-12')).toHaveText('$50.00');

  // Confirm saves it.
  await models.setInputValue('Growth', '500');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  await expect(models.gridCell('Growth', '2026-12')).toHaveText('500.0%');
  await expect(models.outputCell('Fee', '2026-12')).toHaveText('$5,000.00');

  await models.deleteModel();
});
