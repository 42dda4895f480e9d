import type { FormulaFunctionName } from '../functions/formulaFunctions';

/** The arithmetic operators, all left-associative: `+ -` bind looser than `* /`. */
export type FormulaArithmeticOperator = '+' | '-' | '*' | '/';

/**
 * The comparison operators, in their canonical spelling: `==` is read as `=` and `!=` as `<>`.
 * Comparisons do not chain (`a < b < c` is a parse error), as a finance user writing `0 < x < 10` means
 * something the spreadsheet reading (`(0 < x) < 10`) does not do.
 */
export type FormulaComparisonOperator = '<' | '>' | '<=' | '>=' | '=' | '<>';

/**
 * A parsed formula. Positions are not kept, so two texts that differ only in spacing, `==` for `=` or
 * `NAME(` for `{{NAME}}(` give equal trees. A `number` is never negative (`-5` is a negation of 5).
 */
export type FormulaAst =
  | { kind: 'number'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'boolean'; value: boolean }
  /** `{{key}}`, `{{key.x}}`: the variable's value in the cell's month plus `offset` (`{{key-1}}`: -1). */
  | { kind: 'reference'; key: string; offset: number }
  /** `{{key.x-3:x}}`: the variable's values from `from` to `to` months away; only an aggregate's argument. */
  | { kind: 'range'; key: string; from: number; to: number }
  /** `{{key.ref}}`: the variable itself, every month of it; only MONTH_VALUE's first argument. */
  | { kind: 'series'; key: string }
  | { kind: 'negate' | 'plus'; operand: FormulaAst }
  | { kind: 'arithmetic'; operator: FormulaArithmeticOperator; left: FormulaAst; right: FormulaAst }
  | { kind: 'comparison'; operator: FormulaComparisonOperator; left: FormulaAst; right: FormulaAst }
  /** `condition ? whenTrue : whenFalse` (the names avoid `then`, which makes an object look like a promise). */
  | { kind: 'conditional'; condition: FormulaAst; whenTrue: FormulaAst; whenFalse: FormulaAst }
  /** `IF(condition, whenTrue, whenFalse?)`: without `whenFalse` (null) a false condition gives FALSE. */
  | { kind: 'if'; condition: FormulaAst; whenTrue: FormulaAst; whenFalse: FormulaAst | null }
  | { kind: 'call'; name: FormulaFunctionName; args: FormulaAst[] };
