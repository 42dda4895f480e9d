import { describe, expect, it } from 'vitest';
import { BUILTIN_ABILITIES } from '../builtinAbilities';
import { matchLine } from './matchLine';
import { parseQuestion } from './parseQuestion';
import { demoVocabulary } from './questionTestKit';
import type { Intent } from './questionTypes';

/**
 * The built-in reader on the demo's chart, today in November 2026 (actuals through November): each
 * question read into its measure, line and period, or declined, or named as not understood. The
 * corpus test (questionCorpus.test.ts) asks the same kinds of question of the seeded demo and checks
 * the figures; this one pins the reading itself, fast.
 */

const vocabulary = demoVocabulary();
const read = (question: string) => parseQuestion(question, vocabulary);

/** The parts of an intent a case checks: kind, line path, period months, and what else it names. */
function summary(intent: Intent): Record<string, unknown> {
  switch (intent.kind) {
    case 'figure':
      return {
        kind: 'figure',
        measure: intent.measure,
        line: intent.line.path,
        from: intent.period.from,
        to: intent.period.to,
      };
    case 'compare':
      return {
        kind: 'compare',
        line: intent.line.path,
        a: `${intent.periods[0].from}..${intent.periods[0].to}`,
        b: `${intent.periods[1].from}..${intent.periods[1].to}`,
      };
    case 'share':
      return {
        kind: 'share',
        line: intent.line.path,
        of: intent.of.path,
        from: intent.period.from,
        to: intent.period.to,
      };
    case 'topLines':
      return {
        kind: 'topLines',
        parent: intent.parent?.path ?? null,
        top: intent.top,
        from: intent.period.from,
        to: intent.period.to,
      };
    case 'transactions':
      return {
        kind: 'transactions',
        mode: intent.mode,
        text: intent.text,
        direction: intent.direction,
        from: intent.period?.from ?? null,
        to: intent.period?.to ?? null,
      };
    case 'cash':
      return { kind: 'cash', to: intent.period.to };
    case 'runway':
      return { kind: 'runway', method: intent.method };
    case 'burn':
      return { kind: 'burn', from: intent.period?.from ?? null, to: intent.period?.to ?? null };
    case 'hiring':
      return { kind: 'hiring', measure: intent.measure, from: intent.period.from, to: intent.period.to };
    case 'whatIf':
      return { kind: 'whatIf', hires: intent.hires, growth: intent.revenueGrowthPercent };
    case 'decline':
      return { kind: 'decline', reason: intent.reason };
    case 'notUnderstood':
      return { kind: 'notUnderstood', missing: intent.missing };
  }
}

const REVENUE = 'Income/Revenue';
const OPEX = 'Expense/Operating Expenses';
const PAYROLL = 'Expense/Operating Expenses/Payroll';

