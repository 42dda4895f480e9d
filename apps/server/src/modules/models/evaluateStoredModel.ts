import {
  evaluateModel,
  type FormulaErrorCode,
  isFailure,
  type ModelCell,
  type ModelVariableSpec,
  UnknownVariableError,
} from '@keel/domain';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { entityToday } from '../entities/timeZone';
import { loadLinkedFigures } from './loadLinkedFigures';
import { listVariables, type ModelRow, type VariableRow } from './modelRows';

/** One month of a variable as the data grid shows it. */
export type ModelCellView = {
  month: string;
  /** The number, when the cell holds one (a month value is its serial, see the formula README). */
  value: number | null;
  /** A text or TRUE/FALSE result; null for numbers and blanks. */
  text: string | null;
  /** Why the cell shows #ERROR; null when it evaluated. */
  error: string | null;
  /** The kind of failure (FormulaErrorCode); null when it evaluated. */
  errorCode: FormulaErrorCode | null;
  /** For a formula naming a variable the model no longer has: that variable's id (its key). */
  missingVariableId: string | null;
};

export type StoredModelEvaluation = {
  months: string[];
  variables: VariableRow[];
  cells: Map<string, ModelCellView[]>;
  /** A variable's formula problem (it does not parse, names an unknown function); its cells show #ERROR. */
  problems: Map<string, string>;
  /** The names of variables deleted from the model, by id (what a failure naming one calls it). */
  deletedNames: Readonly<Record<string, string>>;
};

/**
 * Evaluates a model as stored: its variables, link inputs reading their accounts' report figures
 * (actuals through the current month, forecasts after), formulas over the model's months.
 */
export async function evaluateStoredModel(
  db: Db | Tx,
  clock: Clock,
  model: ModelRow,
  variables?: VariableRow[],
): Promise<StoredModelEvaluation> {
  const rows = variables ?? (await listVariables(db, model.id));
  const today = (await entityToday(db, clock, model.entityId)).month;
  const linkedIds = rows.flatMap((row) =>
    row.inputType === 'link' && row.data.accountId ? [row.data.accountId] : [],
  );
  const linked = await loadLinkedFigures(db, model.entityId, linkedIds, today);
  // Named, so a circular reference reads 'Revenue → Costs → Revenue', not ids.
  const specs = rows.map((row) => ({ ...variableSpec(row, linked), name: row.name }));
  const result = evaluateModel({
    startMonth: model.startMonth,
    endMonth: model.endMonth,
    today,
    variables: specs,
  });
  const cells = new Map<string, ModelCellView[]>();
  const problems = new Map<string, string>();
  const deletedNames = model.deletedVariableNames ?? {};
  for (const row of rows) {
    const values = result.values.get(row.id) ?? [];
    cells.set(
      row.id,
      result.months.map((month, index) => toCellView(month, values[index], deletedNames)),
    );
    const problem = result.errors.get(row.id);
    if (problem) problems.set(row.id, problem.message);
  }
  return { months: result.months, variables: rows, cells, problems, deletedNames };
}

/** A stored variable as the evaluator takes it. */
function variableSpec(row: VariableRow, linked: Map<string, Record<string, number>>): ModelVariableSpec {
  if (row.group === 'formulas') return { id: row.id, kind: 'formula', segments: row.segments };
  switch (row.inputType) {
    case 'list':
      return { id: row.id, kind: 'input', inputType: 'list', monthValues: row.data.amounts ?? {} };
    case 'link':
      return {
        id: row.id,
        kind: 'input',
        inputType: 'link',
        monthValues: (row.data.accountId && linked.get(row.data.accountId)) || {},
      };
    case 'month':
      return { id: row.id, kind: 'input', inputType: 'month', value: row.data.value ?? null };
    case 'number':
    case 'percent':
    case 'currency':
      return { id: row.id, kind: 'input', inputType: row.inputType, value: row.data.value ?? null };
    default:
      return { id: row.id, kind: 'input', inputType: 'number', value: null };
  }
}

function toCellView(
  month: string,
  cell: ModelCell | undefined,
  deletedNames: Readonly<Record<string, string>>,
): ModelCellView {
  const plain = { month, value: null, text: null, error: null, errorCode: null, missingVariableId: null };
  if (cell == null) return plain;
  if (isFailure(cell)) {
    const { error } = cell;
    const missingVariableId = error instanceof UnknownVariableError ? error.key : null;
    // A variable deleted from this model is called by the name it had, never by its id.
    const deletedName = missingVariableId === null ? undefined : deletedNames[missingVariableId];
    const message =
      deletedName === undefined ? error.message : `Unknown variable: the deleted variable '${deletedName}'`;
    return { ...plain, error: message, errorCode: error.code, missingVariableId };
  }
  if (typeof cell === 'number') return { ...plain, value: cell };
  if (typeof cell === 'boolean') return { ...plain, text: cell ? 'TRUE' : 'FALSE' };
  return { ...plain, text: cell };
}
