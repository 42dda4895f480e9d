import { type Completion, CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { formulaCompletionSource, NO_MATCHES_LABEL } from './formulaCompletion';
import { buildFormulaCompletionEdit, findFormulaCompletionSpot } from './formulaCompletionSpot';
import { type FormulaVariableOption, formulaVariablesField, indexFormulaVariables } from './formulaVariables';
import { matchCompletionLabel, rankFormulaCompletions } from './rankFormulaCompletions';

const REVENUE = '0b6f2a8e-3c1d-4e5f-9a7b-1c2d3e4f5a6b';
const MARGIN = '7d1e3c5a-2b4f-4a6c-8e9d-0f1a2b3c4d5e';
const VARIABLES: FormulaVariableOption[] = [
  { id: REVENUE, name: 'Revenue', group: 'inputs' },
  { id: MARGIN, name: 'Gross margin', group: 'formulas' },
];

/** The source's answer for `text` with the cursor at `|`. */
function complete(textWithCursor: string, explicit = false): CompletionResult | null {
  const pos = textWithCursor.indexOf('|');
  const doc = textWithCursor.replace('|', '');
  const state = EditorState.create({
    doc,
    extensions: [formulaVariablesField.init(() => indexFormulaVariables(VARIABLES))],
  });
  const result = formulaCompletionSource(new CompletionContext(state, pos, explicit));
  if (result instanceof Promise) throw new Error('The source answers at once');
  return result;
}

function labels(result: CompletionResult | null): string[] {
  return result?.options.map((option: Completion) => option.label) ?? [];
}

describe('formulaCompletionSource', () => {
  it('offers every variable, then the functions, after {{', () => {
    const result = complete('1 + {{|');
    expect(result?.from).toBe(4);
    const names = labels(result);
    expect(names.slice(0, 3)).toEqual(['Revenue', 'Gross margin', 'IF']);
    expect(names).toContain('ROUND');
    expect(names).toContain('MONTH_VALUE');
    expect(result?.options[0]?.detail).toBe('Input');
    expect(result?.options[1]?.detail).toBe('Formula');
    expect(result?.options.find((option) => option.label === 'ROUND')?.detail).toBe('(number, digits?)');
  });

  it('filters by what follows {{, ignoring case', () => {
    expect(labels(complete('{{gro|}}'))).toEqual(['Gross margin']);
    expect(labels(complete('{{ rev|'))[0]).toBe('Revenue');
  });

  it('offers variables and functions over a word of two letters', () => {
    const names = labels(complete('1 + ro|'));
    expect(names[0]).toBe('ROUND');
    expect(names).toContain('ROUND_UP');
    expect(names).toContain('Gross margin');
    expect(complete('1 + re|')?.from).toBe(4);
  });

  it('offers nothing over a single letter unless asked', () => {
    expect(complete('1 + r|')).toBeNull();
    expect(labels(complete('1 + r|', true))).toContain('Revenue');
  });

  it('offers everything when asked with nothing typed', () => {
    expect(labels(complete('1 + |', true))).toHaveLength(2 + 25);
    expect(complete('1 + |')).toBeNull();
  });

  it('reads No matches when asked or after {{ and nothing matches', () => {
    expect(labels(complete('zzq|', true))).toEqual([NO_MATCHES_LABEL]);
    expect(labels(complete('{{zzq|'))).toEqual([NO_MATCHES_LABEL]);
    expect(complete('zzq|')).toBeNull();
  });

  it('matches the name before a typed month offset and keeps the offset', () => {
    const result = complete('{{Revenue - 1|}}');
    expect(labels(result)).toEqual(['Revenue']);
    expect(result?.options[0]?.detail).toBe('Input [-1]');
    expect(findFormulaCompletionSpot('{{gross margin.x-3:x', 20, false)?.reference).toEqual({
      name: 'gross margin',
      suffix: '.x-3:x',
    });
    expect(findFormulaCompletionSpot('{{Revenue-', 10, false)?.reference).toBeUndefined();
    expect(labels(complete('{{Nothing-1|}}'))).toEqual([NO_MATCHES_LABEL]);
  });

  it('offers nothing inside text literals or after a number', () => {
    expect(complete('"ro|"')).toBeNull();
    expect(complete('"{{|"')).toBeNull();
    expect(complete('12ro|')).toBeNull();
  });
});

describe('buildFormulaCompletionEdit', () => {
  const revenue = { kind: 'variable', id: REVENUE } as const;
  const round = { kind: 'function', name: 'ROUND' } as const;

  function apply(
    textWithCursor: string,
    target: typeof revenue | typeof round | { kind: 'variable'; id: string; suffix: string },
  ): string {
    const cursor = textWithCursor.indexOf('|');
    const text = textWithCursor.replace('|', '');
    const spot = findFormulaCompletionSpot(text, cursor, true);
    if (spot === null) throw new Error('no completion spot');
    const edit = buildFormulaCompletionEdit(text, spot, cursor, target);
    const result = text.slice(0, edit.from) + edit.insert + text.slice(edit.to);
    return `${result.slice(0, edit.cursor)}|${result.slice(edit.cursor)}`;
  }

  it('inserts a variable as {{id}}, replacing the typed {{ and letters', () => {
    expect(apply('1 + {{Rev|', revenue)).toBe(`1 + {{${REVENUE}}}|`);
    expect(apply('1 + {{|', revenue)).toBe(`1 + {{${REVENUE}}}|`);
  });

  it('replaces an auto-closed }} and the rest of the word', () => {
    expect(apply('{{Re|}} * 2', revenue)).toBe(`{{${REVENUE}}}| * 2`);
    expect(apply('{{Re|ve}} * 2', revenue)).toBe(`{{${REVENUE}}}| * 2`);
    expect(apply('{{Gross|  mar}}', revenue)).toBe(`{{${REVENUE}}}|`);
    expect(apply('{{0b6f|2a8e-3c}} + 1', revenue)).toBe(`{{${REVENUE}}}| + 1`);
  });

  it('keeps the month offset of the reference being edited', () => {
    expect(apply('{{rev|-1}} + 1', revenue)).toBe(`{{${REVENUE}-1}}| + 1`);
    expect(apply('{{rev|.x-3:x}}', revenue)).toBe(`{{${REVENUE}.x-3:x}}|`);
  });

  it('keeps a month offset typed after the name: {{Revenue-1 gives {{id-1}}', () => {
    expect(apply('{{Revenue-1|}} * 2', { kind: 'variable', id: REVENUE, suffix: '-1' })).toBe(
      `{{${REVENUE}-1}}| * 2`,
    );
    expect(apply('{{rev.x-3:x|', { kind: 'variable', id: REVENUE, suffix: '.x-3:x' })).toBe(
      `{{${REVENUE}.x-3:x}}|`,
    );
  });

  it('inserts a variable over a bare word', () => {
    expect(apply('1 + rev| * 2', revenue)).toBe(`1 + {{${REVENUE}}}| * 2`);
  });

  it('inserts a function as {{NAME}}() with the cursor between the parentheses', () => {
    expect(apply('1 + ro|', round)).toBe('1 + {{ROUND}}(|)');
    expect(apply('1 + {{ro|}}', round)).toBe('1 + {{ROUND}}(|)');
    expect(apply('ro|und(x, 2)', round)).toBe('{{ROUND}}(|x, 2)');
  });
});

describe('matchCompletionLabel', () => {
  it('ranks a prefix over a word start over a substring over letters in order', () => {
    expect(matchCompletionLabel('ROUND_UP', 'rou')).toEqual({ score: 3, matched: [0, 3] });
    expect(matchCompletionLabel('ROUND_UP', 'up')).toEqual({ score: 2, matched: [6, 8] });
    expect(matchCompletionLabel('Gross margin', 'MAR')).toEqual({ score: 2, matched: [6, 9] });
    expect(matchCompletionLabel('Revenue', 'venu')).toEqual({ score: 1, matched: [2, 6] });
    expect(matchCompletionLabel('ROUND_UP', 'rdu')).toEqual({ score: 0, matched: [0, 1, 4, 5, 6, 7] });
    expect(matchCompletionLabel('Revenue', 'xyz')).toBeNull();
  });

  it('ranks variables before functions among equal matches', () => {
    const ranked = rankFormulaCompletions('m', VARIABLES, [
      { name: 'MIN', signature: 'MIN(value, ...)', description: '' },
    ]);
    expect(
      ranked.map((entry) => (entry.kind === 'variable' ? entry.variable.name : entry.option.name)),
    ).toEqual(['MIN', 'Gross margin']);
  });
});
