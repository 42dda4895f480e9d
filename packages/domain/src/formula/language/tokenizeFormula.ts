import { FormulaParseError, FormulaTokenizeError } from '../formulaErrors';

/** Month offsets in references are at most 100 years either way: `{{rev-1200}}` at the furthest. */
export const FORMULA_MAX_MONTH_OFFSET = 1200;

/** Operators and punctuation, spelled canonically: `==` comes out as `=`, `!=` as `<>`. */
export type FormulaOperatorToken =
  | '+'
  | '-'
  | '*'
  | '/'
  | '<'
  | '>'
  | '<='
  | '>='
  | '='
  | '<>'
  | '('
  | ')'
  | ','
  | '?'
  | ':';

/**
 * What a `{{…}}` holds:
 * - `plain`: a bare key, `{{revenue}}`: a reference, or a function's name when `(` follows;
 * - `cell`: a key with `.x` or a month offset, `{{revenue.x}}`, `{{revenue-1}}`, `{{revenue.x+2}}`;
 * - `range`: `{{revenue.x-3:x}}`, months from `from` to `to` away (from ≤ to);
 * - `series`: `{{revenue.ref}}`, the variable itself.
 */
export type BracedReference =
  | { form: 'plain'; key: string }
  | { form: 'cell'; key: string; offset: number }
  | { form: 'range'; key: string; from: number; to: number }
  | { form: 'series'; key: string };

/** One token; `at` is its 0-based position in the text. */
export type FormulaToken =
  | { kind: 'number'; value: number; at: number }
  | { kind: 'string'; value: string; at: number }
  | { kind: 'name'; value: string; at: number }
  | { kind: 'reference'; reference: BracedReference; at: number }
  | { kind: 'operator'; value: FormulaOperatorToken; at: number }
  | { kind: 'end'; at: number };

const NUMBER = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
/** UUIDs are tried before names: they hold hyphens, which would otherwise read as month offsets. */
const UUID = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![A-Za-z0-9_])/y;
const SPACE = /\s/;

const TWO_CHAR_OPERATORS: Record<string, FormulaOperatorToken> = {
  '<=': '<=',
  '>=': '>=',
  '==': '=',
  '!=': '<>',
  '<>': '<>',
};
const ONE_CHAR_OPERATORS = new Set<string>(['+', '-', '*', '/', '<', '>', '=', '(', ')', ',', '?', ':']);

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isNameStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

function isNamePart(code: number): boolean {
  return isNameStart(code) || isDigit(code);
}

/** A letter, digit, `_` or `.`: what may not follow a number directly (`12abc`, `1.2.3`). */
function isWordChar(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return isNamePart(code) || code === 46;
}

function matchAt(pattern: RegExp, text: string, at: number): string | null {
  pattern.lastIndex = at;
  return pattern.exec(text)?.[0] ?? null;
}

/** The identifier `[A-Za-z_][A-Za-z0-9_]*` at `at`, or null. */
function nameAt(text: string, at: number): string | null {
  if (!isNameStart(text.charCodeAt(at))) return null;
  let end = at + 1;
  while (end < text.length && isNamePart(text.charCodeAt(end))) end += 1;
  return text.slice(at, end);
}

function skipSpaces(text: string, at: number): number {
  let i = at;
  for (;;) {
    const code = text.charCodeAt(i);
    if (code === 32 || (code >= 9 && code <= 13)) i += 1;
    else if (code > 127 && SPACE.test(text[i] ?? '')) i += 1;
    else return i;
  }
}

/**
 * Splits a formula into tokens; throws FormulaTokenizeError at the first character that starts none,
 * and FormulaParseError for a well-formed reference that means nothing (a range ending before it starts,
 * `.ref` with an offset, an offset over FORMULA_MAX_MONTH_OFFSET). Numbers are plain decimals (`12`, `1.5`, `.5`, `1e3`); thousands separators are not numbers here
 * (`1,000` reads as two arguments, as in a spreadsheet). Text is in double quotes, where `\"` stands for
 * a quote and `\\` for a backslash (any other backslash is kept as it is).
 */
