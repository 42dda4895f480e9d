import { FORMULA_FUNCTIONS } from '@keel/domain';

/** A function as the formula editor offers it. */
export type FormulaFunctionOption = { name: string; signature: string; description: string };

/**
 * IF is part of the grammar (it is lazy), not of FORMULA_FUNCTIONS, but users write it as a function,
 * so the editor offers it first, then the 24 functions in the spec's order.
 */
export const FORMULA_EDITOR_FUNCTIONS: readonly FormulaFunctionOption[] = [
  {
    name: 'IF',
    signature: 'IF(condition, then, else?)',
    description: 'The then value when the condition holds, else the else value (FALSE when left out).',
  },
  ...FORMULA_FUNCTIONS.map(({ name, signature, description }) => ({ name, signature, description })),
];

/** The function names a braced reference may hold, `{{ROUND}}`, in upper case. */
export const FORMULA_EDITOR_FUNCTION_NAMES: ReadonlySet<string> = new Set(
  FORMULA_EDITOR_FUNCTIONS.map((option) => option.name),
);
