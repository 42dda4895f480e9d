import { describe, expect, it } from 'vitest';
import {
  evaluateReportExpression,
  listExpressionReferences,
  parseReportExpression,
  ReportExpressionError,
} from './reportExpression';

const lines: Record<string, number[]> = {
  Income: [100, 200],
  Expense: [40, 260],
  'Credit Cards': [5, 6],
  'Paid-in Capital': [1000, 1000],
  id1: [1, 2],
};
const evaluate = (text: string) =>
  evaluateReportExpression(parseReportExpression(text), 2, (name) => lines[name] ?? []);

describe('parseReportExpression', () => {
  it('evaluates sums and differences of line names with spaces', () => {
    expect(evaluate('Income - Expense')).toEqual([60, -60]);
    expect(evaluate('Expense - Income')).toEqual([-60, 60]);
    expect(evaluate('Income - Expense + Credit Cards')).toEqual([65, -54]);
  });

  it('honours parentheses and unary minus', () => {
    expect(evaluate('Income - (Expense - Credit Cards)')).toEqual([65, -54]);
    expect(evaluate('-Income + Expense')).toEqual([-60, 60]);
    expect(evaluate('-(Income)')).toEqual([-100, -200]);
    expect(evaluate('+Income')).toEqual([100, 200]);
  });

  it('reads quoted and braced references, for names holding operators', () => {
    expect(evaluate('"Paid-in Capital" - {{id1}}')).toEqual([999, 998]);
    expect(listExpressionReferences(parseReportExpression('{{ Income }}-"Expense"'))).toEqual([
      'Income',
      'Expense',
    ]);
  });

  it('never yields negative zero', () => {
    expect(Object.is(evaluate('-(Income - Income)')[0], 0)).toBe(true);
  });

  it.each([
    ['', 'The expression is empty'],
    ['Income -', 'Expected a line name but found the end of the expression'],
    ['(Income', "Expected ')' but found the end of the expression"],
    ['Income)', "Unexpected ')' at 7"],
    ['Income ( Expense )', "Unexpected '(' at 8"],
    ['"Income', 'Unclosed quote at 1'],
    ['{{Income', 'Unclosed {{ at 1'],
    ['Income - ""', 'Empty name at 10'],
  ])('refuses %j: %s', (text, message) => {
    expect(() => parseReportExpression(text)).toThrow(new ReportExpressionError(message));
  });
});
