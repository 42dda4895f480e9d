import { isMonthKey, type MonthKey } from '../../months';
import { FormulaError, FormulaEvaluationError, FormulaSegmentError } from '../formulaErrors';
import { type FormulaFailure, fail, quoteText, toNumber } from '../formulaValue';
import { parseFormula } from '../language/parseFormula';
import { type FormulaReference, referencedVariables } from '../language/referencedVariables';
import { monthSerial } from '../monthSerial';
import { compileFormula } from './compileFormula';
import { normalizeSegments } from './formulaSegments';
import {
  CELL_DONE,
  type CompiledFormula,
  type CompiledPiece,
  type ModelRuntime,
  type VariableCells,
} from './modelRuntime';
import type { ModelSpec, ModelVariableSpec } from './modelTypes';

/** What loading a variable found: the variables its formulas read, and its formula or input error. */
type LoadedVariable = { references: FormulaReference[]; problem: FormulaError | undefined };

/**
 * Puts a variable into its cells: an input's values for every model month (done at once), or a formula
 * variable's compiled formula for every month its segments cover (evaluated later). A formula that does
 * not parse, or segments that do not fit, fail the months concerned with that error; a segment whose
 * formula is empty (or only spaces) leaves its months blank, as nothing has been entered yet.
 */
export function loadVariableCells(
  cells: VariableCells,
  variable: ModelVariableSpec,
  model: ModelSpec,
  months: readonly MonthKey[],
  runtime: ModelRuntime,
): LoadedVariable {
  cells.linkFigures = null;
  cells.name = variable.name ?? null;
  if (variable.kind === 'formula') return loadFormulas(cells, variable, model, runtime);
  cells.kind = variable.inputType === 'link' ? 'link' : 'input';
  cells.pieces = [];
  cells.others = null;
  const problem = loadInput(cells, variable, months);
  cells.fillState(CELL_DONE);
  return { references: [], problem };
}

function loadInput(
  cells: VariableCells,
  variable: ModelVariableSpec,
  months: readonly MonthKey[],
): FormulaError | undefined {
  const inputType = variable.inputType ?? 'number';
  if (inputType === 'list' || inputType === 'link') {
    const figures = variable.monthValues ?? {};
    months.forEach((month, index) => {
      const figure = figures[month];
      cells.store(index, typeof figure === 'number' && Number.isFinite(figure) ? figure : 0);
    });
    if (inputType === 'link') {
      cells.linkFigures = new Map(
        Object.entries(figures).flatMap(([month, figure]) =>
          isMonthKey(month) && Number.isFinite(figure) ? [[monthSerial(month), figure]] : [],
        ),
      );
    }
    return undefined;
  }
  const value = inputValue(variable);
  for (let index = 0; index < months.length; index += 1) cells.store(index, value);
  return value !== null && typeof value === 'object' ? value.error : undefined;
}

/** The single value of a number, percent, currency or month input; null when none is set. */
function inputValue(variable: ModelVariableSpec): number | FormulaFailure | null {
  const { value } = variable;
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
    return null;
  if (variable.inputType === 'month') {
    if (typeof value === 'string' && isMonthKey(value.trim())) return monthSerial(value.trim());
    return fail(
      new FormulaEvaluationError(`The input ${quoteText(String(value))} is not a month such as "2027-03"`),
    );
  }
  const number = typeof value === 'number' ? value : toNumber(value);
  if (typeof number === 'number' && Number.isFinite(number)) return number;
  return fail(new FormulaEvaluationError(`The input ${quoteText(String(value))} is not a number`));
}

function loadFormulas(
  cells: VariableCells,
  variable: ModelVariableSpec,
  model: ModelSpec,
  runtime: ModelRuntime,
): LoadedVariable {
  cells.kind = 'formula';
  const pieces: CompiledPiece[] = [];
  cells.pieces = pieces;
  const normalized = normalizeSegments(variable.segments ?? [], model.startMonth, model.endMonth);
  if (!normalized.ok) {
    const error = new FormulaSegmentError(normalized.error);
    const failure = fail(error);
    if (runtime.monthCount > 0)
      pieces.push({ first: 0, last: runtime.monthCount - 1, formula: () => failure });
    return { references: [], problem: error };
  }
  const startSerial = runtime.startSerial;
  let problem: FormulaError | undefined;
  const references = new Map<string, FormulaReference>();
  for (const segment of normalized.segments) {
    const first = Math.max(0, monthSerial(segment.startMonth) - startSerial);
    const last = Math.min(runtime.monthCount - 1, monthSerial(segment.endMonth) - startSerial);
    if (first > last || segment.formula.trim() === '') continue;
    let compiled: CompiledFormula;
    try {
      const ast = parseFormula(segment.formula);
      for (const reference of referencedVariables(ast)) mergeReference(references, reference);
      compiled = compileFormula(ast, runtime);
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error;
      problem ??= error;
      const failure = fail(error);
      compiled = () => failure;
    }
    pieces.push({ first, last, formula: compiled });
  }
  return { references: [...references.values()], problem };
}

function mergeReference(references: Map<string, FormulaReference>, reference: FormulaReference): void {
  const known = references.get(reference.key);
  if (known === undefined) {
    references.set(reference.key, { ...reference });
    return;
  }
  known.minOffset = Math.min(known.minOffset, reference.minOffset);
  known.maxOffset = Math.max(known.maxOffset, reference.maxOffset);
  known.wholeSeries ||= reference.wholeSeries;
}
