import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatCents, type MonthKey, type RunwayMethod } from '@keel/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthCells, reportGrid } from '../../../../test/dashboardTestKit';
import { seedDemoAndSignIn } from '../../../../test/demoTestKit';
import { createTestApp, TEST_TODAY, type TestApp } from '../../../../test/harness';
import { queryRows } from '../../../db/queryRows';
import type { Citation, ToolDeps } from '../tools/toolTypes';
import {
  CORPUS_CURRENT_MONTH,
  CORPUS_LAST_COMPLETE_MONTH,
  type CorpusFacts,
  type CorpusGroup,
  type Expectation,
  type ExpectedFigure,
  expenseCategories,
  headcountIn,
  lineTotal,
  QUESTION_CORPUS,
  type Subject,
  spanKey,
} from './questionCorpus';
import type { BuiltinAnswer, Intent } from './questionTypes';

/**
 * The built-in assistant asked the question corpus (questionCorpus.ts) about the demo company. An
 * answer is CORRECT when it understood what the question asks (kind, line, periods, measure, method)
 * and states the figures worked out from the books (exact cents, counts, months; percents within
 * 0.05) with each amount's dollar text in its words; WRONG-SUBJECT when it states a figure about
 * something else (or any figure for a question it should decline or not understand); otherwise a miss.
 * The corpus passes at 95% correct with no wrong-subject answer. Every miss is printed as a table.
 */

type Answer = BuiltinAnswer & { citations: Citation[] };
type AnswerQuestion = (deps: ToolDeps, entityId: string, question: string) => Promise<Answer>;

const TIME_ZONE = 'America/Los_Angeles';
/** The report read for the expectations: the demo's whole history and every forecast month asked about. */
const REPORT_RANGE = { s: '2024-12', end: '2028-12' };
const PARSER_FILE = fileURLToPath(new URL('./answerQuestion.ts', import.meta.url));
const parserPresent = existsSync(PARSER_FILE);

let t: TestApp;
let entityId: string;
let token: string;
let facts: CorpusFacts;
/** The report's own year and year-to-date columns by row key: a check on the corpus' month sums. */
let periodColumns: Map<string, Record<string, number>>;

const RUNWAY = `query($e: ID!) { report(entityId: $e) { summary {
  runway: runway(method: runway) { months cashOutMonth }
  runway_no_growth: runway(method: runway_no_growth) { months cashOutMonth }
  startup_runway: runway(method: startup_runway) { months cashOutMonth }
  startup_runway_3mo: runway(method: startup_runway_3mo) { months cashOutMonth } } } }`;

type RunwayCards = Record<RunwayMethod, { months: number | null; cashOutMonth: string | null }>;

beforeAll(async () => {
  t = await createTestApp({ env: { JOB_WORKER: 'false' } });
  ({ entityId, token } = await seedDemoAndSignIn(t));
  facts = await readFacts();
}, 300_000);
afterAll(() => t.close());

