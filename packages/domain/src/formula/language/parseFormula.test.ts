import { describe, expect, it } from 'vitest';
import {
  FormulaError,
  FormulaFunctionError,
  FormulaParseError,
  FormulaTokenizeError,
  UnknownFunctionError,
} from '../formulaErrors';
import type { FormulaAst } from './formulaAst';
import { FORMULA_DEPTH_MAX, FORMULA_TEXT_MAX, parseFormula } from './parseFormula';
import { printFormula } from './printFormula';
import { referencedVariables } from './referencedVariables';

const UUID = '0e8f4c2a-1b3d-4e5f-8a9b-0c1d2e3f4a5b';
const num = (value: number): FormulaAst => ({ kind: 'number', value });
const ref = (key: string, offset = 0): FormulaAst => ({ kind: 'reference', key, offset });

/** The error parseFormula throws, as `Class code position: message`. */
function failure(text: string): string {
  try {
    parseFormula(text);
  } catch (error) {
    if (error instanceof FormulaError)
      return `${error.name} ${error.code} ${error.position}: ${error.message}`;
    throw error;
  }
  return 'parsed';
}

describe('parseFormula values', () => {
  it.each([
    ['12', 12],
    ['1.5', 1.5],
    ['.5', 0.5],
    ['7.', 7],
    ['1e3', 1000],
    ['2.5E-2', 0.025],
    ['1e+2', 100],
  ])('reads the number %s', (text, value) => {
    expect(parseFormula(text)).toEqual(num(value));
  });

  it('reads text in double quotes with \\" and \\\\ escapes, keeping other backslashes', () => {
    expect(parseFormula('"Hello, world"')).toEqual({ kind: 'string', value: 'Hello, world' });
    expect(parseFormula('"say \\"hi\\""')).toEqual({ kind: 'string', value: 'say "hi"' });
    expect(parseFormula('"a\\\\b"')).toEqual({ kind: 'string', value: 'a\\b' });
    expect(parseFormula('"C:\\temp"')).toEqual({ kind: 'string', value: 'C:\\temp' });
    expect(parseFormula('""')).toEqual({ kind: 'string', value: '' });
  });

  it('reads TRUE and FALSE in any case', () => {
    expect(parseFormula('TRUE')).toEqual({ kind: 'boolean', value: true });
    expect(parseFormula('false')).toEqual({ kind: 'boolean', value: false });
    expect(parseFormula('True')).toEqual({ kind: 'boolean', value: true });
  });

  it('does not take thousands separators: 1,000 is two arguments, as in a spreadsheet', () => {
    expect(failure('1,000')).toBe("FormulaParseError PARSE 1: Unexpected ',' at 2");
    expect(parseFormula('SUM(1,000)')).toEqual({ kind: 'call', name: 'SUM', args: [num(1), num(0)] });
  });
});

