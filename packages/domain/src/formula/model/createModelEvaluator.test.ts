import { describe, expect, it } from 'vitest';
import { describeCell, formulaVariable, listInput, numberInput } from '../formula.testkit';
import { CircularReferenceError, FORMULA_ERROR_TEXT } from '../formulaErrors';
import { formatModelCell, type ModelCell } from '../formulaValue';
import { createModelEvaluator, evaluateModel } from './createModelEvaluator';
import type { ModelEvaluation, ModelSpec, ModelVariableSpec } from './modelTypes';

const model = (variables: ModelVariableSpec[], startMonth = '2026-01', endMonth = '2026-06'): ModelSpec => ({
  startMonth,
  endMonth,
  today: '2026-03',
  variables,
});

/** A variable's cells as they read: numbers, text, TRUE/FALSE, 'CODE: message' for failures, null for blank. */
const row = (evaluation: ModelEvaluation, id: string) => (evaluation.values.get(id) ?? []).map(describeCell);

const codes = (cells: readonly ModelCell[] | undefined) =>
  (cells ?? []).map((cell) => (cell !== null && typeof cell === 'object' ? cell.error.code : cell));

describe('evaluateModel', () => {
  it('evaluates inputs and formulas month by month over the model range', () => {
    const evaluation = evaluateModel(
      model([
        numberInput('price', 10),
        { id: 'growth', kind: 'input', inputType: 'percent', value: 0.5 },
        listInput('units', { '2026-01': 5, '2026-02': 6, '2026-04': 8 }),
        formulaVariable('revenue', '{{price}} * {{units}} * (1 + {{growth}})'),
      ]),
    );
    expect(evaluation.months).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06']);
    expect(row(evaluation, 'units')).toEqual([5, 6, 0, 8, 0, 0]);
    expect(row(evaluation, 'revenue')).toEqual([75, 90, 0, 120, 0, 0]);
    expect(evaluation.errors).toEqual(
      new Map([
        ['price', undefined],
        ['growth', undefined],
        ['units', undefined],
        ['revenue', undefined],
      ]),
    );
  });

  it('reads earlier months with negative offsets, a variable’s own past included, and 0 before the start', () => {
    const evaluation = evaluateModel(
      model([
        numberInput('start', 100),
        formulaVariable(
          'revenue',
          'IF(MONTH_VALUE() = MONTH_VALUE("2026-01"), {{start}}, {{revenue-1}} * 1.5)',
        ),
        formulaVariable('change', '{{revenue}} - {{revenue-1}}'),
        formulaVariable('twoBack', '{{revenue-2}}'),
        formulaVariable('startBefore', '{{start-1}}'),
      ]),
    );
    expect(row(evaluation, 'revenue')).toEqual([100, 150, 225, 337.5, 506.25, 759.375]);
    expect(row(evaluation, 'change')).toEqual([100, 50, 75, 112.5, 168.75, 253.125]);
    expect(row(evaluation, 'twoBack')).toEqual([0, 0, 100, 150, 225, 337.5]);
    expect(row(evaluation, 'startBefore')).toEqual([0, 100, 100, 100, 100, 100]);
  });

  it('reads later months with positive offsets, and 0 after the end', () => {
    const evaluation = evaluateModel(
      model([
        formulaVariable('next', '{{base+1}}'),
        formulaVariable('base', 'MONTH_NUMBER()'),
        formulaVariable('countdown', '{{countdown+1}} + 1'),
      ]),
    );
    expect(row(evaluation, 'next')).toEqual([2, 3, 4, 5, 6, 0]);
    expect(row(evaluation, 'countdown')).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it('reads link inputs in any month, before the model start too; other inputs read 0 there; ranges stop at the start', () => {
    const evaluation = evaluateModel(
      model([
        {
          id: 'cash',
          kind: 'input',
          inputType: 'link',
          monthValues: { '2025-11': 3, '2025-12': 7, '2026-01': 1, '2026-09': 9 },
        },
        listInput('list', { '2026-01': 4 }),
        formulaVariable('lastMonth', '{{cash-1}}'),
        formulaVariable('trailing', 'SUM({{cash.x-3:x-1}})'),
        formulaVariable('listBefore', '{{list-1}}'),
        formulaVariable('later', '{{cash+3}}'),
      ]),
    );
    expect(row(evaluation, 'cash')).toEqual([1, 0, 0, 0, 0, 0]);
    expect(row(evaluation, 'lastMonth')).toEqual([7, 1, 0, 0, 0, 0]);
    expect(row(evaluation, 'trailing')).toEqual([0, 1, 1, 1, 0, 0]);
    expect(row(evaluation, 'listBefore')).toEqual([0, 4, 0, 0, 0, 0]);
    expect(row(evaluation, 'later')).toEqual([0, 0, 0, 0, 0, 9]);
  });

  it('applies each segment’s formula to its months and leaves months no segment covers blank', () => {
    const evaluation = evaluateModel(
      model([
        {
          id: 'hires',
          kind: 'formula',
          segments: [
            { formula: '1', startMonth: null, startType: 'auto', endMonth: '2026-02', endType: 'month' },
            {
              formula: '{{hires-1}} + 2',
              startMonth: '2026-04',
              startType: 'month',
              endMonth: null,
              endType: 'auto',
            },
          ],
        },
        formulaVariable('reads', '{{hires}} * 10'),
        {
          id: 'pending',
          kind: 'formula',
          segments: [{ formula: '  ', startMonth: null, startType: 'auto', endMonth: null, endType: 'auto' }],
        },
        { id: 'none', kind: 'formula' },
      ]),
    );
    expect(row(evaluation, 'hires')).toEqual([1, 1, null, 2, 4, 6]);
    expect(row(evaluation, 'reads')).toEqual([10, 10, 0, 20, 40, 60]);
    expect(evaluation.values.get('hires')?.map(formatModelCell)).toEqual(['1', '1', '', '2', '4', '6']);
    expect(row(evaluation, 'pending')).toEqual([null, null, null, null, null, null]);
    expect(row(evaluation, 'none')).toEqual([null, null, null, null, null, null]);
  });

  it('fails every month of a variable whose segments do not fit, with the segment problem', () => {
    const evaluation = evaluateModel(
      model([
        {
          id: 'early',
          kind: 'formula',
          segments: [
            { formula: '1', startMonth: '2025-06', startType: 'month', endMonth: null, endType: 'auto' },
          ],
        },
      ]),
    );
    expect(row(evaluation, 'early')[0]).toBe(
      'INVALID_SEGMENT: Segment start cannot be earlier than the model start',
    );
    expect(evaluation.errors.get('early')?.message).toBe(
      'Segment start cannot be earlier than the model start',
    );
  });

  it('fails only the cells concerned: a parse error, a division by zero, an unknown variable', () => {
    const evaluation = evaluateModel(
      model([
        formulaVariable('broken', '{{a}} +'),
        formulaVariable('ratio', '12 / (MONTH_NUMBER() - 3)'),
        formulaVariable('ghost', '{{nobody}} + 1'),
        formulaVariable('fine', 'MONTH_NUMBER()'),
        numberInput('typo', '12,5'),
      ]),
    );
    expect(row(evaluation, 'broken')[0]).toBe('PARSE: The formula ends too early: a value is missing');
    expect(evaluation.errors.get('broken')?.code).toBe('PARSE');
    expect(row(evaluation, 'ratio')).toEqual([-6, -12, 'EVALUATION_FAILED: Division by zero', 12, 6, 4]);
    expect(evaluation.values.get('ratio')?.map(formatModelCell)[2]).toBe(FORMULA_ERROR_TEXT);
    expect(row(evaluation, 'ghost')[0]).toBe('UNKNOWN_VARIABLE: Unknown variable: a deleted variable');
    expect(evaluation.errors.get('ghost')).toBeUndefined();
    expect(row(evaluation, 'fine')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(row(evaluation, 'typo')[0]).toBe('EVALUATION_FAILED: The input "12,5" is not a number');
    expect(evaluation.errors.get('typo')?.code).toBe('EVALUATION_FAILED');
  });

  it('reports a circular reference on every cell of the loop and evaluates the rest', () => {
    const evaluation = evaluateModel(
      model([
        formulaVariable('a', '{{b}} + 1'),
        formulaVariable('b', '{{c}} * 2'),
        formulaVariable('c', '{{a}} - 1'),
        formulaVariable('self', '{{self}} + 1'),
        formulaVariable('reader', '{{a}} + 100'),
        formulaVariable('independent', 'MONTH_NUMBER() * 2'),
      ]),
    );
    for (const id of ['a', 'b', 'c', 'self', 'reader'])
      expect(codes(evaluation.values.get(id))).toEqual(Array(6).fill('CIRCULAR_REFERENCE'));
    const first = evaluation.values.get('b')?.[0];
    const error = first !== null && typeof first === 'object' ? first.error : null;
    expect(error).toBeInstanceOf(CircularReferenceError);
    expect(error instanceof CircularReferenceError && [...error.variables].sort()).toEqual(['a', 'b', 'c']);
    expect(error?.message).toMatch(/^Circular reference: (a|b|c) → (a|b|c) → (a|b|c) → (a|b|c)$/);
    expect(row(evaluation, 'self')[0]).toBe('CIRCULAR_REFERENCE: Circular reference: self → self');
    expect(row(evaluation, 'independent')).toEqual([2, 4, 6, 8, 10, 12]);
  });

  it('names variables in error messages, never by the ids stored formulas use', () => {
    const revenue = 'a1b2c3d4-0000-4000-8000-000000000001';
    const costs = 'a1b2c3d4-0000-4000-8000-000000000002';
    const deleted = 'ce72b642-0000-4000-8000-000000000003';
    const evaluation = evaluateModel(
      model([
        { ...formulaVariable(revenue, `{{${costs}}} + 1`), name: 'Revenue' },
        { ...formulaVariable(costs, `{{${revenue}}} * 2`), name: 'Costs' },
        { ...formulaVariable('tooling', `{{${deleted}}} * 3`), name: 'Tooling cost' },
        { ...formulaVariable('ranged', `SUM({{${deleted}.x-2:x}}) + {{${costs}.x:x-1}}`), name: 'Ranged' },
      ]),
    );
    const messages = [...evaluation.values.values()].flatMap((cells) => cells.map(describeCell));
    for (const message of messages) expect(String(message)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
    expect(row(evaluation, 'tooling')[0]).toBe('UNKNOWN_VARIABLE: Unknown variable: a deleted variable');
    expect(row(evaluation, revenue)[0]).toMatch(
      /^CIRCULAR_REFERENCE: Circular reference: (Revenue → Costs → Revenue|Costs → Revenue → Costs)$/,
    );
    expect(row(evaluation, 'ranged')[0]).toBe('PARSE: A range cannot start after it ends: x:x-1 at 55');
  });

  it('finds loops across months at cell level, and none where a branch not taken refers back', () => {
    const evaluation = evaluateModel(
      model([
        formulaVariable('a', '{{b+1}}'),
        formulaVariable('b', '{{a-1}} + 1'),
        formulaVariable('guarded', 'IF(FALSE, {{guarded}}, 7)'),
        formulaVariable('series', 'MONTH_VALUE({{series.ref}}, MONTH_VALUE() - 1) + 1'),
      ]),
    );
    expect(codes(evaluation.values.get('a'))).toEqual([...Array(5).fill('CIRCULAR_REFERENCE'), 0]);
    expect(codes(evaluation.values.get('b'))).toEqual([1, ...Array(5).fill('CIRCULAR_REFERENCE')]);
    expect(row(evaluation, 'guarded')).toEqual([7, 7, 7, 7, 7, 7]);
    expect(row(evaluation, 'series')).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('evaluates a 1,000-variable chain over 120 months without deep recursion, in any order', () => {
    const chain = Array.from({ length: 1000 }, (_, i) =>
      i === 0 ? formulaVariable('v0', '1') : formulaVariable(`v${i}`, `{{v${i - 1}}} + 1`),
    );
    for (const variables of [chain, [...chain].reverse()]) {
      const evaluation = evaluateModel(model(variables, '2026-01', '2035-12'));
      expect(evaluation.values.get('v999')).toEqual(Array(120).fill(1000));
    }
    const forward = Array.from({ length: 1000 }, (_, i) =>
      formulaVariable(`w${i}`, i === 999 ? 'MONTH_NUMBER()' : `{{w${i + 1}+1}}`),
    );
    expect(
      evaluateModel(model(forward, '2026-01', '2035-12'))
        .values.get('w0')
        ?.slice(0, 2),
    ).toEqual([0, 0]);
    const loop = Array.from({ length: 1000 }, (_, i) =>
      formulaVariable(`l${i}`, `{{l${(i + 1) % 1000}}} + 1`),
    );
    const looped = evaluateModel(model(loop, '2026-01', '2035-12'));
    expect(codes(looped.values.get('l500')).every((code) => code === 'CIRCULAR_REFERENCE')).toBe(true);
  });

  it('evaluates a long chain of later-month references within one variable', () => {
    const evaluation = evaluateModel(model([formulaVariable('x', '{{x+1}} + 1')], '2000-01', '2199-12'));
    expect(evaluation.values.get('x')?.[0]).toBe(2400);
  });

  it('reads NOW from today, not the clock', () => {
    const evaluation = evaluateModel(model([formulaVariable('fromToday', 'MONTHS_FROM_TODAY()')]));
    expect(row(evaluation, 'fromToday')).toEqual([-2, -1, 0, 1, 2, 3]);
  });
});

describe('createModelEvaluator', () => {
  const variables = [
    numberInput('price', 10),
    numberInput('unused', 1),
    listInput('units', { '2026-01': 1, '2026-02': 2 }),
    formulaVariable('revenue', '{{price}} * {{units}}'),
    formulaVariable('zeroed', '{{price}} * 0'),
    formulaVariable('afterZero', '{{zeroed}} + 1'),
    formulaVariable('total', 'SUM({{revenue.x-1:x}})'),
  ];

  it('re-evaluates a changed input and what reads it, and lists what changed', () => {
    const evaluator = createModelEvaluator(model(variables));
    const first = evaluator.evaluate();
    const update = evaluator.updateVariable(numberInput('price', 20));
    expect(update.changed.sort()).toEqual(['price', 'revenue', 'total']);
    expect(row(update.evaluation, 'revenue')).toEqual([20, 40, 0, 0, 0, 0]);
    expect(row(update.evaluation, 'total')).toEqual([20, 60, 40, 0, 0, 0]);
    // Unchanged variables keep their arrays; the first evaluation is left as it was.
    expect(update.evaluation.values.get('afterZero')).toBe(first.values.get('afterZero'));
    expect(row(first, 'revenue')).toEqual([10, 20, 0, 0, 0, 0]);
    expect(evaluator.updateVariable(numberInput('unused', 2)).changed).toEqual(['unused']);
    expect(evaluator.updateVariable(numberInput('unused', 2)).changed).toEqual([]);
  });

  it('follows formula edits, removals and additions, matching a full evaluation each time', () => {
    const evaluator = createModelEvaluator(model(variables));
    evaluator.evaluate();
    const specs = new Map(variables.map((variable) => [variable.id, variable]));
    const check = (evaluation: ModelEvaluation) => {
      const full = evaluateModel(model([...specs.values()]));
      expect([...evaluation.values.keys()]).toEqual([...full.values.keys()]);
      for (const [id, cells] of full.values) expect(codes(evaluation.values.get(id))).toEqual(codes(cells));
    };

    const edited = formulaVariable('revenue', '{{price}} * {{units}} + {{unused}}');
    specs.set('revenue', edited);
    const afterEdit = evaluator.updateVariable(edited);
    expect(afterEdit.changed.sort()).toEqual(['revenue', 'total']);
    check(afterEdit.evaluation);

    specs.delete('units');
    const afterRemove = evaluator.removeVariable('units');
    expect(afterRemove.changed.sort()).toEqual(['revenue', 'total', 'units']);
    expect(row(afterRemove.evaluation, 'revenue')[0]).toBe(
      'UNKNOWN_VARIABLE: Unknown variable: a deleted variable',
    );
    check(afterRemove.evaluation);

    const back = listInput('units', { '2026-03': 3 });
    specs.set('units', back);
    const afterAdd = evaluator.updateVariable(back);
    expect(afterAdd.changed.sort()).toEqual(['revenue', 'total', 'units']);
    check(afterAdd.evaluation);

    const loop = formulaVariable('price', '{{total}}');
    specs.set('price', loop);
    check(evaluator.updateVariable(loop).evaluation);
    expect(evaluator.removeVariable('nothing').changed).toEqual([]);
  });

  it('evaluates everything on a first update made before evaluate()', () => {
    const evaluator = createModelEvaluator(model(variables));
    const update = evaluator.updateVariable(numberInput('price', 1));
    expect(update.changed).toHaveLength(variables.length);
    expect(row(update.evaluation, 'revenue')).toEqual([1, 2, 0, 0, 0, 0]);
  });
});
