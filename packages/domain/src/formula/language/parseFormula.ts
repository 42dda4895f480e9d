/**
 * The parser of Keel's model formulas: a lexer (tokenizeFormula) and a small hand-written Pratt parser.
 * No parser library: the grammar is a dozen rules, a hand-written parser reports the exact position of
 * the first problem in words a finance user reads ("Expected ')' at 14"), it costs no dependency in a
 * package shared by the server and the browser, and it parses a formula in microseconds.
 *
 * Grammar, loosest first:
 * - `condition ? then : otherwise` (right-associative: `a ? b : c ? d : e` is `a ? b : (c ? d : e)`);
 * - comparisons `< > <= >= = == <> !=` (`==` is `=`, `!=` is `<>`); they do not chain: `a < b < c` is
 *   an error, write `(a < b) = (b < c)` or use IF;
 * - `+ -`, then `* /`, both left-associative; then unary `-` and `+`;
 * - values: numbers (`12`, `1.5`, `.5`, `1e3`), text in double quotes, TRUE and FALSE (any case),
 *   parentheses, references `{{key}}` / `{{key-1}}` / `{{key.x+2}}`, function calls.
 * Functions are called `{{NAME}}(args)` (canonical) or `NAME(args)`, name in any case;
 * `IF(condition, then, otherwise?)` evaluates only the branch taken. Month ranges `{{key.x-3:x}}` may
 * only be whole arguments of SUM, AVERAGE, MEDIAN, MIN, MAX, ADD and MUL; `{{key.ref}}` only the first
 * argument of MONTH_VALUE(variable, month).
 *
 * Limits, so that no text can stall or overflow the stack: 4,000 characters, 100 levels of nesting
 * (each parenthesis, function argument, unary sign and `?:` branch opens a level; a flat `a + b + c`
 * does not).
 */

import { FormulaFunctionError, FormulaParseError, UnknownFunctionError } from '../formulaErrors';
import {
  describeArgumentCount,
  type FormulaFunctionInfo,
  findFormulaFunction,
} from '../functions/formulaFunctions';
import type { FormulaArithmeticOperator, FormulaAst, FormulaComparisonOperator } from './formulaAst';
import { type FormulaToken, tokenizeFormula } from './tokenizeFormula';

export const FORMULA_TEXT_MAX = 4000;
export const FORMULA_DEPTH_MAX = 100;

/** Binding powers, loosest first. */
const TERNARY = 1;
const COMPARISON = 2;
const ADDITIVE = 3;
const MULTIPLICATIVE = 4;
const UNARY = 5;

const AGGREGATE_LIST = 'SUM, AVERAGE, MEDIAN, MIN, MAX, ADD or MUL';

function infixPower(token: FormulaToken): number {
  if (token.kind !== 'operator') return 0;
  switch (token.value) {
    case '?':
      return TERNARY;
    case '<':
    case '>':
    case '<=':
    case '>=':
    case '=':
    case '<>':
      return COMPARISON;
    case '+':
    case '-':
      return ADDITIVE;
    case '*':
    case '/':
      return MULTIPLICATIVE;
    default:
      return 0;
  }
}

function describeToken(token: FormulaToken): string {
  switch (token.kind) {
    case 'end':
      return 'the end of the formula';
    case 'number':
      return `number at ${token.at + 1}`;
    case 'string':
      return `text at ${token.at + 1}`;
    case 'name':
      return `'${token.value}' at ${token.at + 1}`;
    case 'reference':
      return `reference at ${token.at + 1}`;
    case 'operator':
      return `'${token.value}' at ${token.at + 1}`;
  }
}

/**
 * Parses a formula into its tree. Throws FormulaTokenizeError, FormulaParseError, UnknownFunctionError
 * (an unknown name called like a function) or FormulaFunctionError (a known function given a wrong
 * number of arguments), each with the position of the problem.
 */
export function parseFormula(text: string): FormulaAst {
  if (text.length > FORMULA_TEXT_MAX)
    throw new FormulaParseError(
      `The formula is too long: ${text.length.toLocaleString('en-US')} characters, at most ${FORMULA_TEXT_MAX.toLocaleString('en-US')}`,
      FORMULA_TEXT_MAX,
    );
  const tokens = tokenizeFormula(text);
  const first = tokens[0];
  if (first === undefined || first.kind === 'end') throw new FormulaParseError('The formula is empty', 0);
  return new FormulaParser(tokens).parseAll();
}

class FormulaParser {
  private position = 0;
  private depth = 0;

  constructor(private readonly tokens: FormulaToken[]) {}

  parseAll(): FormulaAst {
    const ast = this.parseExpression(0);
    const next = this.peek();
    if (next.kind !== 'end') throw new FormulaParseError(`Unexpected ${describeToken(next)}`, next.at);
    return ast;
  }

  private peek(ahead = 0): FormulaToken {
    const tokens = this.tokens;
    return tokens[Math.min(this.position + ahead, tokens.length - 1)] ?? { kind: 'end', at: 0 };
  }

  private next(): FormulaToken {
    const token = this.peek();
    if (token.kind !== 'end') this.position += 1;
    return token;
  }

  private isOperator(token: FormulaToken, value: string): boolean {
    return token.kind === 'operator' && token.value === value;
  }

  private expect(value: string): void {
    const token = this.peek();
    if (!this.isOperator(token, value)) {
      const where = token.kind === 'end' ? `at the end of the formula` : `at ${token.at + 1}`;
      throw new FormulaParseError(`Expected '${value}' ${where}`, token.at);
    }
    this.position += 1;
  }

