import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, type MonthKey } from '../../months';
import { formulaVariable } from '../formula.testkit';
import { FormulaError } from '../formulaErrors';
import type { ModelCell } from '../formulaValue';
import type { FormulaAst, FormulaComparisonOperator } from '../language/formulaAst';
import { printFormula } from '../language/printFormula';
import { createModelEvaluator, evaluateModel } from './createModelEvaluator';
import type { ModelEvaluation, ModelSpec, ModelVariableSpec } from './modelTypes';

const START: MonthKey = '2026-01';

/** A cell as the properties compare it: failures by code only (loop messages depend on where a loop is entered). */
const shape = (cell: ModelCell | undefined) =>
  cell !== null && typeof cell === 'object' ? cell.error.code : cell;
const shapes = (evaluation: ModelEvaluation) =>
  new Map([...evaluation.values].map(([id, cells]) => [id, cells.map(shape)]));

function isWellFormed(cell: ModelCell | undefined): boolean {
  if (cell === null || typeof cell === 'string' || typeof cell === 'boolean') return true;
  if (typeof cell === 'number') return Number.isFinite(cell) && !Object.is(cell, -0);
  return cell !== undefined && cell.error instanceof FormulaError;
}

describe('evaluateModel on any text', () => {
  const pieces = [
    '{{a}}',
    '{{b-1}}',
    '{{b+2}}',
    '{{f}}',
    '{{g}}',
    '{{a.x-2:x}}',
    '{{b.ref}}',
    '{{nobody}}',
    'SUM(',
    'IF(',
    '{{IF}}(',
    'MONTH_VALUE(',
    'ROUND(',
    'MEDIAN(',
    'MOD(',
    'POW(',
    'QUARTERLY(',
    'TO_UPPER(',
    'THROW("t")',
    'NOW()',
    'foo(',
    '(',
    ')',
    ',',
    '+',
    '-',
    '*',
    '/',
    '<',
    '<=',
    '=',
    '<>',
    '?',
    ':',
    '1',
    '0',
    '2.5',
    '.5',
    '1e308',
    '"x"',
    '"2026-02"',
    'TRUE',
    'false',
    ' ',
    '{{',
    '}}',
    '.x',
    '.ref',
    '"',
    '\\',
    '-3:x',
  ];
  const text = fc.oneof(
    fc.array(fc.constantFrom(...pieces), { maxLength: 30 }).map((parts) => parts.join('')),
    fc.string({ maxLength: 60 }),
  );

  it('never throws: every cell is a value, blank or a failure', () => {
    fc.assert(
      fc.property(text, text, (first, second) => {
        const evaluation = evaluateModel({
          startMonth: START,
          endMonth: '2026-04',
          today: '2026-02',
          variables: [
            { id: 'a', kind: 'input', inputType: 'number', value: 3 },
            { id: 'b', kind: 'input', inputType: 'link', monthValues: { '2025-12': 1, '2026-02': 2 } },
            formulaVariable('f', first),
            formulaVariable('g', second),
          ],
        });
        for (const cells of evaluation.values.values())
          for (const cell of cells) expect(isWellFormed(cell)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

/** A naive evaluator for the subset of formulas the random models use: recursive, memoised, no compilation. */
type NaiveValue = number | boolean | null | 'error';

function evaluateNaively(spec: ModelSpec, monthCount: number): Map<string, NaiveValue[]> {
  const byId = new Map(spec.variables.map((variable) => [variable.id, variable]));
  const memo = new Map<string, NaiveValue>();
  const monthKey = (month: number) => addMonths(spec.startMonth, month);

  const cell = (id: string, month: number): NaiveValue => {
    const memoKey = `${id}@${month}`;
    const known = memo.get(memoKey);
    if (known !== undefined) return known;
    const variable = byId.get(id);
    let value: NaiveValue;
    if (variable === undefined) value = 'error';
    else if (variable.kind === 'input' && (variable.inputType === 'list' || variable.inputType === 'link'))
      value = variable.monthValues?.[monthKey(month)] ?? 0;
    else if (variable.kind === 'input') value = typeof variable.value === 'number' ? variable.value : null;
    else value = finish(evaluate(parseOnce(variable), month));
    memo.set(memoKey, value);
    return value;
  };
  const asts = new Map<string, FormulaAst>();
  const parseOnce = (variable: ModelVariableSpec) => asts.get(variable.id) as FormulaAst;
  for (const variable of spec.variables) {
    const ast = (variable as ModelVariableSpec & { ast?: FormulaAst }).ast;
    if (ast) asts.set(variable.id, ast);
  }

  const finish = (value: NaiveValue): NaiveValue =>
    typeof value === 'number' ? (Number.isFinite(value) ? value || 0 : 'error') : value;
  const read = (id: string, month: number): NaiveValue => {
    const variable = byId.get(id);
    if (variable === undefined) return 'error';
    if (variable.inputType === 'link') return variable.monthValues?.[monthKey(month)] ?? 0;
    if (month < 0 || month >= monthCount) return 0;
    return cell(id, month) ?? 0;
  };
  const number = (value: NaiveValue): number | 'error' =>
    value === 'error' ? 'error' : typeof value === 'boolean' ? (value ? 1 : 0) : (value ?? 0);
  const rank = (value: number | boolean) => (typeof value === 'number' ? 0 : 2);

  const evaluate = (ast: FormulaAst, month: number): NaiveValue => {
    switch (ast.kind) {
      case 'number':
      case 'boolean':
        return ast.value;
      case 'reference':
        return read(ast.key, month + ast.offset);
      case 'negate': {
        const value = number(evaluate(ast.operand, month));
        return value === 'error' ? 'error' : -value;
      }
      case 'arithmetic': {
        const left = number(evaluate(ast.left, month));
        if (left === 'error') return 'error';
        const right = number(evaluate(ast.right, month));
        if (right === 'error') return 'error';
        if (ast.operator === '/' && right === 0) return 'error';
        const result =
          ast.operator === '+'
            ? left + right
            : ast.operator === '-'
              ? left - right
              : ast.operator === '*'
                ? left * right
                : left / right;
        return Number.isFinite(result) ? result : 'error';
      }
      case 'comparison': {
        const left = evaluate(ast.left, month);
        if (left === 'error') return 'error';
        const right = evaluate(ast.right, month);
        if (right === 'error') return 'error';
        const a = left ?? 0;
        const b = right ?? 0;
        const order = rank(a) !== rank(b) ? rank(a) - rank(b) : a < b ? -1 : a > b ? 1 : 0;
        const tests: Record<FormulaComparisonOperator, boolean> = {
          '<': order < 0,
          '>': order > 0,
          '<=': order <= 0,
          '>=': order >= 0,
          '=': order === 0,
          '<>': order !== 0,
        };
        return tests[ast.operator];
      }
      case 'if':
      case 'conditional': {
        const condition = evaluate(ast.condition, month);
        if (condition === 'error') return 'error';
        if (condition === true || (typeof condition === 'number' && condition !== 0))
          return evaluate(ast.whenTrue, month);
        return ast.whenFalse === null ? false : evaluate(ast.whenFalse, month);
      }
      case 'call': {
        const numbers: number[] = [];
        for (const arg of ast.args) {
          if (arg.kind === 'range') {
            const variable = byId.get(arg.key);
            if (variable === undefined) return 'error';
            const first = Math.max(month + arg.from, 0);
            const last = Math.min(month + arg.to, monthCount - 1);
            for (let at = first; at <= last; at += 1) {
              const value = cell(arg.key, at);
              if (value === 'error') return 'error';
              if (typeof value === 'number') numbers.push(value);
            }
          } else {
            const value = number(evaluate(arg, month));
            if (value === 'error') return 'error';
            numbers.push(value);
          }
        }
        const sum = numbers.reduce((total, value) => total + value, 0);
        if (ast.name === 'SUM') return Number.isFinite(sum) ? sum : 'error';
        if (ast.name === 'AVERAGE')
          return numbers.length === 0 || !Number.isFinite(sum / numbers.length)
            ? 'error'
            : sum / numbers.length;
        if (ast.name === 'MIN') return numbers.length === 0 ? 0 : Math.min(...numbers);
        return numbers.length === 0 ? 0 : Math.max(...numbers);
      }
      default:
        throw new Error(`The naive evaluator does not take ${ast.kind}`);
    }
  };

  return new Map(
    spec.variables.map((variable) => [
      variable.id,
      Array.from({ length: monthCount }, (_, month) => cell(variable.id, month)),
    ]),
  );
}

/** Formulas over variables `v0`…`v{index-1}` (any month offset) and the variable's own earlier months. */
function formulaOver(index: number): fc.Arbitrary<FormulaAst> {
  const earlier = Array.from({ length: index }, (_, i) => `v${i}`);
  const references: fc.Arbitrary<FormulaAst>[] = [
    fc
      .integer({ min: -3, max: -1 })
      .map((offset): FormulaAst => ({ kind: 'reference', key: `v${index}`, offset })),
  ];
  if (earlier.length > 0)
    references.push(
      fc
        .record({ key: fc.constantFrom(...earlier), offset: fc.integer({ min: -3, max: 3 }) })
        .map(({ key, offset }): FormulaAst => ({ kind: 'reference', key, offset })),
    );
  const leaf = fc.oneof(
    fc.integer({ min: 0, max: 5 }).map((value): FormulaAst => ({ kind: 'number', value })),
    fc.boolean().map((value): FormulaAst => ({ kind: 'boolean', value })),
    ...references,
    ...references,
  );
  const range =
    earlier.length > 0
      ? fc
          .record({
            key: fc.constantFrom(...earlier),
            a: fc.integer({ min: -3, max: 2 }),
            b: fc.integer({ min: -3, max: 2 }),
          })
          .map(
            ({ key, a, b }): FormulaAst => ({ kind: 'range', key, from: Math.min(a, b), to: Math.max(a, b) }),
          )
      : fc
          .integer({ min: -3, max: -1 })
          .map((from): FormulaAst => ({ kind: 'range', key: `v${index}`, from, to: -1 }));
  return fc.letrec<{ ast: FormulaAst }>((tie) => ({
    ast: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      tie('ast').map((operand): FormulaAst => ({ kind: 'negate', operand })),
      fc
        .record({
          operator: fc.constantFrom('+' as const, '-' as const, '*' as const, '/' as const),
          left: tie('ast'),
          right: tie('ast'),
        })
        .map((node): FormulaAst => ({ kind: 'arithmetic', ...node })),
      fc
        .record({
          operator: fc.constantFrom<FormulaComparisonOperator>('<', '>=', '=', '<>'),
          left: tie('ast'),
          right: tie('ast'),
        })
        .map((node): FormulaAst => ({ kind: 'comparison', ...node })),
      fc
        .record({
          condition: tie('ast'),
          whenTrue: tie('ast'),
          whenFalse: fc.option(tie('ast'), { nil: null }),
        })
        .map((node): FormulaAst => ({ kind: 'if', ...node })),
      fc
        .record({
          name: fc.constantFrom('SUM' as const, 'AVERAGE' as const, 'MIN' as const, 'MAX' as const),
          args: fc.array(fc.oneof(tie('ast'), range), { minLength: 1, maxLength: 3 }),
        })
        .map((node): FormulaAst => ({ kind: 'call', ...node })),
    ),
  })).ast;
}

/** A random model whose variables only read earlier ones (and their own past): no loop at cell level. */
const acyclicModel = fc
  .record({ count: fc.integer({ min: 1, max: 7 }), months: fc.integer({ min: 1, max: 6 }) })
  .chain(({ count, months }) =>
    fc
      .tuple(
        ...Array.from({ length: count }, (_, index) =>
          fc.oneof(
            fc.option(fc.integer({ min: -5, max: 20 }), { nil: null }).map(
              (value): ModelVariableSpec => ({
                id: `v${index}`,
                kind: 'input',
                inputType: 'number',
                value,
              }),
            ),
            fc
              .array(fc.tuple(fc.integer({ min: -2, max: months + 1 }), fc.integer({ min: -9, max: 9 })), {
                maxLength: 6,
              })
              .chain((entries) =>
                fc.constantFrom('list' as const, 'link' as const).map(
                  (inputType): ModelVariableSpec => ({
                    id: `v${index}`,
                    kind: 'input',
                    inputType,
                    monthValues: Object.fromEntries(
                      entries
                        .filter(([month]) => inputType === 'link' || (month >= 0 && month < months))
                        .map(([month, value]) => [addMonths(START, month), value]),
                    ),
                  }),
                ),
              ),
            formulaOver(index).map((ast) => ({ ...formulaVariable(`v${index}`, printFormula(ast)), ast })),
          ),
        ),
      )
      .map((variables) => ({ months, variables })),
  );

describe('evaluateModel on random models without loops', () => {
  it('matches a naive recursive evaluator', () => {
    fc.assert(
      fc.property(acyclicModel, ({ months, variables }) => {
        const spec: ModelSpec = {
          startMonth: START,
          endMonth: addMonths(START, months - 1),
          today: START,
          variables,
        };
        const expected = evaluateNaively(spec, months);
        const actual = evaluateModel(spec);
        for (const { id } of variables) {
          const cells = (actual.values.get(id) ?? []).map((cell) =>
            cell !== null && typeof cell === 'object' ? 'error' : cell,
          );
          expect(cells).toEqual(expected.get(id));
        }
        // The order the variables are listed in does not matter.
        const reversed = evaluateModel({ ...spec, variables: [...variables].reverse() });
        expect(shapes(reversed)).toEqual(shapes(actual));
      }),
      { numRuns: 200 },
    );
  });
});

const IDS = ['v0', 'v1', 'v2', 'v3', 'v4', 'v5'];
const anyId = fc.constantFrom(...IDS, 'gone');
const formulaText = fc.oneof(
  fc
    .tuple(anyId, fc.integer({ min: -2, max: 2 }))
    .map(([id, offset]) => `{{${id}${offset < 0 ? offset : `+${offset}`}}} + 1`),
  fc.tuple(anyId, anyId).map(([a, b]) => `{{${a}}} * 2 - {{${b}-1}}`),
  fc.tuple(anyId, anyId).map(([a, b]) => `IF({{${a}}} > 3, {{${b}+1}}, 1)`),
  anyId.map((id) => `SUM({{${id}.x-2:x}})`),
  anyId.map((id) => `MONTH_VALUE({{${id}.ref}}, MONTH_VALUE() - 1) + 1`),
  fc.tuple(anyId, anyId).map(([a, b]) => `{{${a}}} / {{${b}}}`),
  fc.constantFrom('"text"', 'MONTH_NUMBER()', 'TRUE', '{{v0}} +'),
);
const variableSpec = fc.oneof(
  fc
    .tuple(fc.constantFrom(...IDS), fc.integer({ min: -3, max: 9 }))
    .map(([id, value]): ModelVariableSpec => ({ id, kind: 'input', inputType: 'number', value })),
  fc.tuple(fc.constantFrom(...IDS), formulaText).map(([id, formula]) => formulaVariable(id, formula)),
);
type Edit = { update: ModelVariableSpec } | { remove: string };
const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 4, arbitrary: variableSpec.map((update) => ({ update })) },
  { weight: 1, arbitrary: fc.constantFrom(...IDS).map((remove) => ({ remove })) },
);

describe('createModelEvaluator', () => {
  it('after any sequence of edits, equals a full evaluation and lists every variable that changed', () => {
    fc.assert(
      fc.property(
        fc.array(variableSpec, { maxLength: 6 }),
        fc.array(edit, { maxLength: 8 }),
        (initial, edits) => {
          const specs = new Map<string, ModelVariableSpec>();
          for (const variable of initial) specs.set(variable.id, variable);
          const model = (): ModelSpec => ({
            startMonth: START,
            endMonth: '2026-05',
            today: '2026-02',
            variables: [...specs.values()],
          });
          const evaluator = createModelEvaluator(model());
          let previous = shapes(evaluator.evaluate());
          for (const step of edits) {
            let result: ReturnType<typeof evaluator.updateVariable>;
            if ('update' in step) {
              specs.set(step.update.id, step.update);
              result = evaluator.updateVariable(step.update);
            } else {
              specs.delete(step.remove);
              result = evaluator.removeVariable(step.remove);
            }
            const now = shapes(result.evaluation);
            const full = shapes(evaluateModel(model()));
            expect(new Set(now.keys())).toEqual(new Set(full.keys()));
            for (const [id, cells] of full) expect(now.get(id)).toEqual(cells);
            for (const id of new Set([...previous.keys(), ...now.keys()])) {
              if (JSON.stringify(previous.get(id)) !== JSON.stringify(now.get(id)))
                expect(result.changed).toContain(id);
            }
            previous = now;
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
