import { acceptCompletion, startCompletion } from '@codemirror/autocomplete';
import { EditorView } from '@codemirror/view';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { theme } from '../../../theme';
import { FormulaEditor, type FormulaVariableOption } from './FormulaEditor';

const REVENUE = '0b6f2a8e-3c1d-4e5f-9a7b-1c2d3e4f5a6b';
const MARGIN = '7d1e3c5a-2b4f-4a6c-8e9d-0f1a2b3c4d5e';
const MISSING = 'ffffffff-ffff-4fff-8fff-ffffffffffff';
const VARIABLES: FormulaVariableOption[] = [
  { id: REVENUE, name: 'Revenue', group: 'inputs' },
  { id: MARGIN, name: 'Gross margin', group: 'formulas' },
];

// jsdom lays nothing out; CodeMirror measures text ranges and scrolls its tooltips into view.
beforeAll(() => {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
});

afterEach(() => {
  vi.useRealTimers();
});

type Props = Partial<Parameters<typeof FormulaEditor>[0]>;

/** Mantine around the editor, kept on rerender (renderWithProviders' rerender would drop it and remount). */
function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} env="test">
      {children}
    </MantineProvider>
  );
}

function renderEditor(props: Props = {}) {
  const onChange = props.onChange ?? vi.fn();
  const element = (next: Props = {}) => (
    <FormulaEditor
      value=""
      variables={VARIABLES}
      ariaLabel="Formula"
      {...props}
      onChange={onChange}
      {...next}
    />
  );
  const rendered = render(element(), { wrapper: Providers });
  const editorView = () => {
    const dom = rendered.container.querySelector<HTMLElement>('.cm-editor');
    if (dom === null) throw new Error('no editor');
    const view = EditorView.findFromDOM(dom);
    if (view === null) throw new Error('no view');
    return view;
  };
  return {
    ...rendered,
    onChange,
    view: editorView,
    rerenderWith: (next: Props) => rendered.rerender(element(next)),
  };
}

/** Types `text` at the end, as the keyboard would. */
function typeAtEnd(view: EditorView, text: string) {
  const end = view.state.doc.length;
  view.dispatch({
    changes: { from: end, insert: text },
    selection: { anchor: end + text.length },
    userEvent: 'input.type',
  });
}

function tags(container: HTMLElement) {
  return [...container.querySelectorAll<HTMLElement>('.formula-variable-tag')];
}

describe('FormulaEditor', () => {
  it('shows variable references as tags with the variable names', () => {
    const { container } = renderEditor({ value: `{{${REVENUE}}} * {{${MARGIN}-1}} + {{${REVENUE}.x-3:x}}` });
    expect(tags(container).map((tag) => [tag.dataset.variableId, tag.textContent])).toEqual([
      [REVENUE, 'Revenue'],
      [MARGIN, 'Gross margin [-1]'],
      [REVENUE, 'Revenue [x-3:x]'],
    ]);
    expect(container.querySelector('.cm-content')?.textContent).toBe(
      'Revenue * Gross margin [-1] + Revenue [x-3:x]',
    );
  });

  it('shows Unknown Variable for an id the model does not have', () => {
    const { container } = renderEditor({ value: `{{${MISSING}}} + 1` });
    const [tag] = tags(container);
    expect(tag).toHaveTextContent('Unknown Variable');
    expect(tag).toHaveClass('formula-variable-tag-unknown');
    expect(tag?.dataset.variableId).toBe(MISSING);
  });

  it('shows braced function names as plain names', () => {
    const { container } = renderEditor({ value: `{{ROUND}}({{${REVENUE}}}, 2)` });
    expect(container.querySelector('.formula-function-name')).toHaveTextContent('ROUND');
    expect(container.querySelector('.cm-content')?.textContent).toBe('ROUND(Revenue, 2)');
  });

  it('renames tags when the variables change, keeping the same view', () => {
    const { container, view, rerenderWith } = renderEditor({ value: `{{${REVENUE}}}` });
    const before = view();
    rerenderWith({ variables: [{ id: REVENUE, name: 'Sales', group: 'inputs' }] });
    expect(view()).toBe(before);
    expect(tags(container)[0]).toHaveTextContent('Sales');
    rerenderWith({ variables: [] });
    expect(tags(container)[0]).toHaveTextContent('Unknown Variable');
  });

  it('labels its editable content as a multi-line textbox', () => {
    renderEditor({ ariaLabel: 'Formula of Revenue' });
    const textbox = screen.getByRole('textbox', { name: 'Formula of Revenue' });
    expect(textbox).toHaveClass('cm-content');
    expect(textbox).toHaveAttribute('aria-multiline', 'true');
  });

  it('shows an error under a red border', () => {
    const { container, rerenderWith } = renderEditor({ error: 'Unexpected character' });
    expect(screen.getByText('Unexpected character')).toBeInTheDocument();
    expect(container.querySelector('.cm-editor')).toHaveClass('formula-editor-invalid');
    expect(screen.getByRole('textbox', { name: 'Formula' })).toHaveAttribute('aria-invalid', 'true');
    rerenderWith({ error: null });
    expect(screen.queryByText('Unexpected character')).not.toBeInTheDocument();
    expect(container.querySelector('.cm-editor')).not.toHaveClass('formula-editor-invalid');
  });

  it('is read-only when asked', () => {
    const { view } = renderEditor({ readOnly: true });
    expect(view().state.readOnly).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Formula' })).toHaveAttribute('aria-readonly', 'true');
  });
});

