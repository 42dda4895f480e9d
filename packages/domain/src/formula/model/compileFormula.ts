import { FormulaEvaluationError } from '../formulaErrors';
import {
  checkFinite,
  compareValues,
  DIVISION_BY_ZERO,
  type FormulaFailure,
  type FormulaValue,
  fail,
  toCondition,
  toNumber,
} from '../formulaValue';
import {
  AGGREGATES,
  type Aggregate,
  type AggregateName,
  isAggregateName,
} from '../functions/aggregateFunctions';
import type { FormulaFunctionName } from '../functions/formulaFunctions';
import { MATH_FUNCTIONS } from '../functions/mathFunctions';
import { MONTH_FUNCTIONS } from '../functions/monthFunctions';
import { monthArgument, type ScalarFunction } from '../functions/scalarFunction';
import { TEXT_FUNCTIONS } from '../functions/textFunctions';
import type {
  FormulaArithmeticOperator,
  FormulaAst,
  FormulaComparisonOperator,
} from '../language/formulaAst';
import type { CompiledFormula, ModelRuntime, VariableCells } from './modelRuntime';

const SCALAR_FUNCTIONS: Record<Exclude<FormulaFunctionName, AggregateName>, ScalarFunction> = {
  ...MATH_FUNCTIONS,
  ...MONTH_FUNCTIONS,
  ...TEXT_FUNCTIONS,
};

const MISPLACED = fail(new FormulaEvaluationError('A month range or {{variable.ref}} cannot be used here'));

function numeric(value: FormulaValue): number | FormulaFailure {
  return typeof value === 'number' ? value : toNumber(value);
}

/**
 * Turns a parsed formula into a closure over the model's cells, once, so that evaluating a cell runs
 * plain function calls and no tree walk. Operands are evaluated left to right and the first failure is
 * the result; numbers that come out NaN or infinite fail.
 */
export function compileFormula(ast: FormulaAst, runtime: ModelRuntime): CompiledFormula {
  switch (ast.kind) {
    case 'number':
    case 'string':
    case 'boolean': {
      const value = ast.value;
      return () => value;
    }
    case 'reference': {
      const cells = runtime.cellsOf(ast.key);
      const offset = ast.offset;
      return offset === 0
        ? (month) => runtime.read(cells, month)
        : (month) => runtime.read(cells, month + offset);
    }
    case 'range':
    case 'series':
      return () => MISPLACED;
    case 'negate': {
      const operand = compileFormula(ast.operand, runtime);
      return (month) => {
        const value = numeric(operand(month));
        return typeof value === 'object' ? value : 0 - value;
      };
    }
    case 'plus':
      // Unary + changes nothing, as in a spreadsheet (+"5" stays text).
      return compileFormula(ast.operand, runtime);
    case 'arithmetic':
      return compileArithmetic(
        ast.operator,
        compileFormula(ast.left, runtime),
        compileFormula(ast.right, runtime),
      );
    case 'comparison':
      return compileComparison(
        ast.operator,
        compileFormula(ast.left, runtime),
        compileFormula(ast.right, runtime),
      );
    case 'conditional':
    case 'if': {
      const condition = compileFormula(ast.condition, runtime);
      const whenTrue = compileFormula(ast.whenTrue, runtime);
      const whenFalse = ast.whenFalse === null ? () => false : compileFormula(ast.whenFalse, runtime);
      return (month) => {
        const test = toCondition(condition(month));
        if (typeof test === 'object') return test;
        return test ? whenTrue(month) : whenFalse(month);
      };
    }
    case 'call':
      if (isAggregateName(ast.name))
        return compileAggregate(ast.name, AGGREGATES[ast.name], ast.args, runtime);
      if (ast.name === 'MONTH_VALUE' && ast.args[0]?.kind === 'series')
        return compileMonthValueOf(ast.args[0].key, ast.args[1], runtime);
      return compileScalarCall(ast.name, ast.args, runtime);
  }
}

function compileArithmetic(
  operator: FormulaArithmeticOperator,
  left: CompiledFormula,
  right: CompiledFormula,
): CompiledFormula {
  // One closure per operator, so each call site stays monomorphic.
  switch (operator) {
    case '+':
      return (month) => {
        const a = numeric(left(month));
        if (typeof a === 'object') return a;
        const b = numeric(right(month));
        if (typeof b === 'object') return b;
        const result = a + b;
        return result - result === 0 ? result : checkFinite(result);
      };
    case '-':
      return (month) => {
        const a = numeric(left(month));
        if (typeof a === 'object') return a;
        const b = numeric(right(month));
        if (typeof b === 'object') return b;
        const result = a - b;
        return result - result === 0 ? result : checkFinite(result);
      };
    case '*':
      return (month) => {
        const a = numeric(left(month));
        if (typeof a === 'object') return a;
        const b = numeric(right(month));
        if (typeof b === 'object') return b;
        const result = a * b;
        return result - result === 0 ? result : checkFinite(result);
      };
    case '/':
      return (month) => {
        const a = numeric(left(month));
        if (typeof a === 'object') return a;
        const b = numeric(right(month));
        if (typeof b === 'object') return b;
        if (b === 0) return DIVISION_BY_ZERO;
        const result = a / b;
        return result - result === 0 ? result : checkFinite(result);
      };
  }
}