/** The demo's books: the report's rows by key, the transactions, the plan's tables and the Runway card. */
async function readFacts(): Promise<CorpusFacts> {
  const grid = await reportGrid(
    { entityId, gql: (query, variables) => t.graphql(query, variables, token) },
    REPORT_RANGE,
  );
  const paths = await t.graphql<{ report: { accounts: { id: string; path: string }[] } }>(
    'query($e: ID!) { report(entityId: $e) { accounts { id path } } }',
    { e: entityId },
    token,
  );
  const pathOf = new Map((paths.data?.report.accounts ?? []).map((account) => [account.id, account.path]));
  const rows = new Map<string, Record<string, number>>();
  periodColumns = new Map();
  for (const row of grid.lineItems) {
    if (row.isLeaf) continue;
    const key = row.itemType === 'Expression' ? row.name : pathOf.get(row.accountId ?? '');
    if (!key || rows.has(key)) continue;
    rows.set(key, monthCells(grid, row));
    periodColumns.set(
      key,
      Object.fromEntries(
        grid.columns.flatMap((column, index) =>
          column.period === 'month' ? [] : [[column.key, row.columnValues[index] ?? 0]],
        ),
      ),
    );
  }
  const runway = await t.graphql<{ report: { summary: RunwayCards } }>(RUNWAY, { e: entityId }, token);
  const cards = runway.data?.report.summary;
  if (!cards) throw new Error('no runway card');
  const transactions = await queryRows<{ name: string; date: string; amount: string | number | null }>(
    t.db,
    // A transaction's amount as the Transactions page lists it: its bank or card side (money out negative).
    sql`SELECT t.name, t.date::text AS date, side.amount FROM transactions t
      LEFT JOIN LATERAL (SELECT e.amount FROM entries e JOIN accounts a ON a.id = e.account_id
        WHERE e.transaction_id = t.id ORDER BY (a.account_group IS NULL), e.amount, e.id LIMIT 1) side ON TRUE
      WHERE t.entity_id = ${entityId}::uuid AND t.transaction_type <> 'Budget'`,
  );
  const positions = await queryRows<{
    employee_id: string | null;
    quantity: number;
    salary_cents: string | number | null;
    rate_cents: string | number | null;
    hours: number | null;
    start_month: string;
    end_month: string | null;
  }>(t.db, sql`SELECT * FROM job_positions WHERE entity_id = ${entityId}::uuid`);
  const [settings] = await queryRows<{ employer_tax_basis_points: number; benefits_basis_points: number }>(
    t.db,
    sql`SELECT employer_tax_basis_points, benefits_basis_points FROM hiring_settings WHERE entity_id = ${entityId}::uuid`,
  );
  const orNull = (value: string | number | null) => (value === null ? null : Number(value));
  return {
    currentMonth: TEST_TODAY.slice(0, 7),
    cell(path, month) {
      const value = rows.get(path)?.[month];
      if (value === undefined) throw new Error(`The report has no ${path} in ${month}`);
      return value;
    },
    accountPaths: [...pathOf.values()],
    transactions: transactions.map((row) => ({
      name: row.name,
      date: row.date,
      amountCents: Number(row.amount ?? 0),
    })),
    positions: positions.map((row) => ({
      hasEmployee: row.employee_id !== null,
      quantity: Number(row.quantity),
      salaryCents: orNull(row.salary_cents),
      rateCents: orNull(row.rate_cents),
      hours: row.hours === null ? null : Number(row.hours),
      startMonth: row.start_month.trim(),
      endMonth: row.end_month?.trim() ?? null,
    })),
    hiringRates: {
      employerTaxBasisPoints: Number(settings?.employer_tax_basis_points ?? 0),
      benefitsBasisPoints: Number(settings?.benefits_basis_points ?? 0),
    },
    runwayMonths: (method) => cards[method].months,
  };
}

/** '$94,250' for whole dollars, '$1,234.56' with cents, '-$5,750' below zero. */
function formatMoney(cents: number): string {
  return formatCents(cents).replace(/\.00$/, '');
}

const span = (period: { from: MonthKey; to: MonthKey }) => `${period.from}..${period.to}`;

/**
 * What an answer is about, in the corpus' terms. A total of the Banks line is the cash question and a
 * total of Net Burn the burn question (the same figures); a runway without a method is the card's
 * default; a burn without a period is the last complete month.
 */
