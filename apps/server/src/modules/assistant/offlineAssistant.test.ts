import { formatMonthLong } from '@keel/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoldenCompany } from '../../../test/goldenCompany';
import { createTestApp, TEST_TODAY, type TestApp } from '../../../test/harness';
import { issueAccessToken } from '../auth/tokens';

/**
 * The offline assistant (the default provider) answers a fixed set of questions
 * on the golden company with the exact figures, each checked against the report's own answer (the
 * cards' and the grid's) and against the figures worked out by hand (goldenCompany.ts).
 */

type Citation = {
  label: string;
  amountCents: number;
  accountId: string | null;
  accountName: string | null;
  month: string | null;
  reportUrl: string | null;
};
type Answer = { content: string; status: string; role: string; citations: Citation[] };

const ASK = `mutation($e: ID!, $c: String!) { createOpenaiMessage(entityId: $e, content: $c) {
  errors message { content status role citations { label amountCents accountId accountName month reportUrl } } } }`;

const SUMMARY = `query($e: ID!, $spend: MonthKey) { report(entityId: $e) {
  actualsEndMonth
  accounts { id path }
  lineItems { name accountId isLeaf values { key amount } }
  summary {
    runway { months cashOutMonth working { balance balanceMonth calculation } }
    forecast: runway(method: runway) { ...card }
    startupCard: runway(method: startup_runway) { ...card }
    threeMonthsCard: runway(method: startup_runway_3mo) { ...card }
    noGrowthCard: runway(method: runway_no_growth) { ...card }
    startup: runway(method: startup_runway) { working { burn burnMonths } }
    threeMonths: runway(method: startup_runway_3mo) { working { burn balance balanceMonth } }
    incomeVsExpense { month income expense scenario }
    spendByCategory(month: $spend) { month categories { name accountId amount } }
  } } }
  fragment card on Runway { months cashOutMonth label working { balanceMonth calculation } }`;

/** The Runway card's figures for one method. */
type CardRunway = {
  months: number | null;
  cashOutMonth: string | null;
  label: string;
  working: { balanceMonth: string; calculation: string };
};

type Summary = {
  report: {
    actualsEndMonth: string;
    accounts: { id: string; path: string }[];
    lineItems: {
      name: string;
      accountId: string | null;
      isLeaf: boolean;
      values: { key: string; amount: number }[];
    }[];
    summary: {
      runway: {
        months: number | null;
        cashOutMonth: string | null;
        working: { balance: number; balanceMonth: string; calculation: string };
      };
      forecast: CardRunway;
      startupCard: CardRunway;
      threeMonthsCard: CardRunway;
      noGrowthCard: CardRunway;
      startup: { working: { burn: number | null; burnMonths: string[] } };
      threeMonths: { working: { burn: number | null; balance: number; balanceMonth: string } };
      incomeVsExpense: { month: string; income: number; expense: number; scenario: string }[];
      spendByCategory: {
        month: string;
        categories: { name: string; accountId: string | null; amount: number }[];
      };
    };
  };
};

let t: TestApp;
let golden: Awaited<ReturnType<typeof createGoldenCompany>>;

beforeAll(async () => {
  t = await createTestApp();
  golden = await createGoldenCompany(t, 'offline@golden.test');
});
afterAll(() => t.close());

async function ask(question: string): Promise<Answer> {
  const result = await t.graphql<{ createOpenaiMessage: { errors: string[]; message: Answer } }>(
    ASK,
    { e: golden.entityId, c: question },
    golden.owner.token,
  );
  expect(result.errors).toBeUndefined();
  expect(result.data?.createOpenaiMessage.errors).toEqual([]);
  const message = result.data?.createOpenaiMessage.message;
  if (!message) throw new Error('no answer');
  expect(message).toMatchObject({ role: 'assistant', status: 'complete' });
  return message;
}

async function report(spend?: string): Promise<Summary['report']> {
  const result = await t.graphql<Summary>(SUMMARY, { e: golden.entityId, spend }, golden.owner.token);
  expect(result.errors).toBeUndefined();
  if (!result.data) throw new Error('no report');
  return result.data.report;
}

