import { EditorView } from '@codemirror/view';

/** Class of the editor while it shows an error (red border). */
export const FORMULA_EDITOR_INVALID_CLASS = 'formula-editor-invalid';

/**
 * The formula editor dressed as a Mantine input: the body font at 14px, a default border that turns
 * blue on focus and red on error, tags as small pills. The completion list lives in document.body
 * but carries the editor's theme classes, so its rules are here too.
 */
export const formulaEditorTheme = EditorView.theme({
  // `.cm-editor` as well: the tooltips' container in document.body carries the theme class too.
  '&.cm-editor': {
    fontFamily: 'var(--mantine-font-family)',
    fontSize: '14px',
    color: 'var(--mantine-color-text)',
    backgroundColor: 'var(--mantine-color-body)',
    border: '1px solid var(--mantine-color-default-border)',
    borderRadius: 'var(--mantine-radius-sm)',
    minHeight: '36px',
    transition: 'border-color 100ms ease',
  },
  '&.cm-editor.cm-focused': {
    outline: 'none',
    borderColor: 'var(--mantine-color-blue-filled)',
  },
  [`&.cm-editor.${FORMULA_EDITOR_INVALID_CLASS}`]: {
    borderColor: 'var(--mantine-color-error)',
  },
  '.cm-scroller': {
    fontFamily: 'inherit',
    lineHeight: '22px',
  },
  '.cm-content': {
    padding: '6px 0',
    caretColor: 'var(--mantine-color-text)',
  },
  '.cm-line': {
    padding: '0 11px',
  },
  '&.cm-editor .cm-cursor': {
    borderLeftColor: 'var(--mantine-color-text)',
  },
  '.formula-variable-tag': {
    display: 'inline-block',
    padding: '0 6px',
    margin: '0 1px',
    borderRadius: 'var(--mantine-radius-xl)',
    backgroundColor: 'var(--mantine-color-blue-light)',
    color: 'var(--mantine-color-blue-light-color)',
    fontSize: '13px',
    lineHeight: '20px',
    whiteSpace: 'nowrap',
  },
  '.formula-variable-tag-unknown': {
    backgroundColor: 'var(--mantine-color-red-light)',
    color: 'var(--mantine-color-red-light-color)',
  },
  '.cm-tooltip': {
    fontFamily: 'var(--mantine-font-family)',
    fontSize: '14px',
    color: 'var(--mantine-color-text)',
    backgroundColor: 'var(--mantine-color-body)',
    border: '1px solid var(--mantine-color-default-border)',
    borderRadius: 'var(--mantine-radius-sm)',
    boxShadow: 'var(--mantine-shadow-md)',
  },
  '.cm-tooltip.cm-tooltip-autocomplete > ul': {
    fontFamily: 'inherit',
    maxHeight: '16em',
    minWidth: '220px',
  },
  '.cm-tooltip.cm-tooltip-autocomplete > ul > li': {
    padding: '3px 8px',
    lineHeight: '20px',
  },
  '.cm-tooltip-autocomplete ul li[aria-selected]': {
    backgroundColor: 'var(--mantine-color-blue-filled)',
    color: 'var(--mantine-color-white)',
  },
  '.cm-completionDetail': {
    marginLeft: '8px',
    fontStyle: 'normal',
    opacity: 0.7,
  },
  '.cm-completionMatchedText': {
    textDecoration: 'none',
    fontWeight: 600,
  },
  '.cm-tooltip-autocomplete ul li.formula-completion-empty, .cm-tooltip-autocomplete ul li.formula-completion-empty[aria-selected]':
    {
      backgroundColor: 'transparent',
      color: 'var(--mantine-color-dimmed)',
      fontStyle: 'italic',
      cursor: 'default',
    },
  '.formula-completion-signature': {
    fontWeight: 600,
    marginBottom: '2px',
  },
  '.cm-tooltip.cm-completionInfo': {
    maxWidth: '280px',
    padding: '6px 8px',
    fontSize: '13px',
  },
});
