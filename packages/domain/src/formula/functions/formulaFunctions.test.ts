import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeCell, evaluateFormulaCell, listInput, numberInput } from '../formula.testkit';
import { parseFormula } from '../language/parseFormula';
import { describeArgumentCount, FORMULA_FUNCTIONS, findFormulaFunction } from './formulaFunctions';

/** The value of a formula in 2026-03 (today 2026-03), or its error as 'CODE: message'. */
const value = (formula: string) => describeCell(evaluateFormulaCell(formula));

/** A list input `l` over 2026-01 to 2026-06: 10, 20, blank (0), 40, 50, 60; formulas evaluated in `month`. */
const overList = (formula: string, month = '2026-04') =>
  describeCell(
    evaluateFormulaCell(formula, {
      month,
      startMonth: '2026-01',
      endMonth: '2026-06',
      variables: [
        listInput('l', { '2026-01': 10, '2026-02': 20, '2026-04': 40, '2026-05': 50, '2026-06': 60 }),
        {
          id: 'mixed',
          kind: 'formula',
          segments: [
            {
              formula: '"text"',
              startMonth: '2026-01',
              startType: 'month',
              endMonth: '2026-01',
              endType: 'month',
            },
            {
              formula: '5',
              startMonth: '2026-02',
              startType: 'month',
              endMonth: '2026-02',
              endType: 'month',
            },
            {
              formula: 'TRUE',
              startMonth: '2026-03',
              startType: 'month',
              endMonth: '2026-03',
              endType: 'month',
            },
            {
              formula: '7',
              startMonth: '2026-05',
              startType: 'month',
              endMonth: '2026-06',
              endType: 'month',
            },
          ],
        },
        {
          id: 'broken',
          kind: 'formula',
          segments: [
            { formula: '1/0', startMonth: null, startType: 'auto', endMonth: null, endType: 'auto' },
          ],
        },
      ],
    }),
  );

/** Parse-time failure of a call: 'CODE: message'. */
const parseProblem = (formula: string) => {
  try {
    parseFormula(formula);
    return 'parsed';
  } catch (error) {
    return error instanceof Error && 'code' in error ? `${String(error.code)}: ${error.message}` : 'threw';
  }
};

describe('FORMULA_FUNCTIONS', () => {
  it('describes the 24 functions of the spec, each once, with a signature and a sentence', () => {
    expect(FORMULA_FUNCTIONS.map((info) => info.name)).toEqual([
      'ADD',
      'SUB',
      'MUL',
      'DIV',
      'MOD',
      'POW',
      'EXP',
      'ROUND',
      'ROUND_UP',
      'ROUND_DOWN',
      'SUM',
      'AVERAGE',
      'MEDIAN',
      'MIN',
      'MAX',
      'QUARTERLY',
      'MONTH_NUMBER',
      'MONTH_VALUE',
      'DAYS_IN_MONTH',
      'WEEKDAYS_IN_MONTH',
      'MONTHS_FROM_TODAY',
      'NOW',
      'TO_UPPER',
      'THROW',
    ]);
    for (const info of FORMULA_FUNCTIONS) {
      expect(info.signature.startsWith(`${info.name}(`)).toBe(true);
      expect(info.description).toMatch(/^[A-Ze].*\.$/);
    }
    expect(findFormulaFunction('round_up')?.name).toBe('ROUND_UP');
    expect(findFormulaFunction('IF')).toBeUndefined();
  });

  it('is the table of the formula README', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const table = [
      '| function | description |',
      '|---|---|',
      ...FORMULA_FUNCTIONS.map((info) => `| \`${info.signature}\` | ${info.description} |`),
    ].join('\n');
    expect(readme).toContain(table);
  });

  it('words argument counts as a user reads them', () => {
    const count = (name: string) => describeArgumentCount(findFormulaFunction(name) ?? FORMULA_FUNCTIONS[0]!);
    expect(count('ROUND')).toBe('ROUND takes 1 or 2 arguments');
    expect(count('SUB')).toBe('SUB takes 2 arguments');
    expect(count('EXP')).toBe('EXP takes 1 argument');
    expect(count('NOW')).toBe('NOW takes no arguments');
    expect(count('SUM')).toBe('SUM takes at least 1 argument');
    expect(count('MONTH_NUMBER')).toBe('MONTH_NUMBER takes at most 1 argument');
    expect(count('MONTH_VALUE')).toBe('MONTH_VALUE takes at most 2 arguments');
  });

  it.each([
    ['ROUND()', 'FUNCTION_FAILED: ROUND takes 1 or 2 arguments'],
    [
      'x + {{ROUND}}(1, 2, 3)',
      "PARSE: Unknown name 'x' at 1: write a variable as {{x}}, text in double quotes",
    ],
    ['1 + {{ROUND}}(1, 2, 3)', 'FUNCTION_FAILED: ROUND takes 1 or 2 arguments'],
    ['SUB(1)', 'FUNCTION_FAILED: SUB takes 2 arguments'],
    ['NOW(1)', 'FUNCTION_FAILED: NOW takes no arguments'],
    ['SUM()', 'FUNCTION_FAILED: SUM takes at least 1 argument'],
    ['THROW()', 'FUNCTION_FAILED: THROW takes 1 argument'],
    [
      'MONTH_VALUE(1, 2)',
      'FUNCTION_FAILED: MONTH_VALUE with two arguments takes a variable written {{name.ref}} first',
    ],
    ['IF(TRUE)', 'FUNCTION_FAILED: IF takes 2 or 3 arguments'],
    ['IF(TRUE, 1, 2, 3)', 'FUNCTION_FAILED: IF takes 2 or 3 arguments'],
  ])('refuses %s when parsing: %s', (formula, problem) => {
    expect(parseProblem(formula)).toBe(problem);
  });
});

