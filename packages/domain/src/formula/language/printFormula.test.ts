import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORMULA_FUNCTIONS } from '../functions/formulaFunctions';
import type { FormulaArithmeticOperator, FormulaAst, FormulaComparisonOperator } from './formulaAst';
import { parseFormula } from './parseFormula';
import { printFormula } from './printFormula';

const canonical = (text: string) => printFormula(parseFormula(text));

describe('printFormula', () => {
  it.each([
    ['1+2*3', '1 + 2 * 3'],
    ['(1+2)*3', '(1 + 2) * 3'],
    ['1-(2-3)', '1 - (2 - 3)'],
    ['(1-2)-3', '1 - 2 - 3'],
    ['1/(2*3)', '1 / (2 * 3)'],
    ['-(1+2)', '-(1 + 2)'],
    ['-(-2)', '--2'],
    ['(-2)*3', '-2 * 3'],
    ['(1<2)=TRUE', '(1 < 2) = TRUE'],
    ['1+(2<3)', '1 + (2 < 3)'],
    ['{{a}}==1', '{{a}} = 1'],
    ['{{a}}!=1', '{{a}} <> 1'],
    ['(a_1 ? 1 : 2)', 'PARSE'],
    ['({{c}} ? 1 : 2) ? 3 : 4', '({{c}} ? 1 : 2) ? 3 : 4'],
    ['{{c}} ? 1 : ({{d}} ? 2 : 3)', '{{c}} ? 1 : {{d}} ? 2 : 3'],
    ['{{c}} ? ({{d}} ? 1 : 2) : 3', '{{c}} ? {{d}} ? 1 : 2 : 3'],
    ['1 + ({{c}} ? 1 : 2)', '1 + ({{c}} ? 1 : 2)'],
    ['sum({{a}},{{b.x-3:x}})', '{{SUM}}({{a}}, {{b.x-3:x}})'],
    ['if({{a}},1)', '{{IF}}({{a}}, 1)'],
    ['IF({{a}}, 1, 2)', '{{IF}}({{a}}, 1, 2)'],
    ['{{ a . x - 1 }}', '{{a-1}}'],
    ['{{a.x}}', '{{a}}'],
    ['{{a+0}}', '{{a}}'],
    ['{{a.x-2:x+1}}', 'PARSE'],
    ['MAX({{a.x-2:x+1}})', '{{MAX}}({{a.x-2:x+1}})'],
    ['MONTH_VALUE({{a.ref}},NOW())', '{{MONTH_VALUE}}({{a.ref}}, {{NOW}}())'],
    ['"say \\"hi\\" \\\\ bye"', '"say \\"hi\\" \\\\ bye"'],
    ['1e21 + 1.5e-7', '1e+21 + 1.5e-7'],
    ['true', 'TRUE'],
  ])('prints %s as %s', (text, printed) => {
    let result: string;
    try {
      result = canonical(text);
    } catch {
      result = 'PARSE';
    }
    expect(result).toBe(printed);
  });
});

const keys = fc.oneof(
  fc.constantFrom('a', 'rev', '_tax2', 'x', 'ref', 'SUM', 'IF', 'TRUE'),
  fc.uuid().map((uuid) => uuid.toLowerCase()),
);
const offsets = fc.integer({ min: -24, max: 24 });
const leaf: fc.Arbitrary<FormulaAst> = fc.oneof(
  fc
    .oneof(fc.nat({ max: 1000 }), fc.double({ min: 0, max: 1e300, noNaN: true, noDefaultInfinity: true }))
    .map((value): FormulaAst => ({ kind: 'number', value: value === 0 ? 0 : value })),
  fc
    .string({ unit: fc.constantFrom('a', 'Z', ' ', '"', '\\', 'é', '\n', '{', '}', ',', ')') })
    .map((value): FormulaAst => ({ kind: 'string', value })),
  fc.boolean().map((value): FormulaAst => ({ kind: 'boolean', value })),
  fc
    .record({ key: keys, offset: offsets })
    .map(({ key, offset }): FormulaAst => ({ kind: 'reference', key, offset })),
);
const rangeArgument: fc.Arbitrary<FormulaAst> = fc
  .record({ key: keys, a: offsets, b: offsets })
  .map(({ key, a, b }) => ({ kind: 'range', key, from: Math.min(a, b), to: Math.max(a, b) }));

/** Random formula trees of the shapes the parser makes (ranges and .ref only where allowed). */
const { ast: astArbitrary } = fc.letrec<{ ast: FormulaAst }>((tie) => {
  const child = tie('ast');
  return {
    ast: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc
        .record({ kind: fc.constantFrom('negate' as const, 'plus' as const), operand: child })
        .map((node): FormulaAst => node),
      fc
        .record({
          operator: fc.constantFrom<FormulaArithmeticOperator>('+', '-', '*', '/'),
          left: child,
          right: child,
        })
        .map((node): FormulaAst => ({ kind: 'arithmetic', ...node })),
      fc
        .record({
          operator: fc.constantFrom<FormulaComparisonOperator>('<', '>', '<=', '>=', '=', '<>'),
          left: child,
          right: child,
        })
        .map((node): FormulaAst => ({ kind: 'comparison', ...node })),
      fc
        .record({ condition: child, whenTrue: child, whenFalse: child })
        .map((node): FormulaAst => ({ kind: 'conditional', ...node })),
      fc
        .record({ condition: child, whenTrue: child, whenFalse: fc.option(child, { nil: null }) })
        .map((node): FormulaAst => ({ kind: 'if', ...node })),
      fc.constantFrom(...FORMULA_FUNCTIONS).chain((info) => {
        if (info.name === 'MONTH_VALUE')
          return fc.oneof(
            fc
              .array(child, { maxLength: 1 })
              .map((args): FormulaAst => ({ kind: 'call', name: 'MONTH_VALUE', args })),
            fc.record({ key: keys, month: child }).map(
              ({ key, month }): FormulaAst => ({
                kind: 'call',
                name: 'MONTH_VALUE',
                args: [{ kind: 'series', key }, month],
              }),
            ),
          );
        const argument = info.takesRanges ? fc.oneof(child, rangeArgument) : child;
        const maxLength = Math.min(info.maxArgs, info.minArgs + 3);
        return fc
          .array(argument, { minLength: info.minArgs, maxLength })
          .map((args): FormulaAst => ({ kind: 'call', name: info.name, args }));
      }),
    ),
  };
});

describe('printFormula and parseFormula', () => {
  it('give back the same tree: parseFormula(printFormula(ast)) equals ast', () => {
    fc.assert(
      fc.property(astArbitrary, (ast) => {
        const text = printFormula(ast);
        fc.pre(text.length <= 4000);
        expect(parseFormula(text)).toEqual(ast);
        expect(printFormula(parseFormula(text))).toBe(text);
      }),
      { numRuns: 200 },
    );
  });
});