export function tokenizeFormula(text: string): FormulaToken[] {
  const tokens: FormulaToken[] = [];
  let i = skipSpaces(text, 0);
  while (i < text.length) {
    const char = text[i] ?? '';
    const at = i;
    const code = text.charCodeAt(i);
    const number = isDigit(code) || code === 46 ? matchAt(NUMBER, text, i) : null;
    if (number !== null) {
      i += number.length;
      if (isWordChar(text, i)) throw new FormulaTokenizeError(`Malformed number at ${at + 1}`, at);
      const value = Number(number);
      if (!Number.isFinite(value)) throw new FormulaTokenizeError(`Number too large at ${at + 1}`, at);
      tokens.push({ kind: 'number', value, at });
    } else if (char === '"') {
      const { value, end } = readText(text, at);
      tokens.push({ kind: 'string', value, at });
      i = end;
    } else if (text.startsWith('{{', i)) {
      const { reference, end } = readBraces(text, at);
      tokens.push({ kind: 'reference', reference, at });
      i = end;
    } else {
      const name = nameAt(text, i);
      if (name !== null) {
        tokens.push({ kind: 'name', value: name, at });
        i += name.length;
      } else {
        const operator = TWO_CHAR_OPERATORS[text.slice(i, i + 2)];
        if (operator !== undefined) {
          tokens.push({ kind: 'operator', value: operator, at });
          i += 2;
        } else if (ONE_CHAR_OPERATORS.has(char)) {
          tokens.push({ kind: 'operator', value: char as FormulaOperatorToken, at });
          i += 1;
        } else {
          throw new FormulaTokenizeError(`Unexpected character '${char}' at ${at + 1}`, at);
        }
      }
    }
    i = skipSpaces(text, i);
  }
  tokens.push({ kind: 'end', at: text.length });
  return tokens;
}

function readText(text: string, at: number): { value: string; end: number } {
  let value = '';
  let i = at + 1;
  while (i < text.length) {
    const char = text[i];
    if (char === '"') return { value, end: i + 1 };
    const next = text[i + 1];
    if (char === '\\' && (next === '"' || next === '\\')) {
      value += next;
      i += 2;
    } else {
      value += char;
      i += 1;
    }
  }
  throw new FormulaTokenizeError(`Missing closing '"' for the text at ${at + 1}`, at);
}

/** Reads `{{ key [.x|.ref] [±n] [: x [±n]] }}`, spaces allowed around every part. */
function readBraces(text: string, at: number): { reference: BracedReference; end: number } {
  let i = skipSpaces(text, at + 2);
  // UUIDs are ids as the database writes them: lower case, whatever case the formula used.
  const key = matchAt(UUID, text, i)?.toLowerCase() ?? nameAt(text, i);
  if (key === null) throw new FormulaTokenizeError(`Expected a variable name after '{{' at ${i + 1}`, i);
  i = skipSpaces(text, i + key.length);

  let qualifier: 'x' | 'ref' | null = null;
  if (text[i] === '.') {
    const start = skipSpaces(text, i + 1);
    const word = nameAt(text, start)?.toLowerCase();
    if (word !== 'x' && word !== 'ref')
      throw new FormulaTokenizeError(`Expected '.x' or '.ref' at ${i + 1}`, i);
    qualifier = word;
    i = skipSpaces(text, start + word.length);
  }

  const from = readOffset(text, i);
  i = from.end;
  let to: number | null = null;
  if (text[i] === ':') {
    const start = skipSpaces(text, i + 1);
    if ((text[start] ?? '').toLowerCase() !== 'x' || isWordChar(text, start + 1))
      throw new FormulaTokenizeError(`Expected 'x' after ':' at ${start + 1}`, start);
    const end = readOffset(text, skipSpaces(text, start + 1));
    to = end.offset ?? 0;
    i = end.end;
  }

  if (!text.startsWith('}}', i)) throw new FormulaTokenizeError(`Expected '}}' at ${i + 1}`, i);
  const end = i + 2;
  if (qualifier === 'ref') {
    if (from.offset !== null || to !== null)
      throw new FormulaParseError(`A '.ref' reference takes no month offset or range (at ${at + 1})`, at);
    return { reference: { form: 'series', key }, end };
  }
  if (to !== null) {
    const start = from.offset ?? 0;
    if (start > to)
      throw new FormulaParseError(
        `A range cannot start after it ends: x${signed(start)}:x${signed(to)} at ${at + 1}`,
        at,
      );
    return { reference: { form: 'range', key, from: start, to }, end };
  }
  if (qualifier === null && from.offset === null) return { reference: { form: 'plain', key }, end };
  return { reference: { form: 'cell', key, offset: from.offset ?? 0 }, end };
}

/** An optional `+n` / `-n` at `at` (spaces allowed after the sign and after the digits). */
function readOffset(text: string, at: number): { offset: number | null; end: number } {
  const sign = text[at];
  if (sign !== '+' && sign !== '-') return { offset: null, end: at };
  const start = skipSpaces(text, at + 1);
  let end = start;
  while (isDigit(text.charCodeAt(end))) end += 1;
  const digits = end > start ? text.slice(start, end) : null;
  if (digits === null) throw new FormulaTokenizeError(`Expected a number of months at ${start + 1}`, start);
  const months = Number(digits);
  if (months > FORMULA_MAX_MONTH_OFFSET)
    throw new FormulaParseError(
      `A month offset can be at most ${FORMULA_MAX_MONTH_OFFSET} (at ${at + 1})`,
      at,
    );
  return { offset: sign === '-' ? -months || 0 : months, end: skipSpaces(text, start + digits.length) };
}

/** `-3`, `+2`, or nothing for 0, as offsets are written in references. */
export function signed(offset: number): string {
  if (offset === 0) return '';
  return offset > 0 ? `+${offset}` : String(offset);
}