const CASES: [string, Record<string, unknown>][] = [
  ['rev last month', { kind: 'figure', measure: 'total', line: REVENUE, from: '2026-10', to: '2026-10' }],
  ['opex Q3', { kind: 'figure', measure: 'total', line: OPEX, from: '2026-07', to: '2026-09' }],
  [
    'net income ytd',
    { kind: 'figure', measure: 'total', line: 'Net Income', from: '2026-01', to: '2026-11' },
  ],
  [
    'whats our net income year to date',
    { kind: 'figure', measure: 'total', line: 'Net Income', from: '2026-01', to: '2026-11' },
  ],
  [
    'Travel expenses in September?',
    {
      kind: 'figure',
      measure: 'total',
      line: 'Expense/Operating Expenses/Travel',
      from: '2026-09',
      to: '2026-09',
    },
  ],
  [
    'legal fees in 2026',
    {
      kind: 'figure',
      measure: 'total',
      line: 'Expense/Operating Expenses/Professional Services/Legal',
      from: '2026-01',
      to: '2026-12',
    },
  ],
  [
    'salries last month',
    { kind: 'figure', measure: 'total', line: `${PAYROLL}/Salaries`, from: '2026-10', to: '2026-10' },
  ],
  [
    'What was revenue last month?',
    { kind: 'figure', measure: 'total', line: REVENUE, from: '2026-10', to: '2026-10' },
  ],
  [
    'forecast expenses for 2027',
    { kind: 'figure', measure: 'total', line: 'Expense', from: '2027-01', to: '2027-12' },
  ],
  [
    'average monthly opex in 2026',
    { kind: 'figure', measure: 'average', line: OPEX, from: '2026-01', to: '2026-12' },
  ],
  [
    'payroll for the last 3 months',
    { kind: 'figure', measure: 'total', line: PAYROLL, from: '2026-08', to: '2026-10' },
  ],
  [
    'COGS this quarter',
    { kind: 'figure', measure: 'total', line: 'Expense/Cost of Revenue', from: '2026-10', to: '2026-12' },
  ],
  [
    'how much do we owe on loans at the end of October',
    { kind: 'figure', measure: 'total', line: 'Loans', from: '2026-10', to: '2026-10' },
  ],
  ['revenue Q3 vs Q2', { kind: 'compare', line: REVENUE, a: '2026-07..2026-09', b: '2026-04..2026-06' }],
  [
    'payroll October vs September',
    { kind: 'compare', line: PAYROLL, a: '2026-10..2026-10', b: '2026-09..2026-09' },
  ],
  [
    'year over year revenue growth for October',
    { kind: 'compare', line: REVENUE, a: '2026-10..2026-10', b: '2025-10..2025-10' },
  ],
  [
    'how did opex change from September to October',
    { kind: 'compare', line: OPEX, a: '2026-10..2026-10', b: '2026-09..2026-09' },
  ],
  [
    'revenue growth last month',
    { kind: 'compare', line: REVENUE, a: '2026-10..2026-10', b: '2026-09..2026-09' },
  ],
  [
    'payroll as a share of expenses in October',
    { kind: 'share', line: PAYROLL, of: 'Expense', from: '2026-10', to: '2026-10' },
  ],
  [
    'what % of opex is software last month',
    { kind: 'share', line: `${OPEX}/Software`, of: OPEX, from: '2026-10', to: '2026-10' },
  ],
  ['top 5 expenses in October', { kind: 'topLines', parent: null, top: 5, from: '2026-10', to: '2026-10' }],
  ['biggest costs last quarter', { kind: 'topLines', parent: null, top: 5, from: '2026-07', to: '2026-09' }],
  [
    'top 3 spending categories ytd',
    { kind: 'topLines', parent: null, top: 3, from: '2026-01', to: '2026-11' },
  ],
  [
    'how much did we pay AWS last month',
    { kind: 'transactions', mode: 'total', text: 'AWS', direction: 'out', from: '2026-10', to: '2026-10' },
  ],
  [
    'How much did we pay AWS in October?',
    { kind: 'transactions', mode: 'total', text: 'AWS', direction: 'out', from: '2026-10', to: '2026-10' },
  ],
  [
    'how much did we spend on Delta Air Lines this year',
    {
      kind: 'transactions',
      mode: 'total',
      text: 'Delta Air Lines',
      direction: 'out',
      from: '2026-01',
      to: '2026-12',
    },
  ],
  [
    'largest transaction in October',
    { kind: 'transactions', mode: 'largest', text: null, direction: 'any', from: '2026-10', to: '2026-10' },
  ],
  [
    'how much did Hooli pay us in 2026',
    { kind: 'transactions', mode: 'total', text: 'Hooli', direction: 'in', from: '2026-01', to: '2026-12' },
  ],
  [
    'how much did we spend on travel last month',
    {
      kind: 'figure',
      measure: 'total',
      line: 'Expense/Operating Expenses/Travel',
      from: '2026-10',
      to: '2026-10',
    },
  ],
  ['cash balance at end of October', { kind: 'cash', to: '2026-10' }],
  ['how much cash do we have', { kind: 'cash', to: '2026-11' }],
  ['what will cash be at the end of next quarter', { kind: 'cash', to: '2027-03' }],
  ['What is our runway?', { kind: 'runway', method: null }],
  ['runway by no-growth', { kind: 'runway', method: 'runway_no_growth' }],
  ['net burn for october', { kind: 'burn', from: '2026-10', to: '2026-10' }],
  ["what's our burn", { kind: 'burn', from: null, to: null }],
  [
    'how many open roles do we have',
    { kind: 'hiring', measure: 'openRoles', from: '2026-11', to: '2026-11' },
  ],
  ['headcount in March 2027', { kind: 'hiring', measure: 'headcount', from: '2027-03', to: '2027-03' }],
  [
    'how much will the hiring plan cost in 2027',
    { kind: 'hiring', measure: 'cost', from: '2027-01', to: '2027-12' },
  ],
  [
    'runway if we hire two engineers at $150k',
    {
      kind: 'whatIf',
      hires: [{ count: 2, role: 'engineer', annualSalaryCents: 15_000_000, startMonth: '2026-12' }],
      growth: null,
    },
  ],
  ['what if revenue grows 5% a month', { kind: 'whatIf', hires: [], growth: 5 }],
  ['how much cash does Boston Dynamics have in the bank', { kind: 'decline', reason: 'otherCompany' }],
  ["what is Tesla's revenue", { kind: 'decline', reason: 'otherCompany' }],
  ['what is my personal checking balance', { kind: 'decline', reason: 'personal' }],
  ['should I buy Nvidia stock', { kind: 'decline', reason: 'advice' }],
  ['what were the frobnitz costs last month', { kind: 'notUnderstood', missing: ['line'] }],
  ['tell me a joke', { kind: 'notUnderstood', missing: ['measure', 'line'] }],
  ['revenue in Smarch', { kind: 'notUnderstood', missing: ['period'] }],
  [
    'Income vs expense in June 2026',
    { kind: 'figure', measure: 'total', line: 'Net Income', from: '2026-06', to: '2026-06' },
  ],
  ['find AWS', { kind: 'transactions', mode: 'list', text: 'AWS', direction: 'any', from: null, to: null }],
];

