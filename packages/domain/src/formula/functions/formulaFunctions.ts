/**
 * The 24 functions of Keel's model formulas (product spec), described once: the parser checks argument
 * counts against this table, the web editor's completion and the README table are generated from it.
 * `IF(condition, then, otherwise?)` is not among them: it is part of the grammar (only the branch taken is
 * evaluated), see parseFormula.
 */
export const FORMULA_FUNCTION_NAMES = [
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
] as const;
export type FormulaFunctionName = (typeof FORMULA_FUNCTION_NAMES)[number];

export type FormulaFunctionInfo = {
  name: FormulaFunctionName;
  /** How a user writes a call: `ROUND(number, digits?)`; `?` marks an optional argument. */
  signature: string;
  /** One sentence for the editor's completion list. */
  description: string;
  minArgs: number;
  /** Number.POSITIVE_INFINITY: any number of arguments from minArgs. */
  maxArgs: number;
  /** Takes month ranges such as `{{revenue.x-3:x}}` among its arguments (the aggregates). */
  takesRanges: boolean;
};

const ANY = Number.POSITIVE_INFINITY;

function info(
  name: FormulaFunctionName,
  signature: string,
  minArgs: number,
  maxArgs: number,
  description: string,
  takesRanges = false,
): FormulaFunctionInfo {
  return { name, signature, description, minArgs, maxArgs, takesRanges };
}

/** The metadata of every function, in the spec's order. */
export const FORMULA_FUNCTIONS: readonly FormulaFunctionInfo[] = [
  info('ADD', 'ADD(number, number, ...)', 1, ANY, 'The sum of its numbers and month ranges.', true),
  info('SUB', 'SUB(number, number)', 2, 2, 'The first number minus the second.'),
  info('MUL', 'MUL(number, number, ...)', 1, ANY, 'The product of its numbers and month ranges.', true),
  info('DIV', 'DIV(number, divisor)', 2, 2, 'The first number divided by the second; fails on zero.'),
  info('MOD', 'MOD(number, divisor)', 2, 2, 'The remainder of a division, with the sign of the divisor.'),
  info('POW', 'POW(base, exponent)', 2, 2, 'The base raised to the power of the exponent.'),
  info('EXP', 'EXP(number)', 1, 1, 'e raised to the power of the number.'),
  info(
    'ROUND',
    'ROUND(number, digits?)',
    1,
    2,
    'The number rounded to digits decimals, halves away from zero.',
  ),
  info(
    'ROUND_UP',
    'ROUND_UP(number, digits?)',
    1,
    2,
    'The number rounded away from zero to digits decimals.',
  ),
  info(
    'ROUND_DOWN',
    'ROUND_DOWN(number, digits?)',
    1,
    2,
    'The number rounded toward zero to digits decimals.',
  ),
  info('SUM', 'SUM(value, ...)', 1, ANY, 'The sum of its numbers and month ranges.', true),
  info('AVERAGE', 'AVERAGE(value, ...)', 1, ANY, 'The mean of its numbers and month ranges.', true),
  info('MEDIAN', 'MEDIAN(value, ...)', 1, ANY, 'The middle value of its numbers and month ranges.', true),
  info('MIN', 'MIN(value, ...)', 1, ANY, 'The smallest of its numbers and month ranges (0 if none).', true),
  info('MAX', 'MAX(value, ...)', 1, ANY, 'The largest of its numbers and month ranges (0 if none).', true),
  info(
    'QUARTERLY',
    'QUARTERLY(value, anchor?)',
    1,
    2,
    'The value in the first month of each quarter, 0 in others.',
  ),
  info('MONTH_NUMBER', 'MONTH_NUMBER(month?)', 0, 1, 'The month of the year, 1 to 12 (default: this month).'),
  info(
    'MONTH_VALUE',
    'MONTH_VALUE(month?) or MONTH_VALUE({{variable.ref}}, month)',
    0,
    2,
    "A month's number (default: this month), or a variable's value in a given month.",
  ),
  info('DAYS_IN_MONTH', 'DAYS_IN_MONTH(month?)', 0, 1, 'The number of days in the month, 28 to 31.'),
  info(
    'WEEKDAYS_IN_MONTH',
    'WEEKDAYS_IN_MONTH(month?)',
    0,
    1,
    'The number of Mondays to Fridays in the month.',
  ),
  info(
    'MONTHS_FROM_TODAY',
    'MONTHS_FROM_TODAY(month?)',
    0,
    1,
    'Months from the current month (negative before).',
  ),
  info('NOW', 'NOW()', 0, 0, 'The current month.'),
  info('TO_UPPER', 'TO_UPPER(text)', 1, 1, 'The text in capital letters.'),
  info('THROW', 'THROW(message)', 1, 1, 'Fails the cell with the message.'),
];

const BY_NAME = new Map<string, FormulaFunctionInfo>(FORMULA_FUNCTIONS.map((info) => [info.name, info]));

/** The function of a name in any case (`sum`, `Sum`), or undefined when Keel has none. */
export function findFormulaFunction(name: string): FormulaFunctionInfo | undefined {
  return BY_NAME.get(name.toUpperCase());
}

/** "ROUND takes 1 or 2 arguments", for a call with a wrong number of them. */
export function describeArgumentCount(info: FormulaFunctionInfo): string {
  const { name, minArgs, maxArgs } = info;
  const plural = (count: number) => `${count} argument${count === 1 ? '' : 's'}`;
  if (maxArgs === ANY) return `${name} takes at least ${plural(minArgs)}`;
  if (maxArgs === 0) return `${name} takes no arguments`;
  if (minArgs === maxArgs) return `${name} takes ${plural(minArgs)}`;
  if (minArgs === 0) return `${name} takes at most ${plural(maxArgs)}`;
  if (maxArgs === minArgs + 1) return `${name} takes ${minArgs} or ${plural(maxArgs)}`;
  return `${name} takes ${minArgs} to ${plural(maxArgs)}`;
}