describe('parseFormula references', () => {
  it.each([
    ['{{revenue}}', ref('revenue')],
    ['{{ revenue }}', ref('revenue')],
    ['{{revenue.x}}', ref('revenue')],
    ['{{revenue-1}}', ref('revenue', -1)],
    ['{{revenue+2}}', ref('revenue', 2)],
    ['{{revenue.x-1}}', ref('revenue', -1)],
    ['{{ revenue . x - 12 }}', ref('revenue', -12)],
    ['{{_tax_2}}', ref('_tax_2')],
    [`{{${UUID}}}`, ref(UUID)],
    [`{{${UUID}-1}}`, ref(UUID, -1)],
    [`{{${UUID}.x+3}}`, ref(UUID, 3)],
    [`{{${UUID.toUpperCase()}}}`, ref(UUID)],
    ['{{deadbeef-1}}', ref('deadbeef', -1)],
  ])('reads %s', (text, ast) => {
    expect(parseFormula(text)).toEqual(ast);
  });

  it('reads month ranges as arguments of aggregates, and {{key.ref}} as MONTH_VALUE’s first argument', () => {
    expect(parseFormula('SUM({{rev.x-3:x}})')).toEqual({
      kind: 'call',
      name: 'SUM',
      args: [{ kind: 'range', key: 'rev', from: -3, to: 0 }],
    });
    expect(parseFormula('{{MAX}}({{rev.x-3:x-1}}, {{ rev . x : x + 2 }}, {{rev:x}})')).toEqual({
      kind: 'call',
      name: 'MAX',
      args: [
        { kind: 'range', key: 'rev', from: -3, to: -1 },
        { kind: 'range', key: 'rev', from: 0, to: 2 },
        { kind: 'range', key: 'rev', from: 0, to: 0 },
      ],
    });
    expect(parseFormula(`AVERAGE({{${UUID}.x-2:x}})`)).toEqual({
      kind: 'call',
      name: 'AVERAGE',
      args: [{ kind: 'range', key: UUID, from: -2, to: 0 }],
    });
    expect(parseFormula('MONTH_VALUE({{rev.ref}}, "2027-01")')).toEqual({
      kind: 'call',
      name: 'MONTH_VALUE',
      args: [
        { kind: 'series', key: 'rev' },
        { kind: 'string', value: '2027-01' },
      ],
    });
  });

  it.each([
    [
      '{{rev.x-3:x}} + 1',
      'FormulaParseError PARSE 0: A month range can only be an argument of SUM, AVERAGE, MEDIAN, MIN, MAX, ADD or MUL (at 1)',
    ],
    [
      'SUM({{rev.x-3:x}} + 1)',
      'FormulaParseError PARSE 4: A month range can only be an argument of SUM, AVERAGE, MEDIAN, MIN, MAX, ADD or MUL (at 5)',
    ],
    [
      'ROUND({{rev.x-3:x}})',
      'FormulaParseError PARSE 6: A month range can only be an argument of SUM, AVERAGE, MEDIAN, MIN, MAX, ADD or MUL (at 7)',
    ],
    [
      '{{rev.ref}}',
      "FormulaParseError PARSE 0: A '.ref' reference can only be the first argument of MONTH_VALUE (at 1)",
    ],
    [
      'MONTH_VALUE(1, {{rev.ref}})',
      "FormulaParseError PARSE 15: A '.ref' reference can only be the first argument of MONTH_VALUE (at 16)",
    ],
    ['{{rev.x:x-1}}', 'FormulaParseError PARSE 0: A range cannot start after it ends: x:x-1 at 1'],
    ['{{rev.ref-1}}', "FormulaParseError PARSE 0: A '.ref' reference takes no month offset or range (at 1)"],
    ['{{rev.y}}', "FormulaTokenizeError TOKENIZE 5: Expected '.x' or '.ref' at 6"],
    ['{{rev-}}', 'FormulaTokenizeError TOKENIZE 6: Expected a number of months at 7'],
    ['{{rev-1.5}}', "FormulaTokenizeError TOKENIZE 7: Expected '}}' at 8"],
    ['{{rev', "FormulaTokenizeError TOKENIZE 5: Expected '}}' at 6"],
    ['{{}}', "FormulaTokenizeError TOKENIZE 2: Expected a variable name after '{{' at 3"],
    ['{{1abc}}', "FormulaTokenizeError TOKENIZE 2: Expected a variable name after '{{' at 3"],
    ['{{rev:y}}', "FormulaTokenizeError TOKENIZE 6: Expected 'x' after ':' at 7"],
    ['{{rev-1201}}', 'FormulaParseError PARSE 5: A month offset can be at most 1200 (at 6)'],
  ])('refuses %s', (text, message) => {
    expect(failure(text)).toBe(message);
  });
});

