/**
 * What can go wrong with a model formula, one class per kind, each with a stable `code` the web app can
 * branch on and a plain-English message for a finance user.
 *
 * `position` is the 0-based index in the formula text where the problem starts (null when the problem
 * is not at one place, e.g. a division by zero found while evaluating); messages count characters from
 * 1, as a user does ("Expected ')' at 14" is the 14th character).
 */
export type FormulaErrorCode =
  | 'TOKENIZE'
  | 'PARSE'
  | 'UNKNOWN_FUNCTION'
  | 'FUNCTION_FAILED'
  | 'CIRCULAR_REFERENCE'
  | 'EVALUATION_FAILED'
  | 'UNKNOWN_VARIABLE'
  | 'INVALID_SEGMENT';

/** What a failed cell shows instead of a value. */
export const FORMULA_ERROR_TEXT = '#ERROR';

export abstract class FormulaError extends Error {
  abstract readonly code: FormulaErrorCode;
  readonly position: number | null;

  constructor(message: string, position: number | null = null) {
    super(message);
    this.position = position;
  }
}

/** A character the formula language has no use for, an unclosed text or reference, a malformed number. */
export class FormulaTokenizeError extends FormulaError {
  override name = 'FormulaTokenizeError';
  readonly code = 'TOKENIZE';
}

/** Well-formed pieces in an order the grammar does not allow (or a formula too long or too deep). */
export class FormulaParseError extends FormulaError {
  override name = 'FormulaParseError';
  readonly code = 'PARSE';
}

/** A call to a function Keel does not have. */
export class UnknownFunctionError extends FormulaError {
  override name = 'UnknownFunctionError';
  readonly code = 'UNKNOWN_FUNCTION';
  readonly functionName: string;

  constructor(functionName: string, position: number | null = null) {
    super(`Unknown function ${functionName}`, position);
    this.functionName = functionName;
  }
}

/** A function given the wrong number or kind of arguments, or failing on them (THROW always does). */
export class FormulaFunctionError extends FormulaError {
  override name = 'FormulaFunctionError';
  readonly code = 'FUNCTION_FAILED';
}

/** A cell whose value depends on itself; every cell of the loop carries the same error. */
export class CircularReferenceError extends FormulaError {
  override name = 'CircularReferenceError';
  readonly code = 'CIRCULAR_REFERENCE';
  /** The keys of the loop's variables, in the order one reads the next. */
  readonly variables: readonly string[];

  /**
   * `names`: what the message calls each variable of `variables` (a person reads names, not the ids
   * formulas store); a variable without one is called by its key. The first is repeated at the end.
   */
  constructor(variables: readonly string[], names: readonly (string | null)[] = []) {
    const called = variables.map((key, index) => names[index] ?? key);
    super(`Circular reference: ${[...called, called[0] ?? ''].join(' → ')}`);
    this.variables = variables;
  }
}

/** An operator that has no answer: division by zero, text in arithmetic, a result too large to hold. */
export class FormulaEvaluationError extends FormulaError {
  override name = 'FormulaEvaluationError';
  readonly code = 'EVALUATION_FAILED';
}

/**
 * A reference to a variable the model does not have. Formulas are written by picking variables, so such a
 * key is one deleted since: the message says so rather than showing the key (an id a person cannot
 * read), which stays in `key` for code.
 */
export class UnknownVariableError extends FormulaError {
  override name = 'UnknownVariableError';
  readonly code = 'UNKNOWN_VARIABLE';
  readonly key: string;

  constructor(key: string) {
    super('Unknown variable: a deleted variable');
    this.key = key;
  }
}

/** A formula variable's segments that do not fit together or in the model range. */
export class FormulaSegmentError extends FormulaError {
  override name = 'FormulaSegmentError';
  readonly code = 'INVALID_SEGMENT';
}
