import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { history, historyKeymap, standardKeymap } from '@codemirror/commands';
import { Annotation, Compartment, EditorState, type Extension, Transaction } from '@codemirror/state';
import { EditorView, keymap, tooltips } from '@codemirror/view';
import { formulaCompletion } from './formulaCompletion';
import { FORMULA_EDITOR_INVALID_CLASS, formulaEditorTheme } from './formulaEditorTheme';
import { formulaTagsField } from './formulaTags';
import {
  type FormulaVariableOption,
  formulaVariablesField,
  indexFormulaVariables,
  sameFormulaVariables,
  setFormulaVariables,
} from './formulaVariables';

/** What the editor's props set besides its text and variables. */
export type FormulaEditorSettings = {
  ariaLabel: string;
  readOnly: boolean;
  /** Id of the shown error message, or null when there is none. */
  errorId: string | null;
};

export type FormulaEditorController = {
  view: EditorView;
  /** Sends a pending change to onChange now. */
  flush: () => void;
  /** Replaces the text from outside, unless it is the same or a local edit is still pending. */
  setValue: (value: string) => void;
  setVariables: (variables: readonly FormulaVariableOption[]) => void;
  setSettings: (settings: FormulaEditorSettings) => void;
  /** Flushes a pending change and destroys the view. */
  destroy: () => void;
};

type FormulaEditorOptions = {
  parent: HTMLElement;
  value: string;
  variables: readonly FormulaVariableOption[];
  settings: FormulaEditorSettings;
  onChange: (formula: string) => void;
  /** Quiet time before a change is sent. */
  debounceMs: number;
};

/** Marks the transactions that put the `value` prop into the editor: not edits to send back. */
const fromOutside = Annotation.define<boolean>();

function settingsExtension({ ariaLabel, readOnly, errorId }: FormulaEditorSettings): Extension {
  return [
    EditorState.readOnly.of(readOnly),
    EditorView.contentAttributes.of({
      'aria-label': ariaLabel,
      'aria-multiline': 'true',
      'aria-invalid': errorId === null ? 'false' : 'true',
      ...(errorId === null ? {} : { 'aria-describedby': errorId }),
    }),
    EditorView.editorAttributes.of(errorId === null ? {} : { class: FORMULA_EDITOR_INVALID_CLASS }),
  ];
}

/** A formula is one expression: Enter (plain or with Shift) adds no line break. */
const ignoreEnter = () => true;

function editingExtensions(): Extension {
  return [
    history(),
    closeBrackets(),
    EditorState.languageData.of(() => [{ closeBrackets: { brackets: ['(', '{', '"'] } }]),
    keymap.of([
      ...closeBracketsKeymap,
      { key: 'Enter', run: ignoreEnter, shift: ignoreEnter },
      ...standardKeymap,
      ...historyKeymap,
    ]),
    EditorView.lineWrapping,
    // In document.body, so no overflow:hidden parent (a card, a drawer) clips the completion list.
    tooltips({ parent: document.body }),
    formulaEditorTheme,
  ];
}

/**
 * The CodeMirror view behind FormulaEditor, apart from React: tags, completion, and a text that is
 * sent to `onChange` after `debounceMs` of quiet, at once on blur and on destroy.
 */
export function createFormulaEditorView(options: FormulaEditorOptions): FormulaEditorController {
  const settings = new Compartment();
  let currentSettings = options.settings;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending = false;

  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (!pending) return;
    pending = false;
    options.onChange(view.state.doc.toString());
  };

  const schedule = () => {
    pending = true;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(flush, options.debounceMs);
  };

  const view: EditorView = new EditorView({
    parent: options.parent,
    state: EditorState.create({
      doc: options.value,
      extensions: [
        editingExtensions(),
        formulaVariablesField.init(() => indexFormulaVariables(options.variables)),
        formulaTagsField,
        formulaCompletion(),
        settings.of(settingsExtension(options.settings)),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !update.transactions.some((tr) => tr.annotation(fromOutside))) schedule();
        }),
        EditorView.domEventHandlers({
          blur: () => {
            flush();
            return false;
          },
        }),
      ],
    }),
  });

  return {
    view,
    flush,
    setValue: (value) => {
      if (pending || value === view.state.doc.toString()) return;
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: value },
        annotations: [fromOutside.of(true), Transaction.addToHistory.of(false)],
      });
    },
    setVariables: (variables) => {
      // Parents often map their variables anew on every render; equal lists change nothing.
      if (sameFormulaVariables(variables, view.state.field(formulaVariablesField).list)) return;
      view.dispatch({ effects: setFormulaVariables.of(variables) });
    },
    setSettings: (next) => {
      const same =
        next.ariaLabel === currentSettings.ariaLabel &&
        next.readOnly === currentSettings.readOnly &&
        next.errorId === currentSettings.errorId;
      if (same) return;
      currentSettings = next;
      view.dispatch({ effects: settings.reconfigure(settingsExtension(next)) });
    },
    destroy: () => {
      flush();
      view.destroy();
    },
  };
}