function subjectOf(intent: Intent): Subject {
  switch (intent.kind) {
    case 'figure':
      if (intent.measure === 'total' && intent.line.path === 'Banks')
        return { kind: 'cash', period: span(intent.period) };
      if (intent.measure === 'total' && intent.line.path === 'Net Burn')
        return { kind: 'burn', period: span(intent.period) };
      return { kind: 'figure', measure: intent.measure, line: intent.line.path, period: span(intent.period) };
    case 'compare':
      return { kind: 'compare', line: intent.line.path, periods: intent.periods.map(span) };
    case 'share':
      return { kind: 'share', line: intent.line.path, of: intent.of.path, period: span(intent.period) };
    case 'topLines':
      return {
        kind: 'topLines',
        parent: intent.parent?.path ?? null,
        top: intent.top,
        period: span(intent.period),
      };
    case 'transactions':
      return {
        kind: 'transactions',
        mode: intent.mode,
        text: intent.text?.trim().toLowerCase() ?? null,
        direction: intent.direction,
        period: intent.period ? span(intent.period) : null,
      };
    case 'cash':
      return { kind: 'cash', period: span(intent.period) };
    case 'runway':
      return { kind: 'runway', method: intent.method ?? 'runway' };
    case 'burn':
      return {
        kind: 'burn',
        period: intent.period
          ? span(intent.period)
          : spanKey([CORPUS_LAST_COMPLETE_MONTH, CORPUS_LAST_COMPLETE_MONTH]),
      };
    case 'hiring':
      return { kind: 'hiring', measure: intent.measure, period: span(intent.period) };
    case 'whatIf':
      return {
        kind: 'whatIf',
        hires: intent.hires.map(({ count, annualSalaryCents, startMonth }) => ({
          count,
          annualSalaryCents,
          startMonth,
        })),
        revenueGrowthPercent: intent.revenueGrowthPercent,
      };
    case 'decline':
      return { kind: 'decline', reason: intent.reason };
    case 'notUnderstood':
      return { kind: 'notUnderstood', missing: intent.missing };
  }
}

/** Whether the answer's subject is the expected one: every part the expectation names, equal. */
function sameSubject(expected: Subject, got: Subject): boolean {
  if (expected.kind !== got.kind) return false;
  if (expected.kind === 'notUnderstood') {
    const missing = (got.missing as string[]) ?? [];
    return (expected.missing as string[]).every((part) => missing.includes(part));
  }
  return Object.entries(expected).every(([key, value]) => JSON.stringify(got[key]) === JSON.stringify(value));
}

function figureStated(expected: ExpectedFigure, answer: Answer): string | null {
  const candidates = expected.at === undefined ? answer.figures : [answer.figures[expected.at]];
  const fits = candidates.some((figure) => {
    if (!figure) return false;
    if (expected.amountCents !== undefined && figure.amountCents !== expected.amountCents) return false;
    if (expected.count !== undefined && figure.count !== expected.count) return false;
    if (expected.months !== undefined) {
      if (
        expected.months === null
          ? figure.months !== null
          : Math.abs((figure.months ?? Number.NaN) - expected.months) > 1e-6
      )
        return false;
    }
    if (
      expected.percent !== undefined &&
      !(Math.abs((figure.percent ?? Number.NaN) - expected.percent) <= 0.05 + 1e-9)
    )
      return false;
    if (expected.statesMonths && !('months' in figure)) return false;
    return true;
  });
  if (!fits) return `no figure ${describeFigure(expected)}`;
  if (expected.amountCents !== undefined && expected.moneyText) {
    const texts = [formatMoney(expected.amountCents)];
    if (expected.moneyText === 'either') texts.push(formatMoney(Math.abs(expected.amountCents)));
    if (!texts.some((text) => answer.text.includes(text))) return `text lacks ${texts[0]}`;
  }
  return null;
}

function describeFigure(figure: ExpectedFigure): string {
  const parts = [
    figure.at === undefined ? '' : `#${figure.at}`,
    figure.amountCents === undefined ? '' : formatMoney(figure.amountCents),
    figure.count === undefined ? '' : `count ${figure.count}`,
    figure.months === undefined ? '' : `months ${figure.months}`,
    figure.percent === undefined ? '' : `${figure.percent}%`,
    figure.statesMonths ? 'months stated' : '',
  ];
  return parts.filter(Boolean).join(' ');
}

type Verdict = 'correct' | 'wrongSubject' | 'miss';

