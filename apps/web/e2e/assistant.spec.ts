import { MONTH_NAMES, MONTH_SHORT_NAMES } from '@keel/domain';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { centsOfFigure, ReportGridPage } from './pages/ReportGridPage';
import { DEMO_OWNER_EMAIL, openDemoReport, openDemoReportAs, SCREEN_SIZES } from './support/demo';
import { type ScreenSize, screenshotAtEachSize, shot } from './support/screenshots';

/**
 * 'Ask Keel AI': the floating button, the panel with its greeting and the note saying the
 * built-in question reader (not an AI model) answers, questions answered with the report's own figures,
 * and sources that open the report at their cell, the Transactions page searched, or the Hiring Plan.
 * Asking only adds chat rows of the bookkeeper's own; other specs write into the demo company
 * meanwhile, so an answer and the page it is checked against are compared as read together, asking
 * again (at most a few times: 20 questions a minute) when a write fell between them.
 */

type MonthShortName = (typeof MONTH_SHORT_NAMES)[number];

/** The greeting's first words: it claims no model. */
const GREETING_START = 'Hi! Ask me about your books:';
/** What the panel says under its title on a server without a model (AI_PROVIDER=offline, e2e's). */
const BUILTIN_NOTE = "Answers from your books with Keel's built-in question reader, not an AI model.";

/** The chat panel and what a person reads in it. */
class AssistantPanel {
  readonly button: Locator;
  readonly panel: Locator;
  readonly questionBox: Locator;

  constructor(readonly page: Page) {
    this.button = page.getByRole('button', { name: 'Ask Keel AI' });
    this.panel = page.getByRole('dialog', { name: 'Ask Keel AI' });
    this.questionBox = this.panel.getByRole('textbox', { name: 'Your question' });
  }

  async open() {
    await this.button.click();
    await expect(this.panel).toBeVisible();
    await expect(this.panel.getByTestId('chat-greeting')).toContainText(GREETING_START);
  }

  /** Opens the panel unless it is open (following a source closes it). */
  async reopen() {
    if (await this.panel.isVisible()) return;
    await this.button.click();
    await expect(this.panel).toBeVisible();
  }

  /** The assistant's answers, oldest first. */
  answers(): Locator {
    return this.panel.locator('[data-testid="chat-message"][data-role="assistant"]');
  }

  /** Asks, and waits for the whole answer (streamed in); returns it. */
  async ask(question: string): Promise<Locator> {
    const before = await this.answers().count();
    await expect(this.questionBox).toBeEnabled();
    await this.questionBox.fill(question);
    await this.questionBox.press('Enter');
    await expect(this.panel.getByText(question, { exact: true }).last()).toBeVisible();
    const answer = this.answers().nth(before);
    await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 20_000 });
    return answer;
  }

  sources(answer: Locator): Locator {
    return answer.getByRole('region', { name: 'Sources' }).getByRole('link');
  }
}

const runwayCard = (page: Page) =>
  page.getByTestId('summary-card').filter({ has: page.getByRole('heading', { name: 'Runway' }) });

/** 'Aug 2028' -> '2028-08'. */
function monthKeyOf(label: string): string {
  const [name = '', year = ''] = label.split(' ');
  return `${year}-${String(MONTH_SHORT_NAMES.indexOf(name as MonthShortName) + 1).padStart(2, '0')}`;
}

/** 'Aug 2028' -> 'August 2028', as the answers write months. */
function longMonth(label: string): string {
  const [name = '', year = ''] = label.split(' ');
  return `${MONTH_NAMES[MONTH_SHORT_NAMES.indexOf(name as MonthShortName)]} ${year}`;
}

/** A source link's text, 'Cash at the end of Nov 2026: $3,838,551.72', taken apart. */
async function readSource(link: Locator) {
  const text = (await link.textContent()) ?? '';
  const match = /^(.*): (-?\$[\d,]+\.\d{2})$/.exec(text);
  if (!match) throw new Error(`Unexpected source: ${text}`);
  const url = new URL((await link.getAttribute('href')) ?? '', 'http://keel.test');
  return {
    label: match[1] ?? '',
    cents: centsOfFigure(match[2] ?? ''),
    account: url.searchParams.get('account') ?? '',
    month: url.searchParams.get('month') ?? '',
    path: url.pathname,
  };
}