describe('arithmetic functions', () => {
  it.each([
    ['ADD(1, 2, 3)', 6],
    ['ADD(TRUE, 1)', 2],
    ['ADD("2", 1)', 3],
    ['ADD("a", 1)', 'FUNCTION_FAILED: ADD needs a number, not the text "a"'],
    ['SUB(5, 3)', 2],
    ['SUB(-1, 0.5)', -1.5],
    ['SUB("x", 1)', 'FUNCTION_FAILED: SUB needs a number, not the text "x"'],
    ['MUL(2, 3, 4)', 24],
    ['MUL(5)', 5],
    ['MUL(1e200, 1e200)', 'EVALUATION_FAILED: The result is too large to hold'],
    ['MUL("x", 2)', 'FUNCTION_FAILED: MUL needs a number, not the text "x"'],
    ['DIV(7, 2)', 3.5],
    ['DIV(-1, 4)', -0.25],
    ['DIV(1, 0)', 'FUNCTION_FAILED: DIV: division by zero'],
    ['DIV(TRUE, "x")', 'FUNCTION_FAILED: DIV needs a number, not the text "x"'],
    ['MOD(-3, 2)', 1],
    ['MOD(3, -2)', -1],
    ['MOD(7, 3)', 1],
    ['MOD(-7, -3)', -1],
    ['MOD(5.5, 2)', 1.5],
    ['MOD(-4, 2)', 0],
    ['MOD(1, 0)', 'FUNCTION_FAILED: MOD: division by zero'],
    ['MOD("7", 2)', 1],
    ['MOD("seven", 2)', 'FUNCTION_FAILED: MOD needs a number, not the text "seven"'],
    ['POW(2, 10)', 1024],
    ['POW(4, 0.5)', 2],
    ['POW(-8, 3)', -512],
    ['POW(2, -1)', 0.5],
    ['POW(0, 0)', 1],
    ['POW(-8, 1/3)', 'FUNCTION_FAILED: POW: a negative number to a fractional power has no real value'],
    ['POW(0, -1)', 'FUNCTION_FAILED: POW: division by zero (0 to a negative power)'],
    ['POW(10, 400)', 'FUNCTION_FAILED: POW: the result is too large'],
    ['POW(2, "x")', 'FUNCTION_FAILED: POW needs a number, not the text "x"'],
    ['EXP(0)', 1],
    ['EXP(1)', Math.E],
    ['EXP(-1)', 1 / Math.E],
    ['EXP(1000)', 'FUNCTION_FAILED: EXP: the result is too large'],
    ['EXP("e")', 'FUNCTION_FAILED: EXP needs a number, not the text "e"'],
  ])('%s = %s', (formula, expected) => {
    expect(value(formula)).toBe(expected);
  });
});