function scoreAnswer(expectation: Expectation, answer: Answer): { verdict: Verdict; why: string } {
  const got = subjectOf(answer.intent);
  const stated = answer.figures.length > 0;
  if (!sameSubject(expectation.subject, got)) {
    return { verdict: stated ? 'wrongSubject' : 'miss', why: 'understood something else' };
  }
  if (expectation.figures.length === 0) {
    if (stated) return { verdict: 'wrongSubject', why: 'stated figures' };
    if (answer.text.trim() === '') return { verdict: 'miss', why: 'no text' };
    return { verdict: 'correct', why: '' };
  }
  const problems = expectation.figures.map((figure) => figureStated(figure, answer)).filter(Boolean);
  return problems.length === 0
    ? { verdict: 'correct', why: '' }
    : { verdict: 'miss', why: problems.join('; ') };
}

const MINIMUM_PER_GROUP: Record<string, { groups: CorpusGroup[]; minimum: number }> = {
  figures: { groups: ['figure'], minimum: 40 },
  comparesAndShares: { groups: ['compare', 'share'], minimum: 20 },
  topLines: { groups: ['topLines'], minimum: 15 },
  transactions: { groups: ['transactions'], minimum: 20 },
  cash: { groups: ['cash'], minimum: 15 },
  runwayAndBurn: { groups: ['runway', 'burn'], minimum: 10 },
  hiring: { groups: ['hiring'], minimum: 12 },
  whatIfs: { groups: ['whatIf'], minimum: 8 },
  declines: { groups: ['decline'], minimum: 15 },
  notUnderstood: { groups: ['notUnderstood'], minimum: 8 },
};

const expectationOf = (question: string) => {
  const entry = QUESTION_CORPUS.find((item) => item.question === question);
  if (!entry) throw new Error(`No corpus question '${question}'`);
  return entry.expect(facts);
};
const amountOf = (question: string, at = 0) =>
  expectationOf(question).figures.find((f) => f.at === at)?.amountCents;