  private parseExpression(minPower: number): FormulaAst {
    this.depth += 1;
    if (this.depth > FORMULA_DEPTH_MAX)
      throw new FormulaParseError(
        `The formula is nested too deeply (more than ${FORMULA_DEPTH_MAX} levels)`,
        this.peek().at,
      );
    let left = this.parsePrefix();
    for (;;) {
      const token = this.peek();
      const power = infixPower(token);
      if (power === 0 || power < minPower || token.kind !== 'operator') break;
      this.position += 1;
      if (power === TERNARY) {
        const whenTrue = this.parseExpression(0);
        this.expect(':');
        const whenFalse = this.parseExpression(TERNARY);
        left = { kind: 'conditional', condition: left, whenTrue, whenFalse };
      } else if (power === COMPARISON) {
        const right = this.parseExpression(COMPARISON + 1);
        left = { kind: 'comparison', operator: token.value as FormulaComparisonOperator, left, right };
        const after = this.peek();
        if (infixPower(after) === COMPARISON)
          throw new FormulaParseError(
            `Comparisons cannot be chained (at ${after.at + 1}): use parentheses or IF`,
            after.at,
          );
      } else {
        const right = this.parseExpression(power + 1);
        left = { kind: 'arithmetic', operator: token.value as FormulaArithmeticOperator, left, right };
      }
    }
    this.depth -= 1;
    return left;
  }

  private parsePrefix(): FormulaAst {
    const token = this.next();
    switch (token.kind) {
      case 'number':
        return { kind: 'number', value: token.value };
      case 'string':
        return { kind: 'string', value: token.value };
      case 'name':
        return this.parseName(token.value, token.at);
      case 'reference': {
        const reference = token.reference;
        if (reference.form === 'plain' && this.isOperator(this.peek(), '('))
          return this.parseCall(reference.key, token.at);
        if (reference.form === 'plain' || reference.form === 'cell')
          return {
            kind: 'reference',
            key: reference.key,
            offset: reference.form === 'cell' ? reference.offset : 0,
          };
        if (reference.form === 'range')
          throw new FormulaParseError(
            `A month range can only be an argument of ${AGGREGATE_LIST} (at ${token.at + 1})`,
            token.at,
          );
        throw new FormulaParseError(
          `A '.ref' reference can only be the first argument of MONTH_VALUE (at ${token.at + 1})`,
          token.at,
        );
      }
      case 'operator':
        if (token.value === '(') {
          const inner = this.parseExpression(0);
          this.expect(')');
          return inner;
        }
        if (token.value === '-' || token.value === '+')
          return { kind: token.value === '-' ? 'negate' : 'plus', operand: this.parseExpression(UNARY) };
        throw new FormulaParseError(`Unexpected ${describeToken(token)}`, token.at);
      case 'end':
        throw new FormulaParseError('The formula ends too early: a value is missing', token.at);
    }
  }

  private parseName(name: string, at: number): FormulaAst {
    if (this.isOperator(this.peek(), '(')) return this.parseCall(name, at);
    const upper = name.toUpperCase();
    if (upper === 'TRUE' || upper === 'FALSE') return { kind: 'boolean', value: upper === 'TRUE' };
    if (upper === 'IF' || findFormulaFunction(upper))
      throw new FormulaParseError(`Expected '(' after ${upper} at ${at + 1 + name.length}`, at + name.length);
    throw new FormulaParseError(
      `Unknown name '${name}' at ${at + 1}: write a variable as {{${name}}}, text in double quotes`,
      at,
    );
  }

  /** `NAME(args)` or `{{NAME}}(args)`, with the name's token already read and `(` next. */
  private parseCall(name: string, at: number): FormulaAst {
    const upper = name.toUpperCase();
    const info = findFormulaFunction(upper);
    if (upper !== 'IF' && info === undefined) throw new UnknownFunctionError(upper, at);
    this.expect('(');
    const args: FormulaAst[] = [];
    if (!this.isOperator(this.peek(), ')')) {
      for (;;) {
        args.push(this.parseArgument(info, args.length));
        if (!this.isOperator(this.peek(), ',')) break;
        this.position += 1;
      }
    }
    this.expect(')');
    if (info === undefined) {
      const [condition, whenTrue, whenFalse] = args;
      if (condition === undefined || whenTrue === undefined || args.length > 3)
        throw new FormulaFunctionError('IF takes 2 or 3 arguments', at);
      return { kind: 'if', condition, whenTrue, whenFalse: whenFalse ?? null };
    }
    if (args.length < info.minArgs || args.length > info.maxArgs)
      throw new FormulaFunctionError(describeArgumentCount(info), at);
    if (info.name === 'MONTH_VALUE' && args.length === 2 && args[0]?.kind !== 'series')
      throw new FormulaFunctionError(
        'MONTH_VALUE with two arguments takes a variable written {{name.ref}} first',
        at,
      );
    return { kind: 'call', name: info.name, args };
  }

  /**
   * One argument. A month range (for aggregates) or `{{key.ref}}` (MONTH_VALUE's first) is taken when
   * it is the whole argument; anywhere else parsePrefix refuses it.
   */
  private parseArgument(info: FormulaFunctionInfo | undefined, index: number): FormulaAst {
    const token = this.peek();
    const after = this.peek(1);
    if (token.kind === 'reference' && (this.isOperator(after, ',') || this.isOperator(after, ')'))) {
      const reference = token.reference;
      if (reference.form === 'range' && info?.takesRanges) {
        this.position += 1;
        return { kind: 'range', key: reference.key, from: reference.from, to: reference.to };
      }
      if (reference.form === 'series' && info?.name === 'MONTH_VALUE' && index === 0) {
        this.position += 1;
        return { kind: 'series', key: reference.key };
      }
    }
    return this.parseExpression(0);
  }
}
