import { BASE_CHART } from '../../../demo/companyCatalog';
import type { LineCandidate, Vocabulary } from './questionTypes';

/** Test support: the demo company's chart as the parser sees it, without a database. */

const BALANCE_ROOTS = new Set(['Banks', 'Credit Cards', 'Investments', 'Loans', 'Other']);

function candidate(path: string): LineCandidate {
  const names = path.split('/');
  const root = names[0] ?? path;
  return {
    name: names.at(-1) ?? path,
    path,
    accountId: `id:${path}`,
    kind: BALANCE_ROOTS.has(root) ? 'balance' : 'flow',
    root,
    depth: names.length - 1,
  };
}

/** The demo's lines: the roots, the base chart, Contractors under Payroll, and the two expression lines. */
export function demoVocabulary(overrides: Partial<Vocabulary> = {}): Vocabulary {
  const paths = [
    'Income',
    'Expense',
    'Banks',
    'Credit Cards',
    'Investments',
    'Loans',
    'Other',
    ...BASE_CHART,
    'Expense/Operating Expenses/Payroll/Contractors',
  ];
  const expressions: LineCandidate[] = [
    { name: 'Net Income', path: 'Net Income', accountId: null, kind: 'flow', root: null, depth: 0 },
    { name: 'Net Burn', path: 'Net Burn', accountId: null, kind: 'flow', root: null, depth: 0 },
  ];
  const lines = [...paths.map(candidate), ...expressions].sort((a, b) => a.depth - b.depth);
  return {
    companyName: 'Acme Robotics',
    lines,
    counterparties: [
      'AWS',
      'Gusto Payroll',
      'WeWork',
      'Stripe Payout',
      'Hooli',
      'Initech',
      'Delta Air Lines',
      'Uber',
    ],
    currentMonth: '2026-11',
    actualsEndMonth: '2026-11',
    ...overrides,
  };
}