describe('the question corpus oracle on the demo company', () => {
  it('covers every kind of question, each at least as often as the corpus requires, with no question twice', () => {
    expect(QUESTION_CORPUS.length).toBeGreaterThanOrEqual(200);
    expect(new Set(QUESTION_CORPUS.map((item) => item.question.toLowerCase())).size).toBe(
      QUESTION_CORPUS.length,
    );
    for (const [name, { groups, minimum }] of Object.entries(MINIMUM_PER_GROUP)) {
      const count = QUESTION_CORPUS.filter((item) => groups.includes(item.group)).length;
      expect(count, name).toBeGreaterThanOrEqual(minimum);
    }
  });

  it('works out every expectation from the books: every line, month and vendor it names exists', () => {
    for (const item of QUESTION_CORPUS) expect(() => item.expect(facts), item.question).not.toThrow();
    expect(facts.currentMonth).toBe(CORPUS_CURRENT_MONTH);
  });

  it("agrees with the report's own year and year-to-date columns and with its expression lines", () => {
    const column = (path: string, key: string) => periodColumns.get(path)?.[key];
    expect(amountOf('net income ytd')).toBe(column('Net Income', 'ytd-2026'));
    expect(amountOf('legal fees in 2026')).toBe(
      column('Expense/Operating Expenses/Professional Services/Legal', 'fy-2026'),
    );
    expect(amountOf('salaries in 2025')).toBe(
      column('Expense/Operating Expenses/Payroll/Salaries', 'fy-2025'),
    );
    expect(amountOf('Total income for 2025?')).toBe(column('Income', 'fy-2025'));
    expect(amountOf('revenue in 2027')).toBe(column('Income/Revenue', 'fy-2027'));
    expect(amountOf('revenue this year vs last year', 0)).toBe(column('Income/Revenue', 'fy-2026'));
    expect(amountOf('revenue this year vs last year', 1)).toBe(column('Income/Revenue', 'fy-2025'));
    // Net Income is income less expense and Net Burn its negative, month by month.
    for (const key of ['2025-06', '2026-09', '2026-10', '2026-11', '2027-03']) {
      const income = lineTotal(facts, 'Income', [key, key]);
      const expense = lineTotal(facts, 'Expense', [key, key]);
      expect(facts.cell('Net Income', key), key).toBe(income - expense);
      expect(facts.cell('Net Burn', key), key).toBe(expense - income);
    }
  });

  it('gives the figures worked out by hand from the report for a handful of questions', () => {
    // Read off the report's month cells (October 2026; July to September; August to October; 2026).
    expect(amountOf('rev last month')).toBe(25_699_512);
    expect(amountOf('opex Q3')).toBe(112_331_564);
    expect(amountOf('payroll for the last 3 months')).toBe(86_227_483);
    expect(amountOf('legal fees in 2026')).toBe(6_737_667);
    expect(amountOf('net income ytd')).toBe(-202_664_408);
    // $4,092,078.93 over 12 months, rounded to the cent.
    expect(amountOf('average monthly opex in 2026')).toBe(34_100_658);
    expect(amountOf('cash at the end of March 2027')).toBe(283_490_760);
    expect(amountOf('how much cash do we have')).toBe(383_855_195);
    expect(amountOf('burn last quarter')).toBe(58_599_920);
    expect(expectationOf('what is our runway').figures[0]?.months).toBe(15);
    expect(expectationOf('runway by no-growth').figures[0]?.months).toBeCloseTo(24.1537, 3);
    // The plan: 20 staff today, 3 open roles and the contractor's position have no employee.
    expect(headcountIn(facts, '2026-11')).toBe(20);
    expect(expectationOf('open roles').figures[0]?.count).toBe(4);
    // October's largest category is salaries; the card's categories never include a group.
    const october = expenseCategories(facts, ['2026-10', '2026-10']);
    expect(october[0]).toEqual({ name: 'Salaries', amountCents: 26_392_160 });
    expect(amountOf('top 3 expense categories last month', 1)).toBe(october[1]?.amountCents);
  });

  it("agrees with the Spend by Category card's months and the hiring plan's forecast in the report", async () => {
    for (const key of ['2026-09', '2026-10']) {
      const card = await t.graphql<{
        report: { summary: { spendByCategory: { categories: { name: string; amount: number }[] } } };
      }>(
        'query($e: ID!, $m: MonthKey) { report(entityId: $e) { summary { spendByCategory(month: $m) { categories { name amount } } } } }',
        { e: entityId, m: key },
        token,
      );
      const named = (card.data?.report.summary.spendByCategory.categories ?? []).filter(
        (c) => c.name !== 'Others',
      );
      expect(named.length, key).toBeGreaterThan(0);
      expect(
        expenseCategories(facts, [key, key])
          .slice(0, named.length)
          .map((category) => ({ name: category.name, amount: category.amountCents })),
        key,
      ).toEqual(named);
    }
    // The plan writes its costs into Payroll's forecast months: the plan's cost is that line's forecast.
    const payroll = 'Expense/Operating Expenses/Payroll';
    expect(amountOf('hiring cost in 2027')).toBe(periodColumns.get(payroll)?.['fy-2027']);
    expect(amountOf('hiring plan cost next quarter')).toBe(lineTotal(facts, payroll, ['2027-01', '2027-03']));
    expect(amountOf('hiring cost in December 2026')).toBe(facts.cell(payroll, '2026-12'));
  });

  it('totals vendors from the transactions as the Transactions page lists them, money out negative', () => {
    const aws = facts.transactions.filter((item) => item.name === 'AWS' && item.date.startsWith('2026-10'));
    expect(aws).toHaveLength(1);
    expect(amountOf('how much did we pay AWS last month')).toBe(-(aws[0]?.amountCents ?? 0));
    expect(aws[0]?.amountCents).toBeLessThan(0);
    const stripe = facts.transactions.filter(
      (item) => item.name === 'Stripe Payout' && item.date.startsWith('2026-10'),
    );
    expect(stripe.every((item) => item.amountCents > 0)).toBe(true);
    expect(amountOf('how much did we receive from Stripe last month')).toBe(
      stripe.reduce((sum, item) => sum + item.amountCents, 0),
    );
  });
});

