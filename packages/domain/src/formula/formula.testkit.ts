/**
 * Helpers for the formula tests (not used by production code): a formula evaluated in a small model,
 * and segments over the whole model range.
 */
import type { MonthKey } from '../months';
import type { ModelCell } from './formulaValue';
import { evaluateModel } from './model/createModelEvaluator';
import type { FormulaSegment } from './model/formulaSegments';
import type { ModelVariableSpec } from './model/modelTypes';

/** One segment from the model start to the model end. */
function wholeRange(formula: string): FormulaSegment[] {
  return [{ formula, startMonth: null, startType: 'auto', endMonth: null, endType: 'auto' }];
}

export function formulaVariable(id: string, formula: string): ModelVariableSpec {
  return { id, kind: 'formula', segments: wholeRange(formula) };
}

export function numberInput(id: string, value: number | string | null): ModelVariableSpec {
  return { id, kind: 'input', inputType: 'number', value };
}

export function listInput(id: string, monthValues: Record<MonthKey, number>): ModelVariableSpec {
  return { id, kind: 'input', inputType: 'list', monthValues };
}

type FormulaCellOptions = {
  /** The cell's month (default 2026-03). */
  month?: MonthKey;
  /** The model range (default: the cell's month alone). */
  startMonth?: MonthKey;
  endMonth?: MonthKey;
  /** The current month for NOW() (default 2026-03). */
  today?: MonthKey;
  variables?: ModelVariableSpec[];
};

/** The value of `formula` in one month of a model holding it (as variable `result`) and `variables`. */
export function evaluateFormulaCell(formula: string, options: FormulaCellOptions = {}): ModelCell {
  const month = options.month ?? '2026-03';
  const startMonth = options.startMonth ?? month;
  const evaluation = evaluateModel({
    startMonth,
    endMonth: options.endMonth ?? month,
    today: options.today ?? '2026-03',
    variables: [...(options.variables ?? []), formulaVariable('result', formula)],
  });
  const index = evaluation.months.indexOf(month);
  return evaluation.values.get('result')?.[index] ?? null;
}

/** The error of a failed cell as `code: message`, or the cell itself when it did not fail. */
export function describeCell(cell: ModelCell): ModelCell | string {
  return cell !== null && typeof cell === 'object' ? `${cell.error.code}: ${cell.error.message}` : cell;
}
