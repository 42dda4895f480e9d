import type { MonthKey } from '../../months';
import type { FormulaError } from '../formulaErrors';
import type { ModelCell } from '../formulaValue';
import type { FormulaSegment } from './formulaSegments';

/** How an input variable's values are given (spec: model inputs). */
export type ModelInputType = 'number' | 'percent' | 'currency' | 'month' | 'list' | 'link';

/**
 * One variable of a model, as evaluation needs it. `id` is the key formulas reference it by.
 * - `input` of type number, percent or currency: `value` in every month (a percent already as a
 *   fraction: 5% is 0.05; numeric text is read as a number); null or absent: blank months.
 * - `input` of type month: `value` 'YYYY-MM' in every month, as a month serial (see monthSerial).
 * - `input` of type list: `monthValues` typed month by month; months without one are 0.
 * - `input` of type link: an account's report figures by month (`monthValues`), which a reference
 *   reads in any month, even before the model start or after its end; months without one are 0. Month
 *   ranges (`{{cash.x-3:x}}`) stop at the model start, as for every variable.
 * - `formula`: `segments`, each formula applying to its months; months no segment covers are blank.
 * An input without `inputType` is a number input.
 */
export type ModelVariableSpec = {
  id: string;
  /**
   * What error messages call the variable ("Circular reference: Revenue → Costs → Revenue"); without
   * one they use `id`, which for stored models is a UUID no person can read.
   */
  name?: string;
  kind: 'input' | 'formula';
  inputType?: ModelInputType;
  value?: number | string | null;
  monthValues?: Record<MonthKey, number>;
  segments?: FormulaSegment[];
};

/** A model to evaluate: its months (both included), the current month (for NOW) and its variables. */
export type ModelSpec = {
  startMonth: MonthKey;
  endMonth: MonthKey;
  /** The current month: what NOW() and MONTHS_FROM_TODAY count from. */
  today: MonthKey;
  variables: readonly ModelVariableSpec[];
};

/**
 * A model's values: `months` from start to end, each variable's cells by month (aligned with `months`),
 * and each variable's formula error (parse error or invalid segments; undefined when it has none). A
 * failed cell is `{ error }` and shows as FORMULA_ERROR_TEXT; one failed cell does not stop the others.
 */
export type ModelEvaluation = {
  months: MonthKey[];
  values: Map<string, ModelCell[]>;
  errors: Map<string, FormulaError | undefined>;
};

/** The result of one change to a model: the variables whose cells or errors changed, and the new values. */
export type ModelUpdate = { changed: string[]; evaluation: ModelEvaluation };

/**
 * Evaluates a model and keeps it evaluated through edits: an update re-evaluates only the variable and
 * the variables that read it, directly or not (and stops early where a value did not change).
 */
export type ModelEvaluator = {
  /** Evaluates every variable from scratch. */
  evaluate(): ModelEvaluation;
  /** Adds or replaces a variable (by id) and re-evaluates what depends on it. */
  updateVariable(variable: ModelVariableSpec): ModelUpdate;
  /** Removes a variable; formulas reading it now fail with "Unknown variable: a deleted variable". */
  removeVariable(id: string): ModelUpdate;
};
