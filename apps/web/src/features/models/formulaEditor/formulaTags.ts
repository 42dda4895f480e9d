import { type EditorState, RangeSetBuilder, StateField } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, WidgetType } from '@codemirror/view';
import { FORMULA_EDITOR_FUNCTION_NAMES } from './formulaFunctionOptions';
import { describeReferenceReach, type FormulaReference, scanFormulaReferences } from './formulaReferences';
import { formulaVariablesField, setFormulaVariables } from './formulaVariables';

const UNKNOWN_VARIABLE_LABEL = 'Unknown Variable';

/** A variable reference shown as a pill with the variable's name: `Revenue`, `Revenue [-1]`. */
class VariableTagWidget extends WidgetType {
  constructor(
    readonly variableId: string,
    readonly label: string,
    readonly known: boolean,
  ) {
    super();
  }

  override eq(other: VariableTagWidget): boolean {
    return other.variableId === this.variableId && other.label === this.label && other.known === this.known;
  }

  toDOM(): HTMLElement {
    const tag = document.createElement('span');
    tag.className = this.known ? 'formula-variable-tag' : 'formula-variable-tag formula-variable-tag-unknown';
    tag.dataset.variableId = this.variableId;
    tag.textContent = this.label;
    return tag;
  }

  /** Clicks on a tag place the cursor beside it, as on text. */
  override ignoreEvent(): boolean {
    return false;
  }
}

/** A function reference, `{{ROUND}}`, shown as its plain name. */
class FunctionNameWidget extends WidgetType {
  constructor(readonly name: string) {
    super();
  }

  override eq(other: FunctionNameWidget): boolean {
    return other.name === this.name;
  }

  toDOM(): HTMLElement {
    const name = document.createElement('span');
    name.className = 'formula-function-name';
    name.textContent = this.name;
    return name;
  }

  override ignoreEvent(): boolean {
    return false;
  }
}

function widgetFor(state: EditorState, reference: FormulaReference): WidgetType {
  if (reference.kind === 'function') return new FunctionNameWidget(reference.name);
  const variable = state.field(formulaVariablesField).byId.get(reference.variableId);
  const reach = describeReferenceReach(reference.reach);
  const name = variable?.name ?? UNKNOWN_VARIABLE_LABEL;
  return new VariableTagWidget(
    reference.variableId,
    reach === '' ? name : `${name} ${reach}`,
    variable !== undefined,
  );
}

function buildFormulaTags(state: EditorState): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  for (const reference of scanFormulaReferences(state.doc.toString(), FORMULA_EDITOR_FUNCTION_NAMES))
    builder.add(reference.from, reference.to, Decoration.replace({ widget: widgetFor(state, reference) }));
  return builder.finish();
}

/**
 * Every `{{<uuid>…}}` reference shown as a tag reading the variable's name ('Unknown Variable' when the
 * model has no such variable), every `{{FUNCTION}}` as the function's name; both atomic, so the cursor
 * steps over them and Backspace deletes them whole. Rebuilt when the text or the variables change.
 */
export const formulaTagsField = StateField.define<DecorationSet>({
  create: buildFormulaTags,
  update: (tags, transaction) =>
    transaction.docChanged || transaction.effects.some((effect) => effect.is(setFormulaVariables))
      ? buildFormulaTags(transaction.state)
      : tags,
  provide: (field) => [
    EditorView.decorations.from(field),
    EditorView.atomicRanges.of((view) => view.state.field(field)),
  ],
});
