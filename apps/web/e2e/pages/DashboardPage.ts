import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/lib/storageKeys';
import { graphql } from '../support/api';

const MONTH_BUTTONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A dashboard as the API keeps it: its range and each chart's place. */
type StoredDashboard = {
  id: string;
  startMonth: string;
  endMonth: string;
  positions: { id: string; x: number; y: number; w: number; h: number }[];
  charts: { id: string; name: string }[];
};

/** A chart's place on the grid as the page shows it, in pixels. */
type ChartBox = { x: number; y: number; width: number; height: number };

/**
 * The dashboard screen (features/dashboard): the toolbar, the grid of charts and the chart editor.
 * Charts are found by name (their figure's accessible name).
 */
export class DashboardPage {
  readonly panel: Locator;
  readonly toolbar: Locator;
  readonly grid: Locator;
  readonly editor: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByTestId('dashboard-panel').first();
    this.toolbar = this.panel.getByTestId('dashboard-toolbar');
    this.grid = this.panel.getByTestId('dashboard-grid');
    this.editor = page.getByRole('dialog');
  }

  /** Turns the custom-charts feature flag on for this browser, as the Feature Flags dialog does. */
  static async enableCustomCharts(page: Page) {
    await page.addInitScript((key) => {
      window.localStorage.setItem(key, JSON.stringify({ 'custom-charts': true }));
    }, STORAGE_KEYS.featureFlags);
  }

  async open() {
    await this.page.goto('/dashboard');
    await expect(this.page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
    await expect(this.grid.or(this.panel.getByTestId('dashboard-empty'))).toBeVisible();
  }

  chart(name: string): Locator {
    return this.grid.getByRole('figure', { name, exact: true });
  }

  /** The grid item (the element the grid library moves) holding a chart. */
  gridItem(name: string): Locator {
    return this.grid
      .getByTestId('dashboard-grid-item')
      .filter({ has: this.page.getByRole('figure', { name, exact: true }) });
  }

  /** Waits for a chart's figures to be drawn. */
  async expectDrawn(name: string) {
    await expect(this.chart(name).getByTestId('chart-plot').locator('svg.recharts-surface')).toBeVisible();
  }

  button(name: string): Locator {
    return this.toolbar.getByRole('button', { name, exact: true });
  }

  async startEditing() {
    await this.button('Edit').click();
    await expect(this.button('Save')).toBeVisible();
  }

  async saveLayout() {
    await this.button('Save').click();
    await expect(this.button('Edit')).toBeVisible();
  }

  async box(name: string): Promise<ChartBox> {
    const box = await this.gridItem(name).boundingBox();
    if (!box) throw new Error(`Chart ${name} is not on screen`);
    return box;
  }

  /** Drags a chart by its title bar, by (dx, dy) pixels, with the mouse, in small steps. */
  async dragChart(name: string, dx: number, dy: number) {
    const title = this.chart(name).getByTestId('dashboard-chart-name');
    await title.scrollIntoViewIfNeeded();
    const box = await title.boundingBox();
    if (!box) throw new Error(`Chart ${name} has no title on screen`);
    const start = { x: box.x + Math.min(box.width / 2, 40), y: box.y + box.height / 2 };
    await this.page.mouse.move(start.x, start.y);
    await this.page.mouse.down();
    await this.page.mouse.move(start.x + 5, start.y + 5, { steps: 3 });
    await this.page.mouse.move(start.x + dx, start.y + dy, { steps: 20 });
    await this.page.mouse.up();
  }

  /** Drags a chart's bottom-right resize handle by (dx, dy) pixels. */
  async resizeChart(name: string, dx: number, dy: number) {
    const handle = this.gridItem(name).locator('.react-resizable-handle');
    await handle.scrollIntoViewIfNeeded();
    // The grid animates a chart to its place after a move (a CSS transition): a handle measured
    // mid-way is not where the mouse then presses, so wait until two readings agree.
    let box = await handle.boundingBox();
    for (let reading = 0; reading < 30; reading += 1) {
      const previous = box;
      await this.page.waitForTimeout(100);
      box = await handle.boundingBox();
      if (previous && box && previous.x === box.x && previous.y === box.y) break;
    }
    if (!box) throw new Error(`Chart ${name} has no resize handle on screen`);
    const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await this.page.mouse.move(start.x, start.y);
    await this.page.mouse.down();
    await this.page.mouse.move(start.x + 5, start.y + 5, { steps: 3 });
    await this.page.mouse.move(start.x + dx, start.y + dy, { steps: 20 });
    await this.page.mouse.up();
  }

  /** Opens the New Chart editor with Add. */
  async openNewChart(): Promise<Locator> {
    await this.button('Add').click();
    const dialog = this.page.getByRole('dialog', { name: 'New Chart' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /** Makes a data group of the editor Line or Bar. */
  async setGroupType(dialog: Locator, group: number, type: 'Line' | 'Bar') {
    const segments = dialog.getByRole('group', { name: `Data group ${group}`, exact: true });
    await segments
      .locator('label')
      .filter({ hasText: new RegExp(`^${type}$`) })
      .click();
    await expect(segments.getByRole('radio', { name: type })).toBeChecked();
  }

  /** Picks a report line in a line picker by typing part of its path and choosing the option. */
  async pickLine(dialog: Locator, pickerLabel: string, search: string, optionPath: string) {
    const input = dialog.getByRole('combobox', { name: pickerLabel, exact: true });
    await input.click();
    await input.fill(search);
    await this.page.getByRole('option', { name: optionPath, exact: true }).click();
    await expect(input).toHaveValue(optionPath);
  }

  /** A chart's place on the grid as 'x,y,w,h' in grid units. */
  async place(name: string): Promise<string> {
    return (await this.gridItem(name).getAttribute('data-place')) ?? '';
  }

  /**
   * Picks months in a month picker (the 'Select Time Period' range takes two), stepping the picker's
   * year to each month's year first. Months are '2026-03'.
   */
  async pickMonths(pickerName: string, months: string[]) {
    await this.toolbar.getByRole('button', { name: pickerName, exact: true }).click();
    const levels = this.page.locator('.mantine-MonthPickerInput-levelsGroup').filter({ visible: true });
    await expect(levels).toBeVisible();
    for (const month of months) {
      const [year = '', number = ''] = month.split('-');
      const header = levels.locator('.mantine-MonthPickerInput-calendarHeaderLevel');
      for (let step = 0; step < 30; step += 1) {
        const shown = Number(await header.textContent());
        if (shown === Number(year)) break;
        await levels
          .getByRole('button', { name: shown < Number(year) ? 'Next year' : 'Previous year' })
          .click();
      }
      await expect(header).toHaveText(year);
      await levels.getByRole('button', { name: MONTH_BUTTONS[Number(number) - 1], exact: true }).click();
    }
  }

  /** The dashboard as the API keeps it (the first one of the company). */
  static async stored(request: APIRequestContext, token: string, entityId: string): Promise<StoredDashboard> {
    const data = await graphql<{ dashboards: StoredDashboard[] }>(
      request,
      token,
      'query($e: ID!) { dashboards(entityId: $e) { id startMonth endMonth positions { id x y w h } charts { id name } } }',
      { e: entityId },
    );
    const [dashboard] = data.dashboards;
    if (!dashboard) throw new Error('The company has no dashboard');
    return dashboard;
  }

  /** Puts the dashboard's charts back where they were (and its range back to the default when asked). */
  static async restore(
    request: APIRequestContext,
    token: string,
    before: StoredDashboard,
    range: 'default' | 'keep' = 'keep',
  ) {
    const now = await DashboardPage.stored(request, token, await DashboardPage.entityOf(request, token));
    const positions = before.positions.filter((position) =>
      now.charts.some((chart) => chart.id === position.id),
    );
    await graphql(
      request,
      token,
      'mutation($id: ID!, $p: [DashboardPositionInput!], $s: MonthKey, $e: MonthKey) { updateDashboard(id: $id, positions: $p, startMonth: $s, endMonth: $e) { errors } }',
      { id: before.id, p: positions, ...(range === 'default' ? { s: null, e: null } : {}) },
    );
  }

  /** Deletes the charts named (each made by a spec) that are still there. */
  static async deleteCharts(request: APIRequestContext, token: string, names: string[]) {
    const now = await DashboardPage.stored(request, token, await DashboardPage.entityOf(request, token));
    for (const chart of now.charts.filter((item) => names.includes(item.name))) {
      await graphql(request, token, 'mutation($id: ID!) { deleteChart(id: $id) { errors } }', {
        id: chart.id,
      });
    }
  }

  static async entityOf(request: APIRequestContext, token: string): Promise<string> {
    const data = await graphql<{ entities: { id: string }[] }>(request, token, '{ entities { id } }');
    const [entity] = data.entities;
    if (!entity) throw new Error('The user has no company');
    return entity.id;
  }

  /**
   * Hovers a chart's plot until its tooltip shows `month` ('2026-03'); returns the tooltip. The plot's
   * months are in its data-months attribute, so the hover starts where the month should be and steps
   * towards it.
   */
  async hoverMonth(name: string, month: string): Promise<Locator> {
    const plot = this.chart(name).getByTestId('chart-plot');
    const months = ((await plot.getAttribute('data-months')) ?? '').split(',');
    const index = months.indexOf(month);
    if (index < 0) throw new Error(`Chart ${name} does not show ${month}`);
    const area = plot.locator('.recharts-cartesian-grid');
    await plot.scrollIntoViewIfNeeded();
    const box = await area.boundingBox();
    if (!box) throw new Error(`Chart ${name} has no plot on screen`);
    const step = box.width / months.length;
    const tooltip = this.page.getByTestId('chart-tooltip').filter({ visible: true });
    let x = box.x + step * (index + 0.5);
    const y = box.y + box.height / 2;
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await this.page.mouse.move(x, y, { steps: 2 });
      await expect(tooltip).toBeVisible();
      const shown = await tooltip.getAttribute('data-month');
      if (shown === month) return tooltip;
      const shownIndex = months.indexOf(shown ?? '');
      x += (index - shownIndex) * step * 0.9;
    }
    throw new Error(`Chart ${name}'s tooltip did not reach ${month}`);
  }
}