describe('rounding functions', () => {
  it.each([
    ['ROUND(2.675, 2)', 2.68],
    ['ROUND(1.005, 2)', 1.01],
    ['ROUND(0.285, 2)', 0.29],
    ['ROUND(1.45, 1)', 1.5],
    ['ROUND(2.5)', 3],
    ['ROUND(-2.5)', -3],
    ['ROUND(-2.4)', -2],
    ['ROUND(1234.5678, -2)', 1200],
    ['ROUND(1250, -2)', 1300],
    ['ROUND(5, -1)', 10],
    ['ROUND(4, -1)', 0],
    ['ROUND(0.4, -3)', 0],
    ['ROUND(1.55, 1.9)', 1.6],
    ['ROUND(123.456, 10)', 123.456],
    ['ROUND(-0.4)', 0],
    ['ROUND(0)', 0],
    ['ROUND(TRUE)', 1],
    ['ROUND("abc")', 'FUNCTION_FAILED: ROUND needs a number, not the text "abc"'],
    ['ROUND_UP(1.21, 1)', 1.3],
    ['ROUND_UP(-1.21, 1)', -1.3],
    ['ROUND_UP(3.2)', 4],
    ['ROUND_UP(2)', 2],
    ['ROUND_UP(0.1 + 0.2, 1)', 0.3],
    ['ROUND_UP(0.4, -3)', 1000],
    ['ROUND_UP(1234, -2)', 1300],
    ['ROUND_UP(1.5, "one")', 'FUNCTION_FAILED: ROUND_UP needs a number, not the text "one"'],
    ['ROUND_DOWN(1.29, 1)', 1.2],
    ['ROUND_DOWN(-1.29, 1)', -1.2],
    ['ROUND_DOWN(3.99)', 3],
    ['ROUND_DOWN(-3.99)', -3],
    ['ROUND_DOWN(1234.5, -2)', 1200],
    ['ROUND_DOWN(0.07 * 100)', 7],
    ['ROUND_DOWN("x")', 'FUNCTION_FAILED: ROUND_DOWN needs a number, not the text "x"'],
    ['ROUND(1, 1/0)', 'EVALUATION_FAILED: Division by zero'],
  ])('%s = %s', (formula, expected) => {
    expect(value(formula)).toBe(expected);
  });

  it('never gives negative zero', () => {
    expect(Object.is(evaluateFormulaCell('ROUND(-0.4)'), 0)).toBe(true);
    expect(Object.is(evaluateFormulaCell('ROUND_DOWN(-0.9)'), 0)).toBe(true);
  });
});