describe('parseFormula operators', () => {
  it('binds * and / tighter than + and -, all left-associative', () => {
    expect(printFormula(parseFormula('1+2*3'))).toBe('1 + 2 * 3');
    expect(parseFormula('8 - 2 - 1')).toEqual({
      kind: 'arithmetic',
      operator: '-',
      left: { kind: 'arithmetic', operator: '-', left: num(8), right: num(2) },
      right: num(1),
    });
    expect(parseFormula('8 / 2 * 4')).toEqual({
      kind: 'arithmetic',
      operator: '*',
      left: { kind: 'arithmetic', operator: '/', left: num(8), right: num(2) },
      right: num(4),
    });
  });

  it('binds unary minus tightest', () => {
    expect(parseFormula('-2 * 3')).toEqual({
      kind: 'arithmetic',
      operator: '*',
      left: { kind: 'negate', operand: num(2) },
      right: num(3),
    });
    expect(parseFormula('+-{{a}}')).toEqual({ kind: 'plus', operand: { kind: 'negate', operand: ref('a') } });
  });

  it('reads = and == alike, != and <> alike, and comparisons looser than arithmetic', () => {
    expect(parseFormula('{{a}} == 1')).toEqual(parseFormula('{{a}} = 1'));
    expect(parseFormula('{{a}} != 1')).toEqual(parseFormula('{{a}} <> 1'));
    expect(parseFormula('1 + 1 >= 2 * 1')).toEqual({
      kind: 'comparison',
      operator: '>=',
      left: { kind: 'arithmetic', operator: '+', left: num(1), right: num(1) },
      right: { kind: 'arithmetic', operator: '*', left: num(2), right: num(1) },
    });
  });

  it('does not chain comparisons', () => {
    expect(failure('0 < {{x}} < 10')).toBe(
      'FormulaParseError PARSE 10: Comparisons cannot be chained (at 11): use parentheses or IF',
    );
    expect(parseFormula('(0 < {{x}}) = ({{x}} < 10)').kind).toBe('comparison');
  });

  it('reads ? : loosest and right-associative', () => {
    expect(parseFormula('{{a}} > 1 ? 2 : {{b}} ? 3 : 4')).toEqual({
      kind: 'conditional',
      condition: { kind: 'comparison', operator: '>', left: ref('a'), right: num(1) },
      whenTrue: num(2),
      whenFalse: { kind: 'conditional', condition: ref('b'), whenTrue: num(3), whenFalse: num(4) },
    });
    expect(parseFormula('1 ? 2 ? 3 : 4 : 5')).toEqual({
      kind: 'conditional',
      condition: num(1),
      whenTrue: { kind: 'conditional', condition: num(2), whenTrue: num(3), whenFalse: num(4) },
      whenFalse: num(5),
    });
  });
});

describe('parseFormula calls', () => {
  it('takes {{NAME}}(…) and NAME(…) in any case, keeping the canonical name', () => {
    const expected: FormulaAst = { kind: 'call', name: 'ROUND', args: [num(1.5)] };
    expect(parseFormula('{{ROUND}}(1.5)')).toEqual(expected);
    expect(parseFormula('round(1.5)')).toEqual(expected);
    expect(parseFormula('{{ Round }} (1.5)')).toEqual(expected);
    expect(parseFormula('NOW()')).toEqual({ kind: 'call', name: 'NOW', args: [] });
  });

  it('reads IF as a form with an optional else', () => {
    expect(parseFormula('IF({{x}} = 0, 0, 1 / {{x}})')).toEqual({
      kind: 'if',
      condition: { kind: 'comparison', operator: '=', left: ref('x'), right: num(0) },
      whenTrue: num(0),
      whenFalse: { kind: 'arithmetic', operator: '/', left: num(1), right: ref('x') },
    });
    expect(parseFormula('{{if}}(TRUE, 1)')).toEqual({
      kind: 'if',
      condition: { kind: 'boolean', value: true },
      whenTrue: num(1),
      whenFalse: null,
    });
  });

  it('reads a variable named like a function as a reference when no ( follows', () => {
    expect(parseFormula('{{SUM}} + 1')).toEqual({
      kind: 'arithmetic',
      operator: '+',
      left: ref('SUM'),
      right: num(1),
    });
  });

  it('refuses unknown functions when parsing', () => {
    expect(failure('FOO(1)')).toBe('UnknownFunctionError UNKNOWN_FUNCTION 0: Unknown function FOO');
    expect(failure('1 + {{Foo}}(1)')).toBe('UnknownFunctionError UNKNOWN_FUNCTION 4: Unknown function FOO');
    expect(() => parseFormula('foo()')).toThrow(UnknownFunctionError);
    expect(() => parseFormula('ROUND(1, 2, 3)')).toThrow(FormulaFunctionError);
    expect(failure('1 + {{ROUND}}(1, 2, 3)')).toBe(
      'FormulaFunctionError FUNCTION_FAILED 4: ROUND takes 1 or 2 arguments',
    );
  });
});

