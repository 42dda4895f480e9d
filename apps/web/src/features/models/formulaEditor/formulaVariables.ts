import { StateEffect, StateField } from '@codemirror/state';

/** A variable of the model as the formula editor offers it: completion label and tag name. */
export type FormulaVariableOption = { id: string; name: string; group: 'inputs' | 'formulas' };

type FormulaVariableIndex = {
  list: readonly FormulaVariableOption[];
  /** By id in lower case, as the formula language reads UUIDs. */
  byId: ReadonlyMap<string, FormulaVariableOption>;
};

export function indexFormulaVariables(list: readonly FormulaVariableOption[]): FormulaVariableIndex {
  return { list, byId: new Map(list.map((variable) => [variable.id.toLowerCase(), variable])) };
}

/** Whether two lists name the same variables the same way, in the same order. */
export function sameFormulaVariables(
  a: readonly FormulaVariableOption[],
  b: readonly FormulaVariableOption[],
): boolean {
  return (
    a.length === b.length &&
    a.every((variable, i) => {
      const other = b[i];
      return (
        other !== undefined &&
        other.id === variable.id &&
        other.name === variable.name &&
        other.group === variable.group
      );
    })
  );
}

/** Replaces the editor's variables; tags and completion follow without recreating the view. */
export const setFormulaVariables = StateEffect.define<readonly FormulaVariableOption[]>();

/** The model's variables inside the editor state, read by the completion source and the tags. */
export const formulaVariablesField = StateField.define<FormulaVariableIndex>({
  create: () => indexFormulaVariables([]),
  update: (index, transaction) => {
    let next = index;
    for (const effect of transaction.effects)
      if (effect.is(setFormulaVariables)) next = indexFormulaVariables(effect.value);
    return next;
  },
});