const cell = (view: Summary['report'], name: string, month: string) =>
  view.lineItems
    .find((line) => line.name === name && !line.isLeaf)
    ?.values.find((value) => value.key === month)?.amount;

const url = (account: string, month: string, type: 'actual' | 'forecast') =>
  `/financial?${new URLSearchParams({ account, month, type, expand: 'true' }).toString()}`;

describe('the offline assistant on the golden company', () => {
  it("answers 'What is our runway?' as the Runway card does, citing the cash it starts from and where it runs out", async () => {
    const answer = await ask('What is our runway?');
    const { summary } = await report();
    expect(summary.runway).toMatchObject({ months: 4, cashOutMonth: '2027-03' });
    expect(answer.content).toBe(
      `Your runway by Forecast runway is 4 months, counted from November 2026. Cash runs out in March 2027. The working, as the Runway card shows it for Forecast runway: ${summary.runway.working.calculation}. The card's other methods give other figures: ask for 'Startup runway', 'Startup runway, 3-month burn' or 'No-growth runway'.`,
    );
    expect(answer.content).toContain(
      'Cash $94,250 at the end of Nov 2026 turns negative in Mar 2027 (-$5,750): 4 months',
    );
    expect(answer.citations).toEqual([
      {
        label: 'Cash at the end of Nov 2026',
        amountCents: summary.runway.working.balance,
        accountId: golden.accountIds.get('Banks'),
        accountName: 'Banks',
        month: '2026-11',
        reportUrl: url('Banks', '2026-11', 'actual'),
      },
      {
        label: 'Cash at the end of Mar 2027 (runs out)',
        amountCents: -575_000,
        accountId: golden.accountIds.get('Banks'),
        accountName: 'Banks',
        month: '2027-03',
        reportUrl: url('Banks', '2027-03', 'forecast'),
      },
    ]);
    expect(answer.citations[0]?.amountCents).toBe(9_425_000);
  });

  it('names the method of each runway answer and answers a method the question names with the card’s figures for it', async () => {
    const { summary } = await report();
    const asked: [string, string, CardRunway][] = [
      ['What is our forecast runway?', 'Forecast runway', summary.forecast],
      ['What is our startup runway?', 'Startup runway', summary.startupCard],
      [
        'What is our startup runway on the 3-month burn?',
        'Startup runway, 3-month burn',
        summary.threeMonthsCard,
      ],
      ['What is our no-growth runway?', 'No-growth runway', summary.noGrowthCard],
    ];
    for (const [question, label, card] of asked) {
      const answer = await ask(question);
      const months =
        card.months === null
          ? "Unlimited: your cash doesn't run out."
          : `${label === 'Forecast runway' ? `${card.months} months` : `${card.months.toFixed(1)} months`}, counted from`;
      expect(answer.content).toContain(`Your runway by ${label} is ${months}`);
      expect(answer.content).toContain(
        `The working, as the Runway card shows it for ${label}: ${card.working.calculation}.`,
      );
      if (card.cashOutMonth)
        expect(answer.content).toContain(`Cash runs out in ${formatMonthLong(card.cashOutMonth)}.`);
      expect(answer.content).not.toContain("The card's other methods");
    }
    // On the golden company: 3.3 months by No-growth runway, counted from October, the last complete month.
    const noGrowth = await ask('What is our no-growth runway?');
    expect(noGrowth.content).toBe(
      `Your runway by No-growth runway is 3.3 months, counted from October 2026. Cash runs out in February 2027. The working, as the Runway card shows it for No-growth runway: Cash $98,250 at the end of Oct 2026 ÷ ($30,000 expenses in Dec 2026 − $0 income in Oct 2026 = $30,000) = 3.3 months from Oct 2026, cash out Feb 2027 (Oct 2026 is the last complete month: Nov 2026 is under way).`,
    );
  });

  it("answers the burn as the card's working computes it: the last complete month and the three-month average", async () => {
    const answer = await ask("What's our burn rate?");
    const { summary } = await report();
    // November is under way: the burn is October's, the last complete month's, and the golden company
    // booked nothing in August to October.
    expect(summary.startup.working).toEqual({ burn: 0, burnMonths: ['2026-10'] });
    expect(summary.threeMonths.working.burn).toBe(0);
    expect(answer.content).toBe(
      'Nothing was booked to income or expense in October 2026 (the last complete month), so it burned no cash. Over August 2026 to October 2026 net burn averaged $0 a month.',
    );
    expect(answer.citations.map((c) => [c.label, c.amountCents, c.reportUrl])).toEqual([
      ['Expense in Oct 2026', 0, url('Expense', '2026-10', 'actual')],
      ['Income in Oct 2026', 0, url('Income', '2026-10', 'actual')],
    ]);
  });

  it('answers the cash at the end of the last actual month, as the report shows the Banks row', async () => {
    const answer = await ask('How much cash do we have?');
    const view = await report();
    expect(cell(view, 'Banks', '2026-11')).toBe(9_425_000);
    expect(view.summary.runway.working).toMatchObject({ balance: 9_425_000, balanceMonth: '2026-11' });
    expect(answer.content).toBe(
      'Cash today (November 2026, the month under way): $94,250 (actual). By account: Checking $94,250.',
    );
    expect(answer.citations).toEqual([
      expect.objectContaining({ amountCents: 9_425_000, accountName: 'Banks', month: '2026-11' }),
      {
        label: 'Checking at the end of Nov 2026',
        amountCents: 9_425_000,
        accountId: golden.accountIds.get('Banks/Checking'),
        accountName: 'Checking',
        month: '2026-11',
        reportUrl: url('Banks/Checking', '2026-11', 'actual'),
      },
    ]);
  });

  it("answers 'Top spending this month' with the Spend by Category card's categories and the month's expense", async () => {
    const answer = await ask('Top spending this month');
    const { summary } = await report('2026-11');
    expect(summary.spendByCategory.categories).toEqual([
      {
        name: 'Salaries',
        accountId: golden.accountIds.get('Expense/Operating Expenses/Payroll/Salaries'),
        amount: 800_000,
      },
      {
        name: 'Rent',
        accountId: golden.accountIds.get('Expense/Operating Expenses/Facilities/Rent'),
        amount: 200_000,
      },
    ]);
    expect(answer.content).toBe(
      'Top 2 expense categories in November 2026 (actual):\n1. Salaries: $8,000\n2. Rent: $2,000\nTotal expenses: $10,000.',
    );
    expect(answer.citations).toEqual(
      summary.spendByCategory.categories.map((category) => ({
        label: `${category.name} in Nov 2026`,
        amountCents: category.amount,
        accountId: category.accountId,
        accountName: category.name,
        month: '2026-11',
        reportUrl: url(
          category.name === 'Rent'
            ? 'Expense/Operating Expenses/Facilities/Rent'
            : 'Expense/Operating Expenses/Payroll/Salaries',
          '2026-11',
          'actual',
        ),
      })),
    );
  });

  it("answers 'Top spending last month' for the calendar month before this one", async () => {
    // October 2026 has no expense: the answer says so.
    const october = await ask('Top spending last month');
    expect(october.content).toBe('There was no spending by category in October 2026. Total expenses: $0.');
    // On 10 December, last month is November: Salaries and Rent, as the card shows November.
    t.clock.set(new Date('2026-12-10T12:00:00.000Z'));
    const ownerToken = golden.owner.token;
    golden.owner.token = (await issueAccessToken(t.db, t.clock, golden.owner.user.id, 24)).token;
    try {
      const answer = await ask('Top spending last month?');
      const { summary } = await report('2026-11');
      expect(summary.spendByCategory.categories.map((c) => [c.name, c.amount])).toEqual([
        ['Salaries', 800_000],
        ['Rent', 200_000],
      ]);
      expect(answer.content).toBe(
        'Top 2 expense categories in November 2026 (actual):\n1. Salaries: $8,000\n2. Rent: $2,000\nTotal expenses: $10,000.',
      );
    } finally {
      t.clock.set(new Date(`${TEST_TODAY}T12:00:00.000Z`));
      golden.owner.token = ownerToken;
    }
    // A named month of an earlier year, and the top N.
    const december = await ask('What were our biggest expenses in December 2025?');
    expect(december.content).toBe(
      'Top expense category in December 2025 (actual):\n1. Rent: $2,000\nTotal expenses: $2,000.',
    );
    const topOne = await ask('top 1 spending in 2026-11');
    expect(topOne.content).toBe(
      'Top expense category in November 2026 (actual):\n1. Salaries: $8,000\nTotal expenses: $10,000.',
    );
  });

  it("answers a month's income vs expense as the Income vs Expense card, actual or forecast", async () => {
    const answer = await ask('Income vs expense in June 2026');
    const { summary } = await report();
    expect(summary.incomeVsExpense.find((m) => m.month === '2026-06')).toEqual({
      month: '2026-06',
      income: 400_000,
      expense: 10_000,
      scenario: 'actual',
    });
    expect(answer.content).toBe(
      'Net Income in June 2026: $3,900 (actual): income $4,000 less expenses $100.',
    );
    expect(answer.citations.map((c) => [c.label, c.amountCents, c.month])).toEqual([
      ['Net Income in Jun 2026', 390_000, '2026-06'],
      ['Income in Jun 2026', 400_000, '2026-06'],
      ['Expense in Jun 2026', 10_000, '2026-06'],
    ]);
    const forecast = await ask('How did income compare to expenses next month?');
    expect(forecast.content).toBe(
      'Net Income in December 2026: -$25,000 (forecast): income $5,000 less expenses $30,000.',
    );
    expect(forecast.citations[1]?.reportUrl).toBe(url('Income', '2026-12', 'forecast'));
  });

  it('finds transactions by name as the Transactions page does, citing each on its bank account', async () => {
    const answer = await ask('Find transactions office rent');
    const page = await t.graphql<{
      bookkeepingTransactionsConnection: {
        count: number;
        edges: { node: { name: string; amount: number; date: string } }[];
      };
    }>(
      'query($e: ID!) { bookkeepingTransactionsConnection(entityId: $e, nameFilter: "office rent") { count edges { node { name amount date } } } }',
      { e: golden.entityId },
      golden.owner.token,
    );
    expect(page.data?.bookkeepingTransactionsConnection.count).toBe(2);
    expect(answer.content).toBe(
      '2 transactions match "office rent":\n2026-11-10 Office rent November: -$2,000 (Checking → Rent)\n2025-12-28 Office rent December: -$2,000 (Checking → Rent)',
    );
    // Each one listed on its bank account's row, then the list itself on the Transactions page.
    expect(answer.citations.at(-1)).toEqual({
      label: 'Net of transactions matching "office rent"',
      amountCents: -400_000,
      accountId: null,
      accountName: null,
      month: null,
      reportUrl: '/transactions?search=office%20rent',
    });
    expect(answer.citations.slice(0, -1)).toEqual(
      page.data?.bookkeepingTransactionsConnection.edges.map(({ node }) => ({
        label: `${node.name} on ${node.date}`,
        amountCents: node.amount,
        accountId: golden.accountIds.get('Banks/Checking'),
        accountName: 'Checking',
        month: node.date.slice(0, 7),
        reportUrl: url('Banks/Checking', node.date.slice(0, 7), 'actual'),
      })),
    );
    const none = await ask('search for unicorn invoices');
    expect(none.content).toBe('No transactions match "unicorn invoices".');
    expect(none.citations.map((citation) => [citation.amountCents, citation.reportUrl])).toEqual([
      [0, '/transactions?search=unicorn%20invoices'],
    ]);
  });

  it('says what it can answer when it does not understand, citing nothing', async () => {
    const answer = await ask('Write me a poem about the sea');
    expect(answer.content).toMatch(
      /^I didn't understand what you want to know or which line of your books you mean/,
    );
    expect(answer.content).toContain('You could ask:\n- ');
    expect(answer.citations).toEqual([]);
  });
});
