import { expect, test } from '@playwright/test';
import { loadDemoAccounts, ReportDrawerPage } from './pages/ReportDrawerPage';
import { ReportGridPage } from './pages/ReportGridPage';
import { openDemoReport, showEmptyAccounts, startWithSummaryCardsCollapsed } from './support/demo';

startWithSummaryCardsCollapsed();

/**
 * The Financial Report's drawer (spec §2 'Report grid details', §4 'Drawer', §5). Specs run in
 * parallel on one demo database: figures are checked as deltas, in accounts each test creates, in
 * months other specs leave alone.
 */

const SAAS = 'Expense/Operating Expenses/Software/SaaS Subscriptions';
const FACILITIES = 'Expense/Operating Expenses/Facilities';
const TRAVEL = 'Expense/Operating Expenses/Travel';

/** The count in the summary bar: '1,234 entries Total …' -> 1234. */
function entryCount(summary: string): number {
  const match = /([\d,]+) entr/.exec(summary);
  return match?.[1] ? Number(match[1].replaceAll(',', '')) : Number.NaN;
}

const urlFor = (rowKey: string, month: string) =>
  `/financial?account=${encodeURIComponent(rowKey)}&month=${month}&expand=true`;

test('finds an entry by a word of its name, case-insensitively', async ({ page }) => {
  await openDemoReport(page, urlFor(SAAS, '2025-06'));
  const drawer = new ReportDrawerPage(page);
  await expect(drawer.heading('SaaS Subscriptions')).toBeVisible();
  await expect(drawer.searchBox).toHaveAttribute('placeholder', 'Search entries');
  await expect(drawer.entries.first()).toBeVisible();
  const allCount = entryCount((await drawer.summary.textContent()) ?? '');

  await drawer.searchBox.fill('WORKSPACE');
  await expect(drawer.drawer.getByText('Drag to create a rule')).toBeVisible();
  await expect(drawer.entries.first()).toContainText('Google Workspace');
  const names = await drawer.entries.allInnerTexts();
  for (const text of names) expect(text.toLowerCase()).toContain('workspace');
  const matching = entryCount((await drawer.summary.textContent()) ?? '');
  expect(matching).toBe(names.length);
  expect(matching).toBeLessThan(allCount);

  await drawer.searchBox.fill('no entry is called this');
  await expect(drawer.entries).toHaveCount(0);
  await expect(drawer.summary).toContainText('0 entries');
});

test('books an entry in an actual month: the row, its parents and the Expense total change by it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await showEmptyAccounts(page);
  await openDemoReport(page);
  const api = await loadDemoAccounts(page, request);
  const account = await api.createAccount(FACILITIES, 'Drawer Booking');
  const month = '2025-05';
  await page.goto(urlFor(account.path, month));
  const drawer = new ReportDrawerPage(page);
  await expect(drawer.heading(account.name)).toBeVisible();

  const rows = [account.path, FACILITIES, 'Expense/Operating Expenses', 'Expense'];
  const before = new Map<string, number>();
  for (const row of rows) before.set(row, await drawer.readCell(row, month));
  expect(before.get(account.path)).toBe(0);

  await drawer.select(account.path, month);
  await drawer.newEntryButton.click();
  const form = drawer.form('New Entry');
  await expect(form.getByRole('heading', { name: 'New Entry' })).toBeVisible();
  await expect(form.getByLabel('Date')).toHaveValue('2025-05-31');
  await form.getByLabel('Name').fill('Drawer booking: plants');
  await drawer.typeAmount(form, '1234.56');
  await expect(form.getByRole('textbox', { name: 'Amount' })).toHaveValue('1,234.56');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  await expect(drawer.entry('Drawer booking: plants')).toContainText('$1,234.56');
  await expect(drawer.summary).toContainText('1 entry');

  for (const row of rows) {
    await drawer.expectCell(row, month, (before.get(row) ?? 0) + 123456);
  }

  // Editing it loads its transaction: the amount as the row shows it, booked against the first bank account.
  await drawer.select(account.path, month);
  await drawer.entryAction(drawer.entry('Drawer booking: plants'), 'Edit');
  const edit = drawer.form('Edit Entry');
  await expect(edit.getByRole('textbox', { name: 'Amount' })).toHaveValue('1,234.56');
  await expect(edit.getByRole('combobox', { name: 'Against account' })).toHaveValue('Banks/Mercury Checking');
  await drawer.typeAmount(edit, '1000');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await drawer.expectCellShown(account.path, month, 100000);
  await expect(drawer.summary).toContainText('$1,000.00');

  // The entry's details: its description, its Entry History and the Entry Rules section.
  await drawer.entryAction(drawer.entry('Drawer booking: plants'), 'View History');
  const dialog = page.getByRole('dialog', { name: 'Entry Details' });
  await expect(dialog).toContainText('Drawer booking: plants');
  await expect(dialog).toContainText('Entry History');
  await expect(dialog).toContainText('Created');
  await expect(dialog).toContainText('Updated');
  await expect(dialog).toContainText('Amount: $1,234.56 → $1,000.00');
  await expect(dialog).toContainText('Entry Rules');
  await dialog.getByRole('button').first().click();
  await expect(dialog).toHaveCount(0);
});

