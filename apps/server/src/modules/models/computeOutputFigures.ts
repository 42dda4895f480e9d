import { modelValueToCents, type OutputFigures } from '@keel/domain';
import type { StoredModelEvaluation } from './evaluateStoredModel';
import type { OutputRow } from './modelRows';

/**
 * What each output writes into the report, in cents by month, as the model row shows it (before an
 * income account's sign): every month whose cell holds a finite number that is not zero cents; a blank,
 * text or #ERROR cell writes nothing. refreshModelOutputs writes these; the large-change check
 * compares them.
 */
export function computeOutputFigures(evaluation: StoredModelEvaluation, outputs: OutputRow[]): OutputFigures {
  const figures = new Map<string, Map<string, number>>();
  for (const output of outputs) {
    const months = new Map<string, number>();
    for (const cell of evaluation.cells.get(output.variableId) ?? []) {
      if (cell.value === null || cell.error !== null || !Number.isFinite(cell.value)) continue;
      const cents = modelValueToCents(cell.value);
      if (cents !== 0) months.set(cell.month, cents);
    }
    figures.set(output.id, months);
  }
  return figures;
}
