import { expect, type Locator, type Page } from '@playwright/test';

/** An attribute value for a CSS selector: quoted, with quotes and backslashes escaped. */
const quoted = (value: string) => JSON.stringify(value);

/**
 * The models screen (features/models): the switcher, the Inputs, Formulas and Outputs panels and the
 * data grid. Variables are found by name; grid cells by variable name and month ('2026-11').
 */
export class ModelsPage {
  readonly switcher: Locator;
  readonly inputs: Locator;
  readonly formulas: Locator;
  readonly outputs: Locator;
  readonly grid: Locator;

  constructor(readonly page: Page) {
    this.switcher = page.getByTestId('model-switcher');
    this.inputs = page.getByTestId('model-inputs');
    this.formulas = page.getByTestId('model-formulas');
    this.outputs = page.getByTestId('model-outputs');
    this.grid = page.getByTestId('model-grid');
  }

  /** Opens /models (the first model) and waits for its grid. */
  async open(path = '/models') {
    await this.page.goto(path);
    await expect(this.page).toHaveURL(/\/models\/[0-9a-f-]{36}$/);
    await expect(this.grid).toBeVisible();
  }

  modelButton(): Locator {
    return this.switcher.getByRole('button', { name: /^Model: / });
  }

  async openModelMenu(): Promise<Locator> {
    await this.modelButton().click();
    const menu = this.page.getByTestId('model-menu');
    await expect(menu).toBeVisible();
    return menu;
  }

  /** Adds a model with the plus button; resolves to its id once its page is open. */
  async addModel(): Promise<string> {
    const before = this.page.url();
    await this.switcher.getByRole('button', { name: 'Add model' }).click();
    await expect(this.page).not.toHaveURL(before);
    await expect(this.modelButton()).toHaveText('New Model');
    return this.page.url().split('/').at(-1) ?? '';
  }

  async renameModel(name: string) {
    const menu = await this.openModelMenu();
    await menu.getByRole('menuitem', { name: 'Rename model' }).click();
    const field = this.page.getByRole('textbox', { name: 'Model name' });
    await field.fill(name);
    await field.press('Enter');
    await expect(this.modelButton()).toHaveText(name);
  }

  async deleteModel() {
    const menu = await this.openModelMenu();
    await menu.getByRole('menuitem', { name: 'Delete model' }).click();
    await menu.getByRole('menuitem', { name: 'Confirm delete' }).click();
  }

  /**
   * Picks a month in a month picker of the model range ('Model start month'), moving year by year with
   * the picker's 'Previous year' and 'Next year' buttons; the year shown is a button named by the year.
   */
  async pickRangeMonth(label: string, year: number, month: string) {
    await this.page.getByRole('button', { name: label, exact: true }).click();
    const previous = this.page.getByRole('button', { name: 'Previous year', exact: true });
    const next = this.page.getByRole('button', { name: 'Next year', exact: true });
    await expect(next).toBeVisible();
    for (let step = 0; step < 30; step += 1) {
      const shown = Number(await previous.locator('xpath=following-sibling::button[1]').textContent());
      if (shown === year) break;
      await (shown < year ? next : previous).click();
    }
    await expect(this.page.getByRole('button', { name: String(year), exact: true })).toBeVisible();
    await this.page.getByRole('button', { name: month, exact: true }).click();
  }

  input(name: string): Locator {
    return this.inputs.getByTestId('model-input').filter({ has: this.page.getByText(name, { exact: true }) });
  }

  formula(name: string): Locator {
    return this.formulas
      .getByTestId('model-formula')
      .filter({ has: this.page.getByText(name, { exact: true }) });
  }

  /** Adds an input of a type from the add menu ('Currency', 'Percentage', ...) and names it. */
  async addInput(type: string, name: string) {
    const count = await this.inputs.getByTestId('model-input').count();
    await this.inputs.getByRole('button', { name: 'Add input' }).click();
    await this.page.getByRole('menuitem', { name: type, exact: true }).click();
    await expect(this.inputs.getByTestId('model-input')).toHaveCount(count + 1);
    const added = this.inputs.getByTestId('model-input').last();
    await this.renameVariable(added, 'Input name', name);
  }

  async addFormula(name: string) {
    const count = await this.formulas.getByTestId('model-formula').count();
    await this.formulas.getByRole('button', { name: 'Add formula' }).click();
    await expect(this.formulas.getByTestId('model-formula')).toHaveCount(count + 1);
    const added = this.formulas.getByTestId('model-formula').last();
    await expect(added).toContainText('New Formula');
    await this.renameVariable(added, 'Formula name', name);
  }

  private async renameVariable(row: Locator, label: string, name: string) {
    await row.getByRole('button', { name: /^Options for / }).click();
    await this.page.getByRole('menuitem', { name: 'Rename', exact: true }).click();
    const field = row.getByRole('textbox', { name: label });
    await field.fill(name);
    await field.press('Enter');
    await expect(row.getByText(name, { exact: true })).toBeVisible();
  }

  async setInputValue(name: string, value: string) {
    const field = this.input(name).getByRole('textbox', { name: `${name} value` });
    await field.fill(value);
    await field.press('Enter');
  }

  /** The formula editor of a formula (of its segment `segment`, 1-based, when it has several). */
  editor(formula: string, segment?: number): Locator {
    const label = segment === undefined ? `${formula} formula` : `${formula} formula, segment ${segment}`;
    return this.formulas.getByRole('textbox', { name: label, exact: true });
  }

  /** The completion list the editor opened. */
  completion(): Locator {
    return this.page.locator('.cm-tooltip-autocomplete');
  }

  /**
   * Types `{{query`, waits for `option` to be offered first and applies it with Enter. CodeMirror answers
   * each keystroke's completion a moment later, and until then the list is dimmed
   * (`cm-tooltip-autocomplete-disabled`) and refuses Enter; on a loaded machine Enter can arrive first,
   * so it is pressed again until the list has taken it (a taken Enter closes the list).
   */
  async completeReference(editor: Locator, query: string, option: string) {
    await editor.pressSequentially(`{{${query}`);
    const list = this.completion();
    await expect(list).toBeVisible();
    await expect(list.getByRole('option').first()).toContainText(option);
    await expect(async () => {
      await expect(list).not.toHaveClass(/cm-tooltip-autocomplete-disabled/, { timeout: 2_000 });
      await editor.press('Enter');
      await expect(list).toBeHidden({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  }

  gridRow(name: string): Locator {
    return this.grid.locator('[data-testid="model-grid-row"]').filter({
      has: this.page.getByRole('rowheader', { name, exact: true }),
    });
  }

  gridCell(name: string, month: string): Locator {
    return this.gridRow(name).locator(`[role="gridcell"][data-month=${quoted(month)}]`);
  }

  outputCell(variable: string, month: string): Locator {
    return this.grid
      .locator('[data-testid="model-grid-output"]')
      .filter({ hasText: variable })
      .locator(`[role="gridcell"][data-month=${quoted(month)}]`);
  }
}
