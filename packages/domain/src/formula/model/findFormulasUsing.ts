import { parseFormula } from '../language/parseFormula';
import { referencedVariables } from '../language/referencedVariables';

/** A variable as findFormulasUsing reads it: its id and its formula segments (none for an input). */
export type FormulaUser = { id: string; segments: readonly { formula: string }[] };

/**
 * The variables whose formulas read `variableId` (in any segment), in the order given, without itself:
 * the formulas that fail (#ERROR) when it is deleted, which a delete names before it is confirmed.
 * A segment that does not parse counts when its text names the variable (`{{id`).
 */
export function findFormulasUsing<T extends FormulaUser>(variables: readonly T[], variableId: string): T[] {
  return variables.filter(
    (variable) =>
      variable.id !== variableId &&
      variable.segments.some((segment) => formulaReads(segment.formula, variableId)),
  );
}

function formulaReads(formula: string, variableId: string): boolean {
  if (!formula.includes(variableId)) return false;
  try {
    return referencedVariables(parseFormula(formula)).some((reference) => reference.key === variableId);
  } catch {
    return formula.includes(`{{${variableId}`);
  }
}