/** Whether two boxes overlap. */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('Ask Keel AI', () => {
  test('answers the runway with the Runway card’s figures, and its sources open the report at their cells', async ({
    page,
  }) => {
    await openDemoReport(page);
    const chat = new AssistantPanel(page);
    const runway = runwayCard(page);
    const grid = new ReportGridPage(page);
    await expect(runway.getByTestId('runway-working')).toBeVisible();

    // The floating button keeps clear of the grid (and its drawer) at both screen sizes once the page
    // is scrolled to its end: it floats in the strip the page keeps free below them.
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await expect(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const button = await chat.button.boundingBox();
        const table = await grid.grid.boundingBox();
        expect(button && table && !overlaps(button, table)).toBe(true);
        expect(
          button && button.x + button.width <= size.width && button.y + button.height <= size.height,
        ).toBe(true);
      }).toPass({ timeout: 5_000 });
    }
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.evaluate(() => window.scrollTo(0, 0));

    // Opening: a typing indicator, then the greeting.
    await chat.button.click();
    await expect(chat.panel.getByRole('status', { name: 'Keel AI is typing' })).toBeVisible();
    await expect(chat.panel.getByTestId('chat-greeting')).toContainText(GREETING_START);
    await expect(chat.panel).toHaveAccessibleDescription(BUILTIN_NOTE);

    // The answer says what the card says: its working, months and cash-out month, read together.
    let answer = chat.answers().first();
    let working = '';
    let cashOut = '';
    await expect(async () => {
      answer = await chat.ask('What is our runway?');
      working = (await runway.getByTestId('runway-working').textContent()) ?? '';
      cashOut = (await runway.getByTestId('runway-cash-out').textContent()) ?? '';
      const label = (await runway.getByTestId('runway-label').textContent()) ?? '';
      const text = (await answer.getByTestId('chat-message-text').textContent()) ?? '';
      if (!text.includes(working)) {
        // A write between the two reads: the card is read again, and the question asked again.
        await page.reload();
        await expect(runway.getByTestId('runway-working')).toBeVisible();
        await chat.button.click();
      }
      // The card shows its default method, Forecast runway, and the answer names the method it used.
      expect(text).toContain(`The working, as the Runway card shows it for Forecast runway: ${working}`);
      expect(text).toContain(`Cash runs out in ${longMonth(cashOut)}.`);
      const months = /Your runway by Forecast runway is (\d+) months?/.exec(text)?.[1];
      expect(label === '24+' ? Number(months) > 24 : label === months).toBe(true);
    }).toPass({ timeout: 60_000 });

    // Its sources: the cash it counts from and the month it runs out, each a link into the report.
    const sources = chat.sources(answer);
    await expect(sources).toHaveCount(2);
    const start = await readSource(sources.nth(0));
    const end = await readSource(sources.nth(1));
    expect(start).toMatchObject({ label: 'Cash at the end of Nov 2026', account: 'Banks', month: '2026-11' });
    expect(end).toMatchObject({ label: `Cash at the end of ${cashOut} (runs out)`, account: 'Banks' });
    expect(end.month).toBe(monthKeyOf(cashOut));
    // The working's balance, in whole dollars, is the cited cash.
    const balance = /^Cash (\$[\d,]+) at the end of Nov 2026/.exec(working)?.[1] ?? '';
    expect(Math.round(start.cents / 100)).toBe(Math.round(centsOfFigure(`${balance}.00`) / 100));

    // The month it runs out lies past the report's default range: following the source widens the
    // range to it and selects the cash row there, with the cited balance in the cell.
    await sources.nth(1).click();
    await expect(chat.panel).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/financial\\?account=Banks.*month=${end.month}`));
    await expect(grid.row('Banks')).toBeVisible();
    await expect(grid.cell('Banks', end.month)).toBeVisible({ timeout: 15_000 });
    await expect(grid.cell('Banks', end.month)).toHaveAttribute('aria-selected', 'true');
    await expect(grid.header(end.month)).toBeVisible();
    await expect(page).not.toHaveURL(/expand=/);
    expect(await grid.cellCents('Banks', end.month)).toBe(end.cents);

    // Reopened, the conversation is still there; the other source selects November's cash.
    await chat.button.click();
    await expect(chat.answers().last()).toContainText('Your runway by Forecast runway is');
    await chat.sources(chat.answers().last()).first().click();
    await expect(page).toHaveURL(/\/financial\?account=Banks.*month=2026-11/);
    await expect(grid.cell('Banks', '2026-11')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('report-drawer')).toContainText('Nov 2026');
    expect(await grid.cellCents('Banks', '2026-11')).toBe(start.cents);
  });

  test('answers a runway method named in the question with the Runway card’s figures for that method', async ({
    page,
  }) => {
    await openDemoReport(page);
    const chat = new AssistantPanel(page);
    const runway = runwayCard(page);
    const picker = runway.getByRole('combobox', { name: 'Runway method' });
    await picker.click();
    await page.getByRole('option', { name: 'No-growth runway', exact: true }).click();
    await expect(picker).toHaveValue('No-growth runway');
    // Its working reads the last complete month (e2e's today is 2026-11-22: October), not November.
    await expect(runway.getByTestId('runway-working')).toContainText(
      '(Oct 2026 is the last complete month: Nov 2026 is under way)',
    );
    await chat.open();
    await expect(async () => {
      const answer = await chat.ask('What is our no-growth runway?');
      const working = (await runway.getByTestId('runway-working').textContent()) ?? '';
      const cashOut = (await runway.getByTestId('runway-cash-out').textContent()) ?? '';
      const label = (await runway.getByTestId('runway-label').textContent()) ?? '';
      const text = (await answer.getByTestId('chat-message-text').textContent()) ?? '';
      if (!text.includes(working)) {
        // A write between the two reads: the card is read again, and the question asked again.
        await page.reload();
        await expect(runway.getByTestId('runway-working')).toBeVisible();
        await chat.button.click();
      }
      expect(text).toContain(`The working, as the Runway card shows it for No-growth runway: ${working}`);
      if (cashOut !== 'Never') expect(text).toContain(`Cash runs out in ${longMonth(cashOut)}.`);
      const months = /Your runway by No-growth runway is (\d+(?:\.\d)?) months/.exec(text)?.[1];
      // The gauge shows whole months, the answer one decimal place (20.96 reads '21.0', the gauge '20').
      const shown = Number(months);
      expect(label === '24+' ? shown > 24 : Number(label) <= shown && shown < Number(label) + 1.05).toBe(
        true,
      );
    }).toPass({ timeout: 60_000 });
  });

  test('lists last month’s top spending with amounts, and a source opens the report cell with the same figure', async ({
    page,
  }) => {
    await openDemoReport(page);
    const chat = new AssistantPanel(page);
    const grid = new ReportGridPage(page);
    await chat.open();

    // e2e's today is 2026-11-22: last month is October 2026.
    await expect(async () => {
      const answer = await chat.ask('Top spending last month');
      const text = answer.getByTestId('chat-message-text');
      await expect(text).toContainText(/^Top \d+ expense categories in October 2026 \(actual\):/);
      const items = await text.getByRole('listitem').allTextContents();
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(item).toMatch(/^[^:]+: \$[\d,]+(\.\d{2})?$/);
      await expect(text).toContainText(/Total expenses: \$[\d,]+(\.\d{2})?\./);

      // Each category is a source, with the same amount; the first opens its cell in October.
      const sources = chat.sources(answer);
      await expect(sources).toHaveCount(items.length);
      const cited = await readSource(sources.first());
      const [firstName = '', firstAmount = ''] = items[0]?.split(': ') ?? [];
      expect(cited.label).toBe(`${firstName} in Oct 2026`);
      expect(cited.cents).toBe(centsOfFigure(firstAmount.includes('.') ? firstAmount : `${firstAmount}.00`));
      expect(cited).toMatchObject({ path: '/financial', month: '2026-10' });
      expect(cited.account.startsWith('Expense/')).toBe(true);

      await screenshots(page, chat);

      await sources.first().click();
      await expect(chat.panel).toBeHidden();
      await expect(grid.row(cited.account)).toBeVisible({ timeout: 15_000 });
      await expect(grid.cell(cited.account, '2026-10')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('report-drawer')).toContainText('Oct 2026');
      const cell = await grid.cellCents(cited.account, '2026-10');
      if (cell !== cited.cents) {
        // Another spec booked into October meanwhile: ask again on the report as it is now.
        await chat.button.click();
      }
      expect(cell).toBe(cited.cents);
    }).toPass({ timeout: 60_000 });
  });
});

/**
 * The open panel at both screen sizes, for a person to look at: whole on screen, its title, question
 * box and Send button in view, the answer scrolling inside it, nothing scrolling sideways.
 */
async function screenshots(page: Page, chat: AssistantPanel) {
  await screenshotAtEachSize(page, 'assistant-panel', {
    fullPage: false,
    check: async (size) => {
      await expect(chat.panel.getByRole('heading', { name: 'Ask Keel AI' })).toBeInViewport({ ratio: 1 });
      const box = await chat.panel.boundingBox();
      expect(box && box.x >= 0 && box.y >= 0).toBe(true);
      expect(box && box.x + box.width <= size.width && box.y + box.height <= size.height).toBe(true);
      await expect(chat.questionBox).toBeInViewport({ ratio: 1 });
      await expect(chat.panel.getByRole('button', { name: 'Send' })).toBeInViewport({ ratio: 1 });
    },
  });
  await page.setViewportSize({ width: 1366, height: 860 });
}

/** '$412,000.00' and '$412,000' (whole dollars), the two ways an answer may write cited cents. */
function dollarFigures(cents: number): string[] {
  const sign = cents < 0 ? '-' : '';
  const dollars = (value: number, digits: number) =>
    `${sign}$${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
  return [dollars(Math.abs(cents) / 100, 2), dollars(Math.round(Math.abs(cents) / 100), 0)];
}

/** The first source of an answer whose link leads to `path` (and, when given, names `month`). */
async function sourceTo(chat: AssistantPanel, answer: Locator, path: string, month?: string) {
  const links = chat.sources(answer);
  for (let index = 0; index < (await links.count()); index += 1) {
    const link = links.nth(index);
    const source = await readSource(link);
    const href = (await link.getAttribute('href')) ?? '';
    if (source.path === path && (month === undefined || source.month === month))
      return { link, source, href };
  }
  const all = await links.evaluateAll((found) => found.map((link) => link.getAttribute('href')));
  throw new Error(`No source leads to ${path}${month ? ` in ${month}` : ''}: ${all.join(', ')}`);
}

/**
 * An answer can be read whole in the panel: scrolled to, its text and each source link lie inside the
 * conversation's box (not under the title or the question box, not cut at the sides), and nothing in
 * the conversation scrolls sideways.
 */
async function expectReadableInPanel(chat: AssistantPanel, answer: Locator) {
  const log = chat.panel.getByRole('log', { name: 'Conversation' });
  const parts = [answer.getByTestId('chat-message-text'), ...(await chat.sources(answer).all())];
  for (const part of parts) {
    await part.scrollIntoViewIfNeeded();
    const box = await part.boundingBox();
    const frame = await log.boundingBox();
    if (!box || !frame) throw new Error('The answer or the conversation has no box');
    expect(box.x).toBeGreaterThanOrEqual(frame.x);
    expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
    expect(box.y).toBeGreaterThanOrEqual(frame.y - 0.5);
    // A text taller than the conversation scrolls; a line of it, or a link, shows whole.
    if (box.height <= frame.height)
      expect(box.y + box.height).toBeLessThanOrEqual(frame.y + frame.height + 0.5);
  }
  expect(await log.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
}

/** Signs in as the demo company's owner (questions count per user: this keeps clear of the other tests'). */
async function signInAsOwner(page: Page) {
  await openDemoReportAs(page, DEMO_OWNER_EMAIL);
}

/** The Transactions page's rows of a month ('2026-10'), each row's name and cents. */
async function transactionRowsOf(page: Page, month: string) {
  const rows = page.locator(
    `[data-testid="transactions-day"][data-date^="${month}"] [data-testid="transaction-row"]`,
  );
  return Promise.all(
    (await rows.all()).map(async (row) => {
      const cells = await row.getByRole('cell').allTextContents();
      return { name: cells[1] ?? '', cents: centsOfFigure(cells[2] ?? '') };
    }),
  );
}

test.describe('Ask Keel AI answers questions of different kinds', () => {
  for (const size of SCREEN_SIZES) {
    test(`revenue, a vendor and open roles, each with a source that opens its page, at ${size.width}×${size.height}`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(size);
      await signInAsOwner(page);
      const chat = new AssistantPanel(page);
      const grid = new ReportGridPage(page);
      await chat.open();
      await expectBuiltinNote(page, chat, size);

      // Revenue last month (e2e's today is 2026-11-22: October 2026): a figure, and a source that
      // selects its cell in the report, holding the cited amount.
      await expect(async () => {
        await chat.reopen();
        const answer = await chat.ask('What was revenue last month?');
        const text = (await answer.getByTestId('chat-message-text').textContent()) ?? '';
        const { link, source } = await sourceTo(chat, answer, '/financial', '2026-10');
        expect(source.account).not.toBe('');
        expect(dollarFigures(source.cents).some((figure) => text.includes(figure))).toBe(true);
        await expectReadableInPanel(chat, answer);
        await answer.scrollIntoViewIfNeeded();
        await page.screenshot({ path: shot(`assistant-revenue-${size.width}x${size.height}`) });
        await link.click();
        await expect(chat.panel).toBeHidden();
        await expect(page).toHaveURL(/\/financial\?account=.*month=2026-10/);
        await expect(grid.cell(source.account, '2026-10')).toHaveAttribute('aria-selected', 'true', {
          timeout: 15_000,
        });
        // Another spec may book into October meanwhile: then the question is asked again.
        expect(await grid.cellCents(source.account, '2026-10')).toBe(source.cents);
      }).toPass({ timeout: 60_000 });

      // What was paid to AWS in October: the figure, and a source that opens the Transactions page
      // searched for AWS, whose October rows add up to it.
      await expect(async () => {
        await chat.reopen();
        const answer = await chat.ask('How much did we pay AWS in October?');
        const text = (await answer.getByTestId('chat-message-text').textContent()) ?? '';
        const { link, source, href } = await sourceTo(chat, answer, '/transactions');
        expect(href).toBe('/transactions?search=AWS');
        expect(source.cents).toBeGreaterThan(0);
        expect(dollarFigures(source.cents).some((figure) => text.includes(figure))).toBe(true);
        await expectReadableInPanel(chat, answer);
        await answer.scrollIntoViewIfNeeded();
        await page.screenshot({ path: shot(`assistant-vendor-${size.width}x${size.height}`) });
        await link.click();
        await expect(chat.panel).toBeHidden();
        await expect(page).toHaveURL(/\/transactions\?search=AWS$/);
        await expect(page.getByRole('textbox', { name: 'Search transactions' })).toHaveValue('AWS');
        await expect(page.getByTestId('transaction-row').first()).toBeVisible();
        const october = await transactionRowsOf(page, '2026-10');
        expect(october.length).toBeGreaterThan(0);
        for (const row of october) expect(row.name.toLowerCase()).toContain('aws');
        const paid = october.filter((row) => row.cents < 0).reduce((sum, row) => sum - row.cents, 0);
        expect(paid).toBe(source.cents);
        await page.screenshot({ path: shot(`assistant-vendor-transactions-${size.width}x${size.height}`) });
      }).toPass({ timeout: 60_000 });

      // Open roles: the count, and a source that opens the Hiring Plan, which shows as many.
      await expect(async () => {
        await chat.reopen();
        const answer = await chat.ask('How many open roles do we have?');
        const text = (await answer.getByTestId('chat-message-text').textContent()) ?? '';
        const count = Number(/\b(\d+) open roles?\b/i.exec(text)?.[1] ?? Number.NaN);
        expect(count).toBeGreaterThan(0);
        const { link } = await sourceTo(chat, answer, '/hiring-plan');
        await expectReadableInPanel(chat, answer);
        await answer.scrollIntoViewIfNeeded();
        await page.screenshot({ path: shot(`assistant-open-roles-${size.width}x${size.height}`) });
        await link.click();
        await expect(chat.panel).toBeHidden();
        await expect(page).toHaveURL(/\/hiring-plan$/);
        const table = page.getByTestId('hiring-plan-table');
        await expect(table.getByTestId('position-row').first()).toBeVisible();
        // The page marks each position without an employee (a contractor's too) 'Open role', as the answer counts.
        const openRoles = table.getByTestId('position-row').filter({ hasText: 'Open role' });
        // Another spec may add a position meanwhile: then the question is asked again.
        await expect(openRoles).toHaveCount(count, { timeout: 2_000 });
      }).toPass({ timeout: 60_000 });

      // The three answers, back in the panel: each readable whole; the newest shown for the screenshot.
      await chat.reopen();
      for (const answer of await chat.answers().all()) await expectReadableInPanel(chat, answer);
      await chat.answers().last().scrollIntoViewIfNeeded();
      await expect(chat.panel.getByRole('heading', { name: 'Ask Keel AI' })).toBeInViewport({ ratio: 1 });
      await expect(chat.questionBox).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: shot(`assistant-questions-${size.width}x${size.height}`) });
    });
  }
});

/**
 * Under the title, the note that the built-in reader answers (not an AI model), and 'What can I ask?'
 * listing what it understands, inside the panel at this size (screenshot taken open).
 */
async function expectBuiltinNote(page: Page, chat: AssistantPanel, size: ScreenSize) {
  await expect(chat.panel).toHaveAccessibleDescription(BUILTIN_NOTE);
  await expect(chat.panel.getByText(BUILTIN_NOTE)).toBeVisible();
  const disclosure = chat.panel.getByRole('button', { name: 'What can I ask?' });
  await disclosure.click();
  const list = chat.panel.getByRole('list', { name: 'What I understand' });
  await expect(list.getByRole('listitem')).toHaveCount(7);
  await expect(list).toContainText('Vendors: "how much did we pay AWS last month"');
  await expect(chat.questionBox).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: shot(`assistant-what-can-i-ask-${size.width}x${size.height}`) });
  await disclosure.click();
  await expect(list).toBeHidden();
}
