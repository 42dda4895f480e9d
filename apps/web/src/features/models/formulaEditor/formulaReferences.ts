/**
 * Where a formula's `{{…}}` references sit, read with the key rule of the formula language
 * (packages/domain/src/formula/README.md): a UUID key (8-4-4-4-12 hex digits, any case) is a variable,
 * a name key that is a function (`{{ROUND}}`) is a function; spaces are allowed around every part.
 * The tokenizer throws at the first error and gives no end positions, so the editor scans with these
 * patterns instead; a reference that is not well formed is left as text.
 */

/** How a variable reference reads its variable: this month, another month, a range of months, or itself. */
export type FormulaReferenceReach =
  | { kind: 'month'; offset: number }
  | { kind: 'range'; from: number; to: number }
  | { kind: 'series' };

export type FormulaReference =
  | { kind: 'variable'; from: number; to: number; variableId: string; reach: FormulaReferenceReach }
  | { kind: 'function'; from: number; to: number; name: string };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![a-z0-9_])';
const offsetPattern = (sign: string, months: string) => `(?<${sign}>[+-])\\s*(?<${months}>\\d+)\\s*`;
/** `{{ key [.x|.ref] [±n] [: x [±n]] }}` with a UUID key. */
const VARIABLE_REFERENCE =
  `\\{\\{\\s*(?<variableId>${UUID})\\s*(?:\\.\\s*(?<qualifier>x|ref)(?![a-z0-9_])\\s*)?` +
  `(?:${offsetPattern('sign', 'months')})?` +
  `(?<range>:\\s*x(?![a-z0-9_.])\\s*(?:${offsetPattern('endSign', 'endMonths')})?)?\\}\\}`;
const FUNCTION_REFERENCE = '\\{\\{\\s*(?<functionName>[a-z_][a-z0-9_]*)\\s*\\}\\}';
/** Text literals first, so references written inside quotes stay text: `"{{…}}"`. */
const TEXT_LITERAL = '"(?:\\\\["\\\\]|[^"])*"?';
const SCANNER = new RegExp(`(?<literal>${TEXT_LITERAL})|${VARIABLE_REFERENCE}|${FUNCTION_REFERENCE}`, 'gi');
const TEXT_LITERAL_ONLY = new RegExp(TEXT_LITERAL, 'g');

function signedMonths(sign: string | undefined, months: string | undefined): number | null {
  if (sign === undefined || months === undefined) return null;
  const value = Number(months);
  return sign === '-' ? -value || 0 : value;
}

type ScannedGroups = Partial<
  Record<
    | 'literal'
    | 'variableId'
    | 'qualifier'
    | 'sign'
    | 'months'
    | 'range'
    | 'endSign'
    | 'endMonths'
    | 'functionName',
    string
  >
>;

function readReach(groups: ScannedGroups): FormulaReferenceReach {
  const offset = signedMonths(groups.sign, groups.months) ?? 0;
  if (groups.range !== undefined)
    return { kind: 'range', from: offset, to: signedMonths(groups.endSign, groups.endMonths) ?? 0 };
  if (groups.qualifier?.toLowerCase() === 'ref') return { kind: 'series' };
  return { kind: 'month', offset };
}

/**
 * Every variable reference of `text` and every braced reference to one of `functionNames` (upper case),
 * in order. References inside text literals are skipped.
 */
export function scanFormulaReferences(text: string, functionNames: ReadonlySet<string>): FormulaReference[] {
  const references: FormulaReference[] = [];
  SCANNER.lastIndex = 0;
  for (let match = SCANNER.exec(text); match !== null; match = SCANNER.exec(text)) {
    const from = match.index;
    const to = from + match[0].length;
    const groups: ScannedGroups = match.groups ?? {};
    const { variableId, functionName } = groups;
    if (groups.literal !== undefined) continue;
    if (variableId !== undefined) {
      references.push({
        kind: 'variable',
        from,
        to,
        variableId: variableId.toLowerCase(),
        reach: readReach(groups),
      });
    } else if (functionName !== undefined && functionNames.has(functionName.toUpperCase())) {
      references.push({ kind: 'function', from, to, name: functionName.toUpperCase() });
    }
  }
  return references;
}

/** Whether `position` is inside a text literal (after its opening quote, before its closing one). */
export function isInsideTextLiteral(text: string, position: number): boolean {
  TEXT_LITERAL_ONLY.lastIndex = 0;
  for (let match = TEXT_LITERAL_ONLY.exec(text); match !== null; match = TEXT_LITERAL_ONLY.exec(text)) {
    if (match.index >= position) return false;
    const end = match.index + match[0].length;
    const closed = match[0].length > 1 && match[0].endsWith('"');
    if (position < end || (position === end && !closed)) return true;
  }
  return false;
}

function signed(months: number): string {
  return months > 0 ? `+${months}` : String(months);
}

/**
 * The short suffix a tag shows after the variable's name: nothing for this month, `[-1]` for a month
 * earlier, `[x-3:x]` for a range, `[ref]` for the variable itself.
 */
export function describeReferenceReach(reach: FormulaReferenceReach): string {
  switch (reach.kind) {
    case 'month':
      return reach.offset === 0 ? '' : `[${signed(reach.offset)}]`;
    case 'range': {
      const end = (months: number) => (months === 0 ? 'x' : `x${signed(months)}`);
      return `[${end(reach.from)}:${end(reach.to)}]`;
    }
    case 'series':
      return '[ref]';
  }
}
