import { isInsideTextLiteral } from './formulaReferences';

/**
 * Where a completion would go: after an open `{{` (`braced`, the query is what follows it) or over a
 * bare word (`word`). `from` is where the replaced text starts (the `{{` itself for `braced`).
 */
export type FormulaCompletionSpot = {
  kind: 'braced' | 'word';
  from: number;
  query: string;
  /**
   * After `{{`, a query ending in what a reference may end in (`Revenue-1`, `Revenue.x-3:x`,
   * `Revenue.ref`): the name before it and that ending, so a name picked for `name` keeps `suffix`.
   */
  reference?: { name: string; suffix: string };
};

export type FormulaCompletionTarget =
  | { kind: 'variable'; id: string; suffix?: string }
  | { kind: 'function'; name: string };

type FormulaCompletionEdit = { from: number; to: number; insert: string; cursor: number };

/** Longest text after `{{` still read as a query: variable names are short. */
const BRACED_QUERY_MAX = 80;
const OPEN_BRACES = /\{\{([^{}\n]*)$/;
const WORD = /[A-Za-z_][A-Za-z0-9_]*$/;
/** What may sit right before a word that completes: not a digit or a dot (`12ab`, `1.e`). */
const WORD_BLOCKER = /[0-9.]$/;
/** The rest of the word under the cursor (a key's or a name's; a `-` after it is a month offset). */
const WORD_REST = /^[A-Za-z0-9_]*/;
/** The rest of an open reference up to the first `}}`, with no other brace on the way. */
const REFERENCE_REST = /^[^{}\n]*?\}\}/;
/** What may follow a key inside braces and be kept: `.x`, `.ref`, a month offset, a range end. */
/** A reference ending typed at the end of a braced query: `.x`, `.ref`, `-1`, `.x-3:x`, `+2`. */
const TYPED_SUFFIX = /\s*((?:\.\s*(?:x|ref))?\s*(?:[+-]\s*\d+)?\s*(?::\s*x\s*(?:[+-]\s*\d+)?)?)$/i;
const REFERENCE_SUFFIX =
  /^\s*(?:\.\s*(?:x|ref)(?![a-z0-9_])\s*)?(?:[+-]\s*\d+\s*)?(?::\s*x(?![a-z0-9_.])\s*(?:[+-]\s*\d+\s*)?)?\}\}$/i;

/**
 * The completion spot at `position`, or null: after `{{` always (outside text literals), over a word of
 * two letters or more, or anywhere outside text literals when the user asked (`explicit`).
 */
export function findFormulaCompletionSpot(
  text: string,
  position: number,
  explicit: boolean,
): FormulaCompletionSpot | null {
  const before = text.slice(0, position);
  const braced = OPEN_BRACES.exec(before);
  if (
    braced !== null &&
    (braced[1] ?? '').length <= BRACED_QUERY_MAX &&
    !isInsideTextLiteral(text, braced.index)
  )
    return bracedSpot(braced.index, (braced[1] ?? '').trim());
  if (isInsideTextLiteral(text, position)) return null;
  const word = WORD.exec(before);
  if (word !== null && !WORD_BLOCKER.test(before.slice(0, word.index))) {
    if (word[0].length < 2 && !explicit) return null;
    return { kind: 'word', from: word.index, query: word[0] };
  }
  return explicit ? { kind: 'word', from: position, query: '' } : null;
}

function bracedSpot(from: number, query: string): FormulaCompletionSpot {
  const suffix = TYPED_SUFFIX.exec(query)?.[1] ?? '';
  const name = query.slice(0, query.length - suffix.length).trim();
  const compact = suffix.replace(/\s+/g, '');
  // `-` alone or `.` alone is not an ending yet; a name is needed before it.
  if (compact === '' || name === '' || !/\d|x|ref/i.test(compact)) return { kind: 'braced', from, query };
  return { kind: 'braced', from, query, reference: { name, suffix: compact } };
}

function functionCall(text: string, from: number, to: number, name: string): FormulaCompletionEdit {
  // An existing `(` is reused, so completing `ROUND(` in `ROUND(x)` gives `{{ROUND}}(x)`.
  if (text[to] === '(') return { from, to, insert: `{{${name}}}`, cursor: from + name.length + 5 };
  return { from, to, insert: `{{${name}}}()`, cursor: from + name.length + 5 };
}

/**
 * The change that applies a completion picked at `cursor` for `spot`: a variable becomes `{{id}}`, a
 * function `{{NAME}}()` with the cursor between the parentheses. The rest of the word under the cursor
 * is replaced too; after `{{` so is the closing `}}` (typed or auto-closed), except that a variable
 * keeps a month offset it finds there: picking in `{{rev|-1}}` gives `{{id-1}}`.
 */
export function buildFormulaCompletionEdit(
  text: string,
  spot: Pick<FormulaCompletionSpot, 'kind' | 'from'>,
  cursor: number,
  target: FormulaCompletionTarget,
): FormulaCompletionEdit {
  const { from } = spot;
  const after = text.slice(cursor);
  if (spot.kind === 'word') {
    const to = cursor + (WORD_REST.exec(after)?.[0].length ?? 0);
    if (target.kind === 'function') return functionCall(text, from, to, target.name);
    const insert = `{{${target.id}}}`;
    return { from, to, insert, cursor: from + insert.length };
  }
  const keyEnd = cursor + (WORD_REST.exec(after)?.[0].length ?? 0);
  const rest = REFERENCE_REST.exec(text.slice(keyEnd))?.[0] ?? null;
  if (target.kind === 'function')
    return functionCall(text, from, rest === null ? keyEnd : keyEnd + rest.length, target.name);
  const typed = target.suffix ?? '';
  if (rest !== null && REFERENCE_SUFFIX.test(rest)) {
    const insert = `{{${target.id}${typed}`;
    return { from, to: keyEnd, insert, cursor: from + insert.length + rest.length };
  }
  const insert = `{{${target.id}${typed}}}`;
  return { from, to: rest === null ? keyEnd : keyEnd + rest.length, insert, cursor: from + insert.length };
}