describe.runIf(parserPresent)('the built-in assistant asked the question corpus', () => {
  it('understands at least 95% of the corpus and states no figure about the wrong subject', async () => {
    const { answerQuestion } = (await import(/* @vite-ignore */ PARSER_FILE)) as {
      answerQuestion: AnswerQuestion;
    };
    const deps: ToolDeps = { db: t.db, clock: t.clock, timeZone: TIME_ZONE };
    const results: { question: string; group: string; verdict: Verdict; expected: string; got: string }[] =
      [];
    for (const item of QUESTION_CORPUS) {
      const expectation = item.expect(facts);
      const expected = `${JSON.stringify(expectation.subject)} ${expectation.figures.map(describeFigure).join(', ')}`;
      try {
        const answer = await answerQuestion(deps, entityId, item.question);
        const { verdict, why } = scoreAnswer(expectation, answer);
        const figures = answer.figures.map((f) => JSON.stringify(f)).join(' ');
        results.push({
          question: item.question,
          group: item.group,
          verdict,
          expected,
          got: `${why}: ${JSON.stringify(subjectOf(answer.intent))} ${figures} | ${answer.text.slice(0, 240)}`,
        });
      } catch (error) {
        results.push({
          question: item.question,
          group: item.group,
          verdict: 'miss',
          expected,
          got: `threw ${String(error)}`,
        });
      }
    }
    const wrong = results.filter((result) => result.verdict !== 'correct');
    const correct = results.length - wrong.length;
    const wrongSubject = results.filter((result) => result.verdict === 'wrongSubject').length;
    const byGroup = [...new Set(results.map((result) => result.group))].map((group) => {
      const items = results.filter((result) => result.group === group);
      return `${group} ${items.filter((result) => result.verdict === 'correct').length}/${items.length}`;
    });
    console.log(
      [
        `Question corpus: ${correct}/${results.length} correct (${((correct / results.length) * 100).toFixed(1)}%), ${wrongSubject} wrong-subject`,
        `By group: ${byGroup.join(', ')}`,
        ...wrong.map(
          (result) =>
            `${result.verdict === 'wrongSubject' ? 'WRONG-SUBJECT' : 'MISS'} | ${result.question}\n    expected: ${result.expected}\n    got:      ${result.got}`,
        ),
      ].join('\n'),
    );
    expect(wrongSubject).toBe(0);
    expect(correct / results.length).toBeGreaterThanOrEqual(0.95);
  }, 600_000);
});

const ASK = `mutation($e: ID!, $c: String!) { createOpenaiMessage(entityId: $e, content: $c) {
  errors message { content status citations { label amountCents reportUrl } } } }`;

type StoredAnswer = {
  content: string;
  status: string;
  citations: { label: string; amountCents: number; reportUrl: string | null }[];
};

describe.runIf(parserPresent)('the corpus asked through the chat API', () => {
  it.each([
    'rev last month',
    'opex Q3',
    'cash at the end of October',
    'how much did we pay AWS last month',
    'net burn for October',
  ])(
    "stores the answer to '%s' with its figure and citations that open the report",
    async (question) => {
      const result = await t.graphql<{ createOpenaiMessage: { errors: string[]; message: StoredAnswer } }>(
        ASK,
        { e: entityId, c: question },
        token,
      );
      expect(result.errors).toBeUndefined();
      expect(result.data?.createOpenaiMessage.errors).toEqual([]);
      const message = result.data?.createOpenaiMessage.message;
      expect(message?.status).toBe('complete');
      const amount = amountOf(question);
      if (amount === undefined) throw new Error(`No amount for '${question}'`);
      expect(message?.content).toContain(formatMoney(amount));
      const urls = (message?.citations ?? []).map((citation) => citation.reportUrl);
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) expect(url).toMatch(/^\/[a-z]/);
    },
    60_000,
  );
});
