import { describe, expect, it } from 'vitest';
import { parseMonth, parseQuestion } from './parseQuestion';

const NOW = '2026-11';

describe('parseQuestion', () => {
  it.each([
    ['What is our runway?', { kind: 'runway' }],
    ['When do we run out of cash?', { kind: 'runway' }],
    ['How long will our money last', { kind: 'runway' }],
    ["What's our burn rate?", { kind: 'burn' }],
    ['How much are we burning each month', { kind: 'burn' }],
    ['How much cash do we have?', { kind: 'cash' }],
    ["what's in the bank", { kind: 'cash' }],
    ['Top spending last month', { kind: 'spend', month: '2026-10', top: null }],
    ['Biggest expenses this month', { kind: 'spend', month: '2026-11', top: null }],
    ['top 3 costs in 2026-09', { kind: 'spend', month: '2026-09', top: 3 }],
    ['Where did our money go in March?', { kind: 'spend', month: '2026-03', top: null }],
    ['What were our largest expenses in December 2025', { kind: 'spend', month: '2025-12', top: null }],
    ['top five spending categories in sept', { kind: 'spend', month: '2026-09', top: 5 }],
    ['Income vs expense in October', { kind: 'incomeVsExpense', month: '2026-10' }],
    ["What was our profit in Jan '26?", { kind: 'incomeVsExpense', month: '2026-01' }],
    ['revenue and expenses next month', { kind: 'incomeVsExpense', month: '2026-12' }],
    ['Find transactions AWS', { kind: 'search', text: 'AWS' }],
    ['find transactions office rent', { kind: 'search', text: 'office rent' }],
    ['Search transactions for "Globex"?', { kind: 'search', text: 'Globex' }],
    ['show me all transactions matching payroll', { kind: 'search', text: 'payroll' }],
    ['search for unicorn invoices', { kind: 'search', text: 'unicorn invoices' }],
    ['What does the hiring plan cost?', { kind: 'hiring' }],
    ['Write me a poem', { kind: 'unknown' }],
    ['', { kind: 'unknown' }],
  ])('reads %j', (question, expected) => {
    expect(parseQuestion(question, NOW)).toEqual(expected);
  });

  it.each([
    ['What is our runway?', undefined],
    ['What is our runway over the next 3 months?', undefined],
    ['What is our forecast runway?', 'runway'],
    ['Startup runway please', 'startup_runway'],
    ['What is our start-up runway with the 3-month burn?', 'startup_runway_3mo'],
    ['runway on a three month average burn', 'startup_runway_3mo'],
    ['startup_runway_3mo runway', 'startup_runway_3mo'],
    ['What is our no-growth runway?', 'runway_no_growth'],
    ['runway with no growth', 'runway_no_growth'],
  ])('reads the runway method %j names (issue 32)', (question, method) => {
    expect(parseQuestion(question, NOW)).toStrictEqual(
      method ? { kind: 'runway', method } : { kind: 'runway' },
    );
  });

  it("reads a month's name without a year as its latest occurrence up to this month", () => {
    expect(parseMonth('in december', NOW)).toBe('2025-12');
    expect(parseMonth('in november', NOW)).toBe('2026-11');
    expect(parseMonth('oct 2024', NOW)).toBe('2024-10');
    expect(parseMonth('may i ask', NOW)).toBe(NOW);
    expect(parseMonth('spending in may', NOW)).toBe('2026-05');
    expect(parseMonth('in the market', NOW)).toBe(NOW);
    expect(parseMonth('2026-13', NOW)).toBe(NOW);
    expect(parseMonth('last month', '2026-01')).toBe('2025-12');
  });
});
