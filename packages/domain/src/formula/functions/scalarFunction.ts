import { isMonthKey } from '../../months';
import { FormulaFunctionError } from '../formulaErrors';
import { type FormulaFailure, type FormulaValue, fail, quoteText, toNumber } from '../formulaValue';
import { MONTH_SERIAL_MAX, MONTH_SERIAL_MIN, type MonthSerial, monthSerial } from '../monthSerial';

/** The cell a function is evaluated for: its month and the model's current month, as month serials. */
export type FunctionContext = { month: MonthSerial; today: MonthSerial };

/**
 * A function that takes plain values: its arguments are evaluated first, left to right, and a failed
 * one fails the call before the function runs, so `args` holds no failure. The parser has checked the
 * number of arguments against FORMULA_FUNCTIONS. `args` is only valid during the call.
 */
export type ScalarFunction = (args: readonly FormulaValue[], context: FunctionContext) => FormulaValue;

export function functionFailure(message: string): FormulaFailure {
  return fail(new FormulaFunctionError(message));
}

/** Argument `index` as a number (TRUE 1, FALSE 0, numeric text); absent ones are `fallback`. */
export function numberArgument(
  args: readonly FormulaValue[],
  index: number,
  name: string,
  fallback = 0,
): number | FormulaFailure {
  const value = args[index];
  return value === undefined ? fallback : toNumber(value, name);
}

/**
 * Argument `index` as a month serial: a number (its whole part; month serials are whole) or text
 * 'YYYY-MM'; absent, the cell's month. Months outside 1900-01 to 2199-12 fail.
 */
export function monthArgument(
  args: readonly FormulaValue[],
  index: number,
  name: string,
  context: FunctionContext,
): number | FormulaFailure {
  const value = args[index];
  if (value === undefined) return context.month;
  let serial: number;
  if (typeof value === 'number') serial = Math.floor(value);
  else if (typeof value === 'string' && isMonthKey(value.trim())) serial = monthSerial(value.trim());
  else if (typeof value === 'string')
    return functionFailure(`${name} needs a month such as "2027-03", not the text ${quoteText(value)}`);
  else if (typeof value === 'boolean')
    return functionFailure(`${name} needs a month, not ${value ? 'TRUE' : 'FALSE'}`);
  else return value;
  if (serial < MONTH_SERIAL_MIN || serial > MONTH_SERIAL_MAX)
    return functionFailure(`${name} needs a month between 1900-01 and 2199-12`);
  return serial;
}