/** Comparisons of numbers run inline; other kinds go through compareValues (spreadsheet order). */
function compileComparison(
  operator: FormulaComparisonOperator,
  left: CompiledFormula,
  right: CompiledFormula,
): CompiledFormula {
  const holds = COMPARISON_TESTS[operator];
  return (month) => {
    const a = left(month);
    if (typeof a === 'object') return a;
    const b = right(month);
    if (typeof b === 'object') return b;
    if (typeof a === 'number' && typeof b === 'number') return holds(a < b ? -1 : a > b ? 1 : 0);
    return holds(compareValues(a, b));
  };
}

const COMPARISON_TESTS: Record<FormulaComparisonOperator, (order: number) => boolean> = {
  '<': (order) => order < 0,
  '>': (order) => order > 0,
  '<=': (order) => order <= 0,
  '>=': (order) => order >= 0,
  '=': (order) => order === 0,
  '<>': (order) => order !== 0,
};

/**
 * A call to a function of plain values: arguments left to right, the first failure is the result,
 * then the function with the cell's month in the context. The argument array is reused from call to
 * call (a cell's evaluation never starts another's, so a call site is never re-entered).
 */
function compileScalarCall(
  name: FormulaFunctionName,
  args: FormulaAst[],
  runtime: ModelRuntime,
): CompiledFormula {
  const implementation = SCALAR_FUNCTIONS[name as Exclude<FormulaFunctionName, AggregateName>];
  const compiled = args.map((arg) => compileFormula(arg, runtime));
  const values: FormulaValue[] = compiled.map(() => 0);
  const context = runtime.context;
  const start = runtime.startSerial;
  return (month) => {
    for (let i = 0; i < compiled.length; i += 1) {
      const value = (compiled[i] as CompiledFormula)(month);
      if (typeof value === 'object') return value;
      values[i] = value;
    }
    context.month = start + month;
    return implementation(values, context);
  };
}

/** MONTH_VALUE({{key.ref}}, month): the variable's value in that month (a serial or 'YYYY-MM'). */
function compileMonthValueOf(
  key: string,
  monthAst: FormulaAst | undefined,
  runtime: ModelRuntime,
): CompiledFormula {
  const cells = runtime.cellsOf(key);
  const monthOf = monthAst === undefined ? () => 0 : compileFormula(monthAst, runtime);
  const context = runtime.context;
  const start = runtime.startSerial;
  const values: FormulaValue[] = [0];
  return (month) => {
    const value = monthOf(month);
    if (typeof value === 'object') return value;
    values[0] = value;
    context.month = start + month;
    const serial = monthArgument(values, 0, 'MONTH_VALUE', context);
    if (typeof serial === 'object') return serial;
    return runtime.read(cells, serial - start);
  };
}

/** An aggregate's argument: a value, or a month range over a variable. */
type AggregateSource =
  | { range: false; value: CompiledFormula }
  | { range: true; cells: VariableCells; from: number; to: number };

/**
 * SUM, AVERAGE, MEDIAN, MIN, MAX, ADD and MUL: the numbers of every argument, ranges flattened, into a
 * reused buffer, then the aggregate (see aggregateFunctions for what counts as a number).
 */
function compileAggregate(
  name: string,
  aggregate: Aggregate,
  args: FormulaAst[],
  runtime: ModelRuntime,
): CompiledFormula {
  const sources: AggregateSource[] = args.map((arg) =>
    arg.kind === 'range'
      ? { range: true, cells: runtime.cellsOf(arg.key), from: arg.from, to: arg.to }
      : { range: false, value: compileFormula(arg, runtime) },
  );
  let numbers = new Float64Array(16);
  let count = 0;
  const take = (value: number) => {
    if (count === numbers.length) {
      const grown = new Float64Array(numbers.length * 2);
      grown.set(numbers);
      numbers = grown;
    }
    numbers[count] = value;
    count += 1;
  };
  const lastMonth = runtime.monthCount - 1;
  return (month) => {
    count = 0;
    for (const source of sources) {
      if (!source.range) {
        const value = source.value(month);
        if (typeof value === 'number') take(value);
        else {
          const number = toNumber(value, name);
          if (typeof number === 'object') return number;
          take(number);
        }
        continue;
      }
      const cells = source.cells;
      if (cells.kind === 'missing') return cells.unknown;
      // Ranges stop at the model range, over link inputs too (a single reference reads a link anywhere).
      const first = Math.max(month + source.from, 0);
      const last = Math.min(month + source.to, lastMonth);
      for (let index = first; index <= last; index += 1) {
        const cell = runtime.readForRange(cells, index);
        if (typeof cell === 'number') take(cell);
        else if (typeof cell === 'object' && cell !== null) return cell;
      }
    }
    return aggregate(numbers, count);
  };
}