describe('aggregates', () => {
  it.each([
    ['SUM(1, 2, 3)', 6],
    ['SUM(1, "2", TRUE)', 4],
    ['SUM("two")', 'FUNCTION_FAILED: SUM needs a number, not the text "two"'],
    ['AVERAGE(1, 2, 3, 4)', 2.5],
    ['MEDIAN(1, 2, 3, 4)', 2.5],
    ['MEDIAN(3, 1, 2)', 2],
    ['MEDIAN(5)', 5],
    ['MIN(3, 1, 2)', 1],
    ['MIN(-1, -5)', -5],
    ['MAX(3, 1, 2)', 3],
    ['MAX(-1, -5)', -1],
    ['AVERAGE(1, "x")', 'FUNCTION_FAILED: AVERAGE needs a number, not the text "x"'],
    ['MEDIAN("x")', 'FUNCTION_FAILED: MEDIAN needs a number, not the text "x"'],
    ['MIN(THROW("stop"), 1)', 'FUNCTION_FAILED: stop'],
    ['MAX(1, "x")', 'FUNCTION_FAILED: MAX needs a number, not the text "x"'],
  ])('%s = %s', (formula, expected) => {
    expect(value(formula)).toBe(expected);
  });

  it.each([
    // In 2026-04: l is 10, 20, 0 (typed as blank), 40 from January.
    ['SUM({{l.x-3:x}})', 70],
    ['SUM({{l.x-3:x-1}}, 100)', 130],
    ['ADD({{l.x-1:x}}, {{l.x:x}})', 80],
    ['MUL({{l.x-3:x-2}})', 200],
    ['AVERAGE({{l.x-3:x}})', 17.5],
    ['MEDIAN({{l.x-3:x}})', 15],
    ['MIN({{l.x-3:x}})', 0],
    ['MAX({{l.x-3:x}})', 40],
    // Ranges stop at the model start (2026-01): only January and February here.
    ['SUM({{l.x-12:x-2}})', 30],
    ['AVERAGE({{l.x-12:x-2}})', 15],
    // Only numbers count in ranges: blank (April), text (January) and TRUE (March) are skipped.
    ['SUM({{mixed.x-3:x}})', 5],
    ['AVERAGE({{mixed.x-3:x+2}})', 19 / 3],
    ['SUM({{broken.x-1:x}})', 'EVALUATION_FAILED: Division by zero'],
    ['SUM({{nobody.x-1:x}})', 'UNKNOWN_VARIABLE: Unknown variable: a deleted variable'],
  ])('%s over a list input = %s', (formula, expected) => {
    expect(overList(formula)).toBe(expected);
  });

  it('gives 0 for MIN, MAX, ADD, SUM and MUL of no numbers, and fails AVERAGE and MEDIAN', () => {
    // In the first month, a range of earlier months is empty.
    const first = (formula: string) => overList(formula, '2026-01');
    expect(first('MIN({{l.x-3:x-1}})')).toBe(0);
    expect(first('MAX({{l.x-3:x-1}})')).toBe(0);
    expect(first('SUM({{l.x-3:x-1}})')).toBe(0);
    expect(first('ADD({{l.x-3:x-1}})')).toBe(0);
    expect(first('MUL({{l.x-3:x-1}})')).toBe(0);
    expect(first('AVERAGE({{l.x-3:x-1}})')).toBe('FUNCTION_FAILED: AVERAGE has no numbers to average');
    expect(first('MEDIAN({{l.x-3:x-1}})')).toBe('FUNCTION_FAILED: MEDIAN has no numbers');
    expect(overList('AVERAGE({{mixed.x-3:x}})', '2026-01')).toBe(
      'FUNCTION_FAILED: AVERAGE has no numbers to average',
    );
  });
});

