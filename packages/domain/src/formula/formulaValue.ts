import {
  FORMULA_ERROR_TEXT,
  type FormulaError,
  FormulaEvaluationError,
  FormulaFunctionError,
} from './formulaErrors';

/** A failed value: the error says why. Any operation given a failure gives it back unchanged. */
export type FormulaFailure = { readonly error: FormulaError };

/**
 * What a formula computes. Numbers, text and booleans are plain JavaScript values, a failure is the one
 * kind of object, so `typeof value === 'number'` is the fast path and `typeof value === 'object'` finds
 * failures, without wrapping every value.
 */
export type FormulaValue = number | string | boolean | FormulaFailure;

/** One month of a variable: a value, or null for a blank month (no segment covers it, no input value). */
export type ModelCell = FormulaValue | null;

export function fail(error: FormulaError): FormulaFailure {
  return { error };
}

export function isFailure(value: ModelCell): value is FormulaFailure {
  return typeof value === 'object' && value !== null;
}

/** A failure for errors that carry no detail, made once (errors are values: never mutated). */
function sharedFailure(error: FormulaError): FormulaFailure {
  return Object.freeze({ error: Object.freeze(error) });
}

export const DIVISION_BY_ZERO = sharedFailure(new FormulaEvaluationError('Division by zero'));
const RESULT_TOO_LARGE = sharedFailure(new FormulaEvaluationError('The result is too large to hold'));
const RESULT_NOT_A_NUMBER = sharedFailure(new FormulaEvaluationError('The result is not a number'));

/** A computed number, or a failure when it is NaN or ±Infinity (never kept in a cell). */
export function checkFinite(value: number): number | FormulaFailure {
  if (value - value === 0) return value;
  return Number.isNaN(value) ? RESULT_NOT_A_NUMBER : RESULT_TOO_LARGE;
}

/** Text shortened for a message. */
export function quoteText(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

const NUMERIC_TEXT = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/**
 * A value as a number, as a spreadsheet reads it in arithmetic: TRUE is 1, FALSE is 0, text that is a
 * plain decimal number ("12.5") is that number, other text fails (naming `functionName` when a function
 * asked, the operator's failure otherwise).
 */
export function toNumber(value: FormulaValue, functionName?: string): number | FormulaFailure {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'object') return value;
  if (NUMERIC_TEXT.test(value)) return Number(value);
  return fail(
    functionName === undefined
      ? new FormulaEvaluationError(`The text ${quoteText(value)} is not a number`)
      : new FormulaFunctionError(`${functionName} needs a number, not the text ${quoteText(value)}`),
  );
}

/** A value as text: numbers as JavaScript writes them, TRUE and FALSE in capitals. */
export function toText(value: FormulaValue): string | FormulaFailure {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return String(value);
  return value;
}

/**
 * A value as IF and `?` read a condition: a boolean as it is, a number true unless 0, the text "TRUE"
 * or "FALSE" in any case; other text fails.
 */
export function toCondition(value: FormulaValue): boolean | FormulaFailure {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'object') return value;
  const upper = value.trim().toUpperCase();
  if (upper === 'TRUE' || upper === 'FALSE') return upper === 'TRUE';
  return fail(
    new FormulaEvaluationError(`A condition must be TRUE or FALSE, not the text ${quoteText(value)}`),
  );
}

/** Spreadsheet order of kinds: every number before every text, every text before FALSE, FALSE before TRUE. */
function kindRank(value: number | string | boolean): number {
  return typeof value === 'number' ? 0 : typeof value === 'string' ? 1 : 2;
}

/**
 * Orders two values as a spreadsheet does: numbers by value, text ignoring case (by character code of
 * the lower-cased text), FALSE before TRUE, and values of different kinds by kind (numbers < text <
 * booleans), so `1 = "1"` is FALSE. Returns -1, 0 or 1.
 */
export function compareValues(left: number | string | boolean, right: number | string | boolean): number {
  if (typeof left !== typeof right) return kindRank(left) < kindRank(right) ? -1 : 1;
  const a = typeof left === 'string' ? left.toLowerCase() : left;
  const b = typeof right === 'string' ? right.toLowerCase() : right;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** How a cell reads on screen before number formatting: '' for blank, '#ERROR' for a failure. */
export function formatModelCell(cell: ModelCell): string {
  if (cell === null) return '';
  if (typeof cell === 'object') return FORMULA_ERROR_TEXT;
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return String(cell);
}

/**
 * A model value in units as cents, rounded half away from zero (a value that is a hair under a half
 * cent because of binary floating point, such as 1.005, counts as the decimal it stands for): what an
 * output writes into the report, and what the data grid shows for it.
 */
export function modelValueToCents(value: number): number {
  const cents = Number((Math.abs(value) * 100).toPrecision(15));
  return Math.sign(value) * Math.round(cents) + 0;
}
