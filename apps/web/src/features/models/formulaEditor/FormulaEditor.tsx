import { Input } from '@mantine/core';
import { type JSX, useEffect, useId, useRef } from 'react';
import { createFormulaEditorView, type FormulaEditorController } from './createFormulaEditorView';
import type { FormulaVariableOption } from './formulaVariables';

export type { FormulaVariableOption } from './formulaVariables';

/** Quiet time after the last keystroke before the formula is sent to onChange. */
const FORMULA_EDITOR_DEBOUNCE_MS = 500;

type FormulaEditorProps = {
  /** The stored formula: variables written `{{<uuid>}}` (`{{<uuid>-1}}`, …), functions `{{NAME}}(…)`. */
  value: string;
  /** The model's variables: completion options and tag names. */
  variables: FormulaVariableOption[];
  /** Called after 500 ms of quiet, and at once on blur and on unmount when a change is pending. */
  onChange: (formula: string) => void;
  /** Accessible name of the editable content. */
  ariaLabel: string;
  /** Shown under the editor, which gets a red border. */
  error?: string | null;
  readOnly?: boolean;
};

/**
 * A model formula's editor (CodeMirror 6): variables shown as tags with their names, completion of
 * variables and functions after `{{`, over two letters or on Ctrl/Cmd+Space. The editor keeps its
 * own text; a new `value` replaces it only when no edit of its own is waiting to be sent.
 */
export function FormulaEditor({
  value,
  variables,
  onChange,
  ariaLabel,
  error = null,
  readOnly = false,
}: FormulaEditorProps): JSX.Element {
  const hostRef = useRef<HTMLDivElement>(null);
  const controllerRef = useRef<FormulaEditorController | null>(null);
  const onChangeRef = useRef(onChange);
  const errorId = useId();
  const hasError = Boolean(error);
  const shownErrorId = hasError ? errorId : null;
  // Props as the effects below last passed them, for a view created again (React StrictMode remounts).
  const latestRef = useRef({ value, variables, settings: { ariaLabel, readOnly, errorId: shownErrorId } });

  useEffect(() => {
    const host = hostRef.current;
    if (host === null) return;
    const controller = createFormulaEditorView({
      parent: host,
      ...latestRef.current,
      onChange: (formula) => onChangeRef.current(formula),
      debounceMs: FORMULA_EDITOR_DEBOUNCE_MS,
    });
    controllerRef.current = controller;
    return () => {
      controllerRef.current = null;
      controller.destroy();
    };
  }, []);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    latestRef.current.value = value;
    controllerRef.current?.setValue(value);
  }, [value]);

  useEffect(() => {
    latestRef.current.variables = variables;
    controllerRef.current?.setVariables(variables);
  }, [variables]);

  useEffect(() => {
    const next = { ariaLabel, readOnly, errorId: shownErrorId };
    latestRef.current.settings = next;
    controllerRef.current?.setSettings(next);
  }, [ariaLabel, readOnly, shownErrorId]);

  return (
    <div>
      <div ref={hostRef} />
      {hasError ? (
        <Input.Error id={errorId} mt={4}>
          {error}
        </Input.Error>
      ) : null}
    </div>
  );
}