describe('FormulaEditor changes', () => {
  it('sends the formula after 500 ms of quiet', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { view, onChange } = renderEditor({ value: '1' });
    typeAtEnd(view(), ' +');
    vi.advanceTimersByTime(300);
    typeAtEnd(view(), ' 2');
    vi.advanceTimersByTime(499);
    expect(onChange).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('1 + 2');
  });

  it('sends a pending change at once on blur, and only once', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { view, onChange } = renderEditor({ value: '1' });
    typeAtEnd(view(), '0');
    fireEvent.blur(view().contentDOM);
    expect(onChange).toHaveBeenCalledWith('10');
    vi.advanceTimersByTime(1000);
    fireEvent.blur(view().contentDOM);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('sends a pending change on unmount', () => {
    const { view, onChange, unmount } = renderEditor({ value: '1' });
    typeAtEnd(view(), '2');
    unmount();
    expect(onChange).toHaveBeenCalledWith('12');
  });

  it('takes a new value from outside, unless an edit is pending', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { view, onChange, rerenderWith } = renderEditor({ value: '1' });
    rerenderWith({ value: '2' });
    expect(view().state.doc.toString()).toBe('2');
    expect(onChange).not.toHaveBeenCalled();
    typeAtEnd(view(), '3');
    rerenderWith({ value: '4' });
    expect(view().state.doc.toString()).toBe('23');
    vi.advanceTimersByTime(500);
    expect(onChange).toHaveBeenCalledWith('23');
  });
});

describe('FormulaEditor completion', () => {
  it('opens the list on {{ and inserts the picked variable as {{id}}', async () => {
    const { container, view } = renderEditor({ value: '1 + ' });
    typeAtEnd(view(), '{{');
    await waitFor(() => expect(document.querySelector('.cm-tooltip-autocomplete')).not.toBeNull());
    const list = document.querySelector('.cm-tooltip-autocomplete');
    expect(list).toHaveTextContent('Revenue');
    expect(list).toHaveTextContent('Gross margin');
    fireEvent.keyDown(view().contentDOM, { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 });
    fireEvent.keyDown(view().contentDOM, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(view().state.doc.toString()).toBe(`1 + {{${MARGIN}}}`);
    expect(tags(container)[0]).toHaveTextContent('Gross margin');
  });

  it('inserts a function with the cursor between its parentheses', async () => {
    const { view } = renderEditor({ value: '' });
    typeAtEnd(view(), 'rou');
    await waitFor(() =>
      expect(document.querySelector('.cm-tooltip-autocomplete')).toHaveTextContent('ROUND'),
    );
    acceptCompletion(view());
    expect(view().state.doc.toString()).toBe('{{ROUND}}()');
    expect(view().state.selection.main.head).toBe(10);
  });

  it('reads No matches when opened on purpose and nothing matches', async () => {
    const { view } = renderEditor({ value: 'zzq' });
    view().dispatch({ selection: { anchor: 3 } });
    startCompletion(view());
    await waitFor(() =>
      expect(document.querySelector('.cm-tooltip-autocomplete')).toHaveTextContent('No matches'),
    );
    acceptCompletion(view());
    expect(view().state.doc.toString()).toBe('zzq');
  });
});
