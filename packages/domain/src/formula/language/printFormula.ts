import type { FormulaAst } from './formulaAst';
import { signed } from './tokenizeFormula';

/** How tightly a node binds, as parseFormula reads it: a child looser than its place needs parentheses. */
function bindingPower(ast: FormulaAst): number {
  switch (ast.kind) {
    case 'conditional':
      return 1;
    case 'comparison':
      return 2;
    case 'arithmetic':
      return ast.operator === '+' || ast.operator === '-' ? 3 : 4;
    case 'negate':
    case 'plus':
      return 5;
    default:
      return 6;
  }
}

function printAt(ast: FormulaAst, minPower: number): string {
  const text = printFormula(ast);
  return bindingPower(ast) < minPower ? `(${text})` : text;
}

function printText(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * The canonical text of a formula: functions as `{{NAME}}(…)` (IF too), `=` and `<>` for equality, one
 * space around binary operators, and only the parentheses the tree needs, so that
 * `parseFormula(printFormula(ast))` gives back `ast`.
 */
export function printFormula(ast: FormulaAst): string {
  switch (ast.kind) {
    case 'number':
      return String(ast.value);
    case 'string':
      return printText(ast.value);
    case 'boolean':
      return ast.value ? 'TRUE' : 'FALSE';
    case 'reference':
      return `{{${ast.key}${signed(ast.offset)}}}`;
    case 'range':
      return `{{${ast.key}.x${signed(ast.from)}:x${signed(ast.to)}}}`;
    case 'series':
      return `{{${ast.key}.ref}}`;
    case 'negate':
    case 'plus':
      return `${ast.kind === 'negate' ? '-' : '+'}${printAt(ast.operand, 5)}`;
    case 'arithmetic': {
      const power = bindingPower(ast);
      return `${printAt(ast.left, power)} ${ast.operator} ${printAt(ast.right, power + 1)}`;
    }
    case 'comparison':
      return `${printAt(ast.left, 3)} ${ast.operator} ${printAt(ast.right, 3)}`;
    case 'conditional':
      return `${printAt(ast.condition, 2)} ? ${printAt(ast.whenTrue, 0)} : ${printAt(ast.whenFalse, 1)}`;
    case 'if': {
      const args =
        ast.whenFalse === null ? [ast.condition, ast.whenTrue] : [ast.condition, ast.whenTrue, ast.whenFalse];
      return `{{IF}}(${args.map((arg) => printAt(arg, 0)).join(', ')})`;
    }
    case 'call':
      return `{{${ast.name}}}(${ast.args.map((arg) => printAt(arg, 0)).join(', ')})`;
  }
}
