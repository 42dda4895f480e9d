import {
  autocompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
  closeCompletion,
  startCompletion,
} from '@codemirror/autocomplete';
import type { Extension } from '@codemirror/state';
import { type EditorView, keymap } from '@codemirror/view';
import {
  buildFormulaCompletionEdit,
  type FormulaCompletionSpot,
  type FormulaCompletionTarget,
  findFormulaCompletionSpot,
} from './formulaCompletionSpot';
import { FORMULA_EDITOR_FUNCTIONS, type FormulaFunctionOption } from './formulaFunctionOptions';
import { formulaVariablesField } from './formulaVariables';
import { type RankedFormulaCompletion, rankFormulaCompletions } from './rankFormulaCompletions';

/** The only option of a list opened on purpose (Ctrl+Space, `{{`) when nothing matches. */
export const NO_MATCHES_LABEL = 'No matches';

const noMatches: Completion = {
  label: NO_MATCHES_LABEL,
  apply: (view) => {
    closeCompletion(view);
  },
};

function applyTarget(spot: FormulaCompletionSpot, target: FormulaCompletionTarget): Completion['apply'] {
  return (view: EditorView, _completion: Completion, from: number, to: number) => {
    const edit = buildFormulaCompletionEdit(view.state.doc.toString(), { kind: spot.kind, from }, to, target);
    view.dispatch({
      changes: { from: edit.from, to: edit.to, insert: edit.insert },
      selection: { anchor: edit.cursor },
      scrollIntoView: true,
      userEvent: 'input.complete',
    });
  };
}

/** The arguments of a function's first signature, shown beside its name: `(number, digits?)`. */
function signatureArguments(option: FormulaFunctionOption): string {
  const first = option.signature.split(' or ')[0] ?? option.signature;
  return first.startsWith(option.name) ? first.slice(option.name.length) : first;
}

/** The panel beside a selected function: every way to call it, then what it does. */
function functionInfo(option: FormulaFunctionOption): () => Node {
  return () => {
    const info = document.createElement('div');
    const signature = document.createElement('div');
    signature.className = 'formula-completion-signature';
    signature.textContent = option.signature;
    const description = document.createElement('div');
    description.textContent = option.description;
    info.append(signature, description);
    return info;
  };
}

function toCompletion(
  spot: FormulaCompletionSpot,
  ranked: RankedFormulaCompletion,
  suffix?: string,
): Completion {
  if (ranked.kind === 'variable') {
    const { variable } = ranked;
    return {
      label: variable.name,
      detail: `${variable.group === 'inputs' ? 'Input' : 'Formula'}${suffix ? ` [${suffix}]` : ''}`,
      type: 'variable',
      apply: applyTarget(spot, { kind: 'variable', id: variable.id, ...(suffix ? { suffix } : {}) }),
    };
  }
  const { option } = ranked;
  return {
    label: option.name,
    detail: signatureArguments(option),
    info: functionInfo(option),
    type: 'function',
    apply: applyTarget(spot, { kind: 'function', name: option.name }),
  };
}

/**
 * The formula editor's completion source: the model's variables (from formulaVariablesField) and the
 * functions, after `{{`, over a word of two letters or more, or anywhere on Ctrl/Cmd+Space. Filtering is
 * done here (`filter: false`) so a list opened on purpose can read 'No matches' instead of closing.
 */
export function formulaCompletionSource(context: CompletionContext): CompletionResult | null {
  const text = context.state.doc.toString();
  const spot = findFormulaCompletionSpot(text, context.pos, context.explicit);
  if (spot === null) return null;
  const variables = context.state.field(formulaVariablesField, false)?.list ?? [];
  let ranked = rankFormulaCompletions(spot.query, variables, FORMULA_EDITOR_FUNCTIONS);
  // `{{Revenue-1`: no name holds the offset, so match the name before it and keep the offset.
  const suffix = ranked.length === 0 && spot.reference ? spot.reference.suffix : undefined;
  if (suffix && spot.reference) ranked = rankFormulaCompletions(spot.reference.name, variables, []);
  if (ranked.length === 0) {
    if (spot.kind === 'word' && !context.explicit) return null;
    return { from: spot.from, to: context.pos, options: [noMatches], filter: false };
  }
  const matches = new Map<Completion, readonly number[]>();
  const options = ranked.map((entry) => {
    const completion = toCompletion(spot, entry, suffix);
    matches.set(completion, entry.matched);
    return completion;
  });
  return {
    from: spot.from,
    to: context.pos,
    options,
    filter: false,
    getMatch: (completion) => matches.get(completion) ?? [],
  };
}

/**
 * Completion for the formula editor, with Cmd+Space besides Ctrl+Space on macOS. No interaction delay:
 * Enter inserts no line break in a formula, so a list that has just opened can take Enter and the
 * arrows at once.
 */
export function formulaCompletion(): Extension {
  return [
    autocompletion({
      override: [formulaCompletionSource],
      icons: true,
      interactionDelay: 0,
      optionClass: (completion) => (completion === noMatches ? 'formula-completion-empty' : ''),
    }),
    keymap.of([{ key: 'Mod-Space', run: startCompletion }]),
  ];
}
