import type { FormulaFunctionOption } from './formulaFunctionOptions';
import type { FormulaVariableOption } from './formulaVariables';

/** How well a label matches: 3 starts with the query, 2 a word of it does, 1 contains it, 0 in order. */
type LabelMatch = { score: number; matched: number[] };

export type RankedFormulaCompletion =
  | { kind: 'variable'; variable: FormulaVariableOption; matched: number[] }
  | { kind: 'function'; option: FormulaFunctionOption; matched: number[] };

function isWordStart(label: string, at: number): boolean {
  if (at === 0) return true;
  const previous = label[at - 1] ?? '';
  const current = label[at] ?? '';
  if (!/[A-Za-z0-9]/.test(previous)) return true;
  return /[a-z]/.test(previous) && /[A-Z]/.test(current);
}

/** The characters of `query` in order inside `label`, as [from, to) ranges, or null. */
function matchInOrder(label: string, query: string): number[] | null {
  const ranges: number[] = [];
  let at = 0;
  for (const char of query) {
    const found = label.indexOf(char, at);
    if (found < 0) return null;
    const last = ranges.length - 1;
    if (ranges.length > 0 && ranges[last] === found) ranges[last] = found + 1;
    else ranges.push(found, found + 1);
    at = found + 1;
  }
  return ranges;
}

/**
 * Matches `label` against what the user typed, ignoring case: the label starting with it, one of its
 * words starting with it (`up` in `ROUND_UP`, `mar` in `Gross margin`), containing it, or holding its
 * characters in order (`rdu` in `ROUND_UP`). `matched` lists the matched [from, to) ranges.
 */
export function matchCompletionLabel(label: string, query: string): LabelMatch | null {
  const wanted = query.trim().toLowerCase();
  if (wanted === '') return { score: 0, matched: [] };
  const lower = label.toLowerCase();
  const first = lower.indexOf(wanted);
  if (first === 0) return { score: 3, matched: [0, wanted.length] };
  if (first > 0) {
    for (let at = first; at >= 0; at = lower.indexOf(wanted, at + 1))
      if (isWordStart(label, at)) return { score: 2, matched: [at, at + wanted.length] };
    return { score: 1, matched: [first, first + wanted.length] };
  }
  const inOrder = matchInOrder(lower, wanted);
  return inOrder === null ? null : { score: 0, matched: inOrder };
}

/**
 * The variables and functions matching `query`, best first; among equals inputs, then formulas, then
 * functions, each in the order given.
 */
export function rankFormulaCompletions(
  query: string,
  variables: readonly FormulaVariableOption[],
  functions: readonly FormulaFunctionOption[],
): RankedFormulaCompletion[] {
  const ranked: { completion: RankedFormulaCompletion; score: number; group: number; order: number }[] = [];
  for (const variable of variables) {
    const match = matchCompletionLabel(variable.name, query);
    if (match === null) continue;
    ranked.push({
      completion: { kind: 'variable', variable, matched: match.matched },
      score: match.score,
      group: variable.group === 'inputs' ? 0 : 1,
      order: ranked.length,
    });
  }
  for (const option of functions) {
    const match = matchCompletionLabel(option.name, query);
    if (match === null) continue;
    ranked.push({
      completion: { kind: 'function', option, matched: match.matched },
      score: match.score,
      group: 2,
      order: ranked.length,
    });
  }
  ranked.sort((a, b) => b.score - a.score || a.group - b.group || a.order - b.order);
  return ranked.map((entry) => entry.completion);
}
