import type { FormulaAst } from './formulaAst';

/**
 * How a formula reads one variable: the earliest and latest month offsets it reads (`{{rev-1}}` and
 * `{{rev.x-3:x}}` give -3 to 0; 0 and 0 when it only reads `{{rev.ref}}`), and whether it reads the
 * whole series through `{{rev.ref}}` (MONTH_VALUE: any month, known only when evaluating).
 */
export type FormulaReference = { key: string; minOffset: number; maxOffset: number; wholeSeries: boolean };

/** Every variable a formula reads, in order of first appearance, each once. */
export function referencedVariables(ast: FormulaAst): FormulaReference[] {
  const byKey = new Map<string, { min: number | null; max: number | null; wholeSeries: boolean }>();
  const note = (key: string, from: number | null, to: number | null) => {
    const seen = byKey.get(key) ?? { min: null, max: null, wholeSeries: false };
    byKey.set(key, seen);
    if (from === null || to === null) {
      seen.wholeSeries = true;
    } else {
      seen.min = seen.min === null ? from : Math.min(seen.min, from);
      seen.max = seen.max === null ? to : Math.max(seen.max, to);
    }
  };
  const visit = (node: FormulaAst): void => {
    switch (node.kind) {
      case 'reference':
        note(node.key, node.offset, node.offset);
        return;
      case 'range':
        note(node.key, node.from, node.to);
        return;
      case 'series':
        note(node.key, null, null);
        return;
      case 'negate':
      case 'plus':
        visit(node.operand);
        return;
      case 'arithmetic':
      case 'comparison':
        visit(node.left);
        visit(node.right);
        return;
      case 'conditional':
        visit(node.condition);
        visit(node.whenTrue);
        visit(node.whenFalse);
        return;
      case 'if':
        visit(node.condition);
        visit(node.whenTrue);
        if (node.whenFalse !== null) visit(node.whenFalse);
        return;
      case 'call':
        for (const arg of node.args) visit(arg);
        return;
      default:
        return;
    }
  };
  visit(ast);
  return [...byKey].map(([key, seen]) => ({
    key,
    minOffset: seen.min ?? 0,
    maxOffset: seen.max ?? 0,
    wholeSeries: seen.wholeSeries,
  }));
}