describe('parseFormula errors', () => {
  it.each([
    ['', 'FormulaParseError PARSE 0: The formula is empty'],
    ['   ', 'FormulaParseError PARSE 0: The formula is empty'],
    ['ROUND(1.2345, 2', "FormulaParseError PARSE 15: Expected ')' at the end of the formula"],
    ['ROUND(1.2345 2)', "FormulaParseError PARSE 13: Expected ')' at 14"],
    ['(1 + 2', "FormulaParseError PARSE 6: Expected ')' at the end of the formula"],
    ['1 + 2)', "FormulaParseError PARSE 5: Unexpected ')' at 6"],
    ['1 +', 'FormulaParseError PARSE 3: The formula ends too early: a value is missing'],
    ['* 2', "FormulaParseError PARSE 0: Unexpected '*' at 1"],
    ['1 2', 'FormulaParseError PARSE 2: Unexpected number at 3'],
    ['{{a}} {{b}}', 'FormulaParseError PARSE 6: Unexpected reference at 7'],
    ['SUM(1,)', "FormulaParseError PARSE 6: Unexpected ')' at 7"],
    ['1 ? 2', "FormulaParseError PARSE 5: Expected ':' at the end of the formula"],
    [
      'revenue * 2',
      "FormulaParseError PARSE 0: Unknown name 'revenue' at 1: write a variable as {{revenue}}, text in double quotes",
    ],
    ['ROUND + 1', "FormulaParseError PARSE 5: Expected '(' after ROUND at 6"],
    ['1 ^ 2', "FormulaTokenizeError TOKENIZE 2: Unexpected character '^' at 3"],
    ['"open', `FormulaTokenizeError TOKENIZE 0: Missing closing '"' for the text at 1`],
    ['12abc', 'FormulaTokenizeError TOKENIZE 0: Malformed number at 1'],
    ['1.2.3', 'FormulaTokenizeError TOKENIZE 0: Malformed number at 1'],
    ['1e', 'FormulaTokenizeError TOKENIZE 0: Malformed number at 1'],
    ['1e999', 'FormulaTokenizeError TOKENIZE 0: Number too large at 1'],
    ['$5', "FormulaTokenizeError TOKENIZE 0: Unexpected character '$' at 1"],
  ])('refuses %j', (text, message) => {
    expect(failure(text)).toBe(message);
  });

  it(`refuses formulas over ${FORMULA_TEXT_MAX} characters`, () => {
    const long = `1${' + 1'.repeat(FORMULA_TEXT_MAX)}`;
    expect(failure(long)).toMatch(
      /^FormulaParseError PARSE 4000: The formula is too long: 16,001 characters, at most 4,000$/,
    );
    expect(() => parseFormula(`1${' + 1'.repeat(999)}`)).not.toThrow();
  });

  it(`refuses nesting deeper than ${FORMULA_DEPTH_MAX} levels, without overflowing the stack`, () => {
    expect(() => parseFormula(`${'('.repeat(99)}1${')'.repeat(99)}`)).not.toThrow();
    expect(failure(`${'('.repeat(101)}1${')'.repeat(101)}`)).toMatch(
      /^FormulaParseError PARSE \d+: The formula is nested too deeply \(more than 100 levels\)$/,
    );
    expect(() => parseFormula(`${'-'.repeat(3999)}1`)).toThrow(FormulaParseError);
    expect(() => parseFormula(`${'ABS('.repeat(500)}`)).toThrow(FormulaError);
    expect(() => parseFormula(`${'SUM('.repeat(900)}1${')'.repeat(900)}`)).toThrow(FormulaParseError);
    expect(() => parseFormula(`${'1?'.repeat(1500)}1`)).toThrow(FormulaParseError);
    expect(failure('"'.repeat(4000))).toBe('FormulaParseError PARSE 2: Unexpected text at 3');
  });

  it('keeps a long flat sum, which is not nested', () => {
    const sum = Array.from({ length: 300 }, (_, i) => `{{v${i}}}`).join(' + ');
    expect(referencedVariables(parseFormula(sum))).toHaveLength(300);
  });

  it('throws FormulaTokenizeError for characters it cannot read', () => {
    expect(() => parseFormula('1 & 2')).toThrow(FormulaTokenizeError);
  });
});

describe('referencedVariables', () => {
  it('lists each variable once with its month offsets and whether the whole series is read', () => {
    const ast = parseFormula(
      '{{rev-1}} * 1.02 + SUM({{cost.x-3:x}}) + IF({{flag}}, {{rev+2}}, MONTH_VALUE({{price.ref}}, NOW()) + {{price-1}})',
    );
    expect(referencedVariables(ast)).toEqual([
      { key: 'rev', minOffset: -1, maxOffset: 2, wholeSeries: false },
      { key: 'cost', minOffset: -3, maxOffset: 0, wholeSeries: false },
      { key: 'flag', minOffset: 0, maxOffset: 0, wholeSeries: false },
      { key: 'price', minOffset: -1, maxOffset: -1, wholeSeries: true },
    ]);
    expect(referencedVariables(parseFormula('MONTH_VALUE({{a.ref}}, 1)'))).toEqual([
      { key: 'a', minOffset: 0, maxOffset: 0, wholeSeries: true },
    ]);
    expect(referencedVariables(parseFormula('1 + 2'))).toEqual([]);
  });
});