describe('parseQuestion on the demo chart', () => {
  it.each(CASES)('%s', (question, expected) => {
    expect(summary(read(question))).toEqual(expected);
  });

  it('understands every example the panel lists under What can I ask?', () => {
    const examples = BUILTIN_ABILITIES.flatMap((ability) =>
      [...ability.matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? ''),
    );
    expect(examples.length).toBeGreaterThanOrEqual(15);
    for (const example of examples) {
      const intent = read(example);
      expect(intent.kind, example).not.toBe('notUnderstood');
      expect(intent.kind, example).not.toBe('decline');
    }
  });

  it('never answers about our own company as another one', () => {
    expect(read("what is Acme Robotics's revenue last month").kind).toBe('figure');
  });

  it('reads only the first 500 characters of a long question', () => {
    const long = `revenue last month ${'and more '.repeat(2_000)}`;
    expect(summary(read(long))).toMatchObject({ kind: 'figure', line: REVENUE });
  });
});

describe('matchLine', () => {
  const lines = vocabulary.lines;
  it.each([
    ['rev', REVENUE],
    ['opex', OPEX],
    ['legal fees', 'Expense/Operating Expenses/Professional Services/Legal'],
    ['salries', `${PAYROLL}/Salaries`],
    ['advertsing', 'Expense/Operating Expenses/Marketing/Advertising'],
    ['internet and phone', 'Expense/Operating Expenses/Facilities/Internet & Phone'],
    ['Expense/Operating Expenses/Rent', null],
    ['bottom line', 'Net Income'],
  ])('%s → %s', (said, path) => {
    expect(matchLine(lines, said).match?.path ?? null).toBe(path);
  });

  it('matches nothing for a name far from every line, offering the closest', () => {
    const matched = matchLine(lines, 'frobnitz');
    expect(matched.match).toBeNull();
  });
});
