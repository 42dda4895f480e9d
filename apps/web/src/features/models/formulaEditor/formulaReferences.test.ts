import { describe, expect, it } from 'vitest';
import { FORMULA_EDITOR_FUNCTION_NAMES } from './formulaFunctionOptions';
import { describeReferenceReach, isInsideTextLiteral, scanFormulaReferences } from './formulaReferences';

const REVENUE = '0b6f2a8e-3c1d-4e5f-9a7b-1c2d3e4f5a6b';

function scan(text: string) {
  return scanFormulaReferences(text, FORMULA_EDITOR_FUNCTION_NAMES);
}

describe('scanFormulaReferences', () => {
  it('finds variable references with their positions and reach', () => {
    const text = `{{${REVENUE}}} + {{ ${REVENUE.toUpperCase()} - 1 }} * {{${REVENUE}.x-3:x}} + {{${REVENUE}.ref}}`;
    const references = scan(text);
    expect(references.map((reference) => text.slice(reference.from, reference.to))).toEqual([
      `{{${REVENUE}}}`,
      `{{ ${REVENUE.toUpperCase()} - 1 }}`,
      `{{${REVENUE}.x-3:x}}`,
      `{{${REVENUE}.ref}}`,
    ]);
    expect(references).toMatchObject([
      { kind: 'variable', variableId: REVENUE, reach: { kind: 'month', offset: 0 } },
      { kind: 'variable', variableId: REVENUE, reach: { kind: 'month', offset: -1 } },
      { kind: 'variable', variableId: REVENUE, reach: { kind: 'range', from: -3, to: 0 } },
      { kind: 'variable', variableId: REVENUE, reach: { kind: 'series' } },
    ]);
  });

  it('reads month offsets and range ends written with .x and signs', () => {
    expect(scan(`{{${REVENUE}.x+2}}`)[0]).toMatchObject({ reach: { kind: 'month', offset: 2 } });
    expect(scan(`{{${REVENUE}.X - 12 : x - 1}}`)[0]).toMatchObject({
      reach: { kind: 'range', from: -12, to: -1 },
    });
    expect(scan(`{{${REVENUE}-0}}`)[0]).toMatchObject({ reach: { kind: 'month', offset: 0 } });
  });

  it('finds braced function names in any case, but not other names', () => {
    const text = '{{ROUND}}(1.5) + {{ if }}(TRUE, 1) + {{revenue}} + ROUND(2)';
    expect(scan(text)).toEqual([
      { kind: 'function', from: 0, to: 9, name: 'ROUND' },
      { kind: 'function', from: 17, to: 25, name: 'IF' },
    ]);
  });

  it('leaves malformed references and references inside text literals as text', () => {
    expect(scan(`{{${REVENUE}x}} + {{${REVENUE}.y}} + {{${REVENUE}-}} + {{${REVENUE}`)).toEqual([]);
    expect(scan(`"{{${REVENUE}}}" + "a \\" {{${REVENUE}}}"`)).toEqual([]);
    expect(scan(`"a" + {{${REVENUE}}}`)).toHaveLength(1);
  });
});

describe('isInsideTextLiteral', () => {
  it('tells positions between quotes from positions outside', () => {
    const text = 'ab "cd" e "f';
    expect(isInsideTextLiteral(text, 2)).toBe(false);
    expect(isInsideTextLiteral(text, 3)).toBe(false);
    expect(isInsideTextLiteral(text, 4)).toBe(true);
    expect(isInsideTextLiteral(text, 6)).toBe(true);
    expect(isInsideTextLiteral(text, 7)).toBe(false);
    expect(isInsideTextLiteral(text, 12)).toBe(true);
  });
});

describe('describeReferenceReach', () => {
  it('writes offsets short', () => {
    expect(describeReferenceReach({ kind: 'month', offset: 0 })).toBe('');
    expect(describeReferenceReach({ kind: 'month', offset: -1 })).toBe('[-1]');
    expect(describeReferenceReach({ kind: 'month', offset: 2 })).toBe('[+2]');
    expect(describeReferenceReach({ kind: 'range', from: -3, to: 0 })).toBe('[x-3:x]');
    expect(describeReferenceReach({ kind: 'series' })).toBe('[ref]');
  });
});