test('a monthly forecast fills the following months; editing and deleting it change every month', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await showEmptyAccounts(page);
  await openDemoReport(page);
  const api = await loadDemoAccounts(page, request);
  const account = await api.createAccount(TRAVEL, 'Drawer Forecast');
  await page.goto(urlFor(account.path, '2027-02'));
  const drawer = new ReportDrawerPage(page);
  await expect(drawer.heading(account.name)).toBeVisible();

  await drawer.newEntryButton.click();
  const form = drawer.form('New Forecast');
  await expect(form.getByRole('heading', { name: 'New Forecast' })).toBeVisible();
  await form.getByLabel('Name').fill('Offsite travel');
  await drawer.typeAmount(form, '250');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);

  for (const month of ['2027-02', '2027-03', '2027-04']) await drawer.expectCell(account.path, month, 25000);
  await drawer.expectCell(account.path, '2027-01', 0);

  await drawer.select(account.path, '2027-03');
  const occurrence = drawer.entry('Offsite travel');
  await expect(occurrence).toContainText('Forecast');
  await drawer.entryAction(occurrence, 'Edit');
  const edit = drawer.form('Edit Forecast');
  await expect(edit.getByRole('textbox', { name: 'Amount' })).toHaveValue('250');
  await drawer.typeAmount(edit, '310.25');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  for (const month of ['2027-02', '2027-03', '2027-04']) await drawer.expectCell(account.path, month, 31025);

  await drawer.select(account.path, '2027-04');
  await drawer.entryAction(drawer.entry('Offsite travel'), 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete forecast' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toHaveCount(0);
  for (const month of ['2027-02', '2027-03', '2027-04']) await drawer.expectCell(account.path, month, 0);
});

test('a section row has no entries and no new-entry button', async ({ page }) => {
  await openDemoReport(page, urlFor('Net Income', '2026-10'));
  const drawer = new ReportDrawerPage(page);
  await expect(drawer.heading('Net Income')).toBeVisible();
  await expect(drawer.newEntryButton).toBeDisabled();
  await expect(drawer.drawer).toContainText('has no entries of its own');
  await drawer.closeButton.click();
  await expect(drawer.drawer).toHaveCount(0);
});

test('dragging an entry, then a search, onto another account row moves the entries there', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await showEmptyAccounts(page);
  await openDemoReport(page);
  const api = await loadDemoAccounts(page, request);
  const from = await api.createAccount(TRAVEL, 'Drawer Drag From');
  const to = await api.createAccount(TRAVEL, 'Drawer Drag To');
  const month = '2025-04';
  await api.bookEntry(from.id, 4321, '2025-04-12', 'Dragged taxi');
  await api.bookEntry(from.id, 1500, '2025-04-14', 'Team lunch');
  await page.goto(urlFor(from.path, month));
  const drawer = new ReportDrawerPage(page);
  await expect(drawer.heading(from.name)).toBeVisible();
  await drawer.expectCellShown(from.path, month, 5821);
  await drawer.expectCellShown(to.path, month, 0);

  const grid = new ReportGridPage(page);
  const handle = drawer.entry('Dragged taxi').getByRole('button', { name: 'Drag Dragged taxi' });
  await grid.dragTo(handle, grid.label(to.path));
  await grid.drop();
  await drawer.expectCellShown(to.path, month, 4321);
  await drawer.expectCellShown(from.path, month, 1500);
  await expect(drawer.entry('Dragged taxi')).toHaveCount(0);

  // A search dragged onto a row makes a rule: the matching entries move there.
  await drawer.searchBox.fill('LUNCH');
  await expect(drawer.entries).toHaveCount(1);
  await grid.dragTo(drawer.drawer.getByText('Drag to create a rule'), grid.label(to.path));
  await grid.drop();
  await drawer.expectCellShown(to.path, month, 5821);
  await drawer.expectCellShown(from.path, month, 0);
});