describe('month functions', () => {
  const inMonth = (formula: string, month: string, extra: Parameters<typeof evaluateFormulaCell>[1] = {}) =>
    describeCell(evaluateFormulaCell(formula, { today: '2026-03', ...extra, month }));

  it('NOW is the serial of the current month, from the evaluation, not the clock', () => {
    expect(inMonth('NOW()', '2026-06')).toBe(2026 * 12 + 2);
    expect(inMonth('NOW()', '2026-06', { today: '2030-01' })).toBe(2030 * 12);
  });

  it('MONTH_VALUE gives month serials, and a variable in a given month with {{key.ref}}', () => {
    expect(inMonth('MONTH_VALUE()', '2026-03')).toBe(24314);
    expect(inMonth('MONTH_VALUE("2027-03")', '2026-03')).toBe(24326);
    expect(inMonth('MONTH_VALUE(24326.7)', '2026-03')).toBe(24326);
    expect(inMonth('MONTH_VALUE("2027-03") - MONTH_VALUE()', '2026-03')).toBe(12);
    expect(inMonth('MONTH_VALUE("March")', '2026-03')).toBe(
      'FUNCTION_FAILED: MONTH_VALUE needs a month such as "2027-03", not the text "March"',
    );
    expect(inMonth('MONTH_VALUE(TRUE)', '2026-03')).toBe(
      'FUNCTION_FAILED: MONTH_VALUE needs a month, not TRUE',
    );
    expect(inMonth('MONTH_VALUE(12)', '2026-03')).toBe(
      'FUNCTION_FAILED: MONTH_VALUE needs a month between 1900-01 and 2199-12',
    );
    const withList = {
      startMonth: '2026-01',
      endMonth: '2026-06',
      variables: [listInput('l', { '2026-01': 10, '2026-05': 50 })],
    };
    expect(inMonth('MONTH_VALUE({{l.ref}}, "2026-05")', '2026-02', withList)).toBe(50);
    expect(inMonth('MONTH_VALUE({{l.ref}}, MONTH_VALUE() - 1)', '2026-02', withList)).toBe(10);
    expect(inMonth('MONTH_VALUE({{l.ref}}, "2025-05")', '2026-02', withList)).toBe(0);
    expect(inMonth('MONTH_VALUE({{nobody.ref}}, "2026-05")', '2026-02', withList)).toBe(
      'UNKNOWN_VARIABLE: Unknown variable: a deleted variable',
    );
  });

  it('a month input evaluates to its serial', () => {
    const launch = { id: 'launch', kind: 'input' as const, inputType: 'month' as const, value: '2026-09' };
    expect(inMonth('{{launch}}', '2026-03', { variables: [launch] })).toBe(2026 * 12 + 8);
    expect(inMonth('MONTH_VALUE() >= {{launch}}', '2026-03', { variables: [launch] })).toBe(false);
    expect(inMonth('MONTH_NUMBER({{launch}})', '2026-03', { variables: [launch] })).toBe(9);
  });

  it.each([
    ['MONTH_NUMBER()', '2026-03', 3],
    ['MONTH_NUMBER()', '2026-12', 12],
    ['MONTH_NUMBER("2027-01")', '2026-03', 1],
    ['MONTH_NUMBER(NOW() + 10)', '2026-03', 1],
    [
      'MONTH_NUMBER("nope")',
      '2026-03',
      'FUNCTION_FAILED: MONTH_NUMBER needs a month such as "2027-03", not the text "nope"',
    ],
    ['DAYS_IN_MONTH()', '2026-04', 30],
    ['DAYS_IN_MONTH("2028-02")', '2026-03', 29],
    ['DAYS_IN_MONTH("2026-02")', '2026-03', 28],
    ['DAYS_IN_MONTH("2100-02")', '2026-03', 28],
    ['DAYS_IN_MONTH("2000-02")', '2026-03', 29],
    ['DAYS_IN_MONTH("2026-12")', '2026-03', 31],
    [
      'DAYS_IN_MONTH("soon")',
      '2026-03',
      'FUNCTION_FAILED: DAYS_IN_MONTH needs a month such as "2027-03", not the text "soon"',
    ],
    ['WEEKDAYS_IN_MONTH("2026-02")', '2026-03', 20],
    ['WEEKDAYS_IN_MONTH()', '2026-03', 22],
    ['WEEKDAYS_IN_MONTH("2026-05")', '2026-03', 21],
    ['WEEKDAYS_IN_MONTH("2024-02")', '2026-03', 21],
    [
      'WEEKDAYS_IN_MONTH(1)',
      '2026-03',
      'FUNCTION_FAILED: WEEKDAYS_IN_MONTH needs a month between 1900-01 and 2199-12',
    ],
    ['MONTHS_FROM_TODAY()', '2026-05', 2],
    ['MONTHS_FROM_TODAY()', '2026-03', 0],
    ['MONTHS_FROM_TODAY("2025-12")', '2026-05', -3],
    ['MONTHS_FROM_TODAY("2027-03")', '2026-05', 12],
    ['MONTHS_FROM_TODAY(FALSE)', '2026-05', 'FUNCTION_FAILED: MONTHS_FROM_TODAY needs a month, not FALSE'],
    ['NOW() + 1', '2026-05', 2026 * 12 + 3],
    ['QUARTERLY(100)', '2026-01', 100],
    ['QUARTERLY(100)', '2026-02', 0],
    ['QUARTERLY(100)', '2026-03', 0],
    ['QUARTERLY(100)', '2026-04', 100],
    ['QUARTERLY(100)', '2026-10', 100],
    ['QUARTERLY(100, "2026-02")', '2026-05', 100],
    ['QUARTERLY(100, "2026-02")', '2026-04', 0],
    ['QUARTERLY(100, "2026-02")', '2025-11', 100],
    ['QUARTERLY(100, MONTH_VALUE("2026-03"))', '2026-06', 100],
    ['QUARTERLY("a")', '2026-01', 'FUNCTION_FAILED: QUARTERLY needs a number, not the text "a"'],
    [
      'QUARTERLY(1, "soon")',
      '2026-01',
      'FUNCTION_FAILED: QUARTERLY needs a month such as "2027-03", not the text "soon"',
    ],
  ])('%s in %s = %s', (formula, month, expected) => {
    expect(inMonth(formula, month)).toBe(expected);
  });
});

describe('text functions', () => {
  it.each([
    ['TO_UPPER("abc")', 'ABC'],
    ['TO_UPPER("Straße")', 'STRASSE'],
    ['TO_UPPER(12.5)', '12.5'],
    ['TO_UPPER(TRUE)', 'TRUE'],
    ['THROW("Out of cash")', 'FUNCTION_FAILED: Out of cash'],
    ['THROW("")', 'FUNCTION_FAILED: THROW was called'],
    ['THROW(42)', 'FUNCTION_FAILED: 42'],
    ['IF(1 < 2, 7, THROW("never"))', 7],
  ])('%s = %s', (formula, expected) => {
    expect(value(formula)).toBe(expected);
  });

  it('fails a call when an argument failed, before the function runs', () => {
    expect(value('TO_UPPER(1/0)')).toBe('EVALUATION_FAILED: Division by zero');
    expect(value('ROUND(THROW("first"), THROW("second"))')).toBe('FUNCTION_FAILED: first');
  });
});

describe('operators', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3],
    ['12 / 4 / 3', 1],
    ['-2 * 3', -6],
    ['--2', 2],
    ['+"5"', '5'],
    ['TRUE + TRUE', 2],
    ['"2" * 3', 6],
    ['" 2.5 " + 1', 3.5],
    ['"abc" + 1', 'EVALUATION_FAILED: The text "abc" is not a number'],
    ['"" + 1', 'EVALUATION_FAILED: The text "" is not a number'],
    ['1 / 0', 'EVALUATION_FAILED: Division by zero'],
    ['0 / 0', 'EVALUATION_FAILED: Division by zero'],
    ['1e308 * 10', 'EVALUATION_FAILED: The result is too large to hold'],
    ['1e308 * 10 - 1e308 * 10', 'EVALUATION_FAILED: The result is too large to hold'],
    ['0.1 + 0.2', 0.30000000000000004],
    ['1 < 2', true],
    ['2 <= 2', true],
    ['3 >= 4', false],
    ['1 = 1', true],
    ['1 == 1', true],
    ['1 <> 2', true],
    ['1 != 1', false],
    ['"a" = "A"', true],
    ['"apple" < "Banana"', true],
    ['1 = "1"', false],
    ['"text" > 1000', true],
    ['TRUE > "text"', true],
    ['FALSE < TRUE', true],
    ['(1 < 2) = TRUE', true],
    ['IF(0 = 0, 0, 1 / 0)', 0],
    ['IF(FALSE, 1)', false],
    ['{{IF}}(1, "yes", "no")', 'yes'],
    ['if(0, "yes", "no")', 'no'],
    ['IF("true", 1, 2)', 1],
    ['IF("maybe", 1, 2)', 'EVALUATION_FAILED: A condition must be TRUE or FALSE, not the text "maybe"'],
    ['IF(1/0, 1, 2)', 'EVALUATION_FAILED: Division by zero'],
    ['1 > 0 ? "up" : THROW("down")', 'up'],
    ['0 ? 1 : 0 ? 2 : 3', 3],
    ['(1 / 0) + THROW("later")', 'EVALUATION_FAILED: Division by zero'],
  ])('%s = %s', (formula, expected) => {
    expect(value(formula)).toBe(expected);
  });

  it('propagates a referenced cell’s failure and reads booleans and text from cells', () => {
    const variables = [
      numberInput('bad', 'twelve'),
      {
        id: 'flag',
        kind: 'formula' as const,
        segments: [
          {
            formula: '2 > 1',
            startMonth: null,
            startType: 'auto' as const,
            endMonth: null,
            endType: 'auto' as const,
          },
        ],
      },
    ];
    expect(describeCell(evaluateFormulaCell('{{bad}} + 1', { variables }))).toBe(
      'EVALUATION_FAILED: The input "twelve" is not a number',
    );
    expect(describeCell(evaluateFormulaCell('{{flag}} * 10', { variables }))).toBe(10);
    expect(describeCell(evaluateFormulaCell('{{nobody}} * 10', { variables }))).toBe(
      'UNKNOWN_VARIABLE: Unknown variable: a deleted variable',
    );
  });
});
