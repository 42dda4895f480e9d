/**
 * The expressions of report 'Expression' lines (spec §3), e.g. `Income - Expense` for Net Income.
 *
 * Grammar: terms joined by `+` and `-`; a term is a reference, `(expression)`, or a term after a unary
 * `-` or `+`. A reference names another line of the same report by id or by name:
 * - bare: the text between operators and parentheses, trimmed (`Net Income`, `Credit Cards`);
 * - quoted: `"Paid-in Capital"` or `{{<line id or name>}}`, for names that hold `+ - ( )`.
 * There are no numbers and no other operators: a report line is a sum or difference of other lines.
 */
export type ReportExpression =
  | { kind: 'reference'; name: string }
  | { kind: 'negate'; operand: ReportExpression }
  | { kind: 'add' | 'subtract'; left: ReportExpression; right: ReportExpression };

/** A malformed expression, an unknown reference or a cycle between expression lines. */
export class ReportExpressionError extends Error {
  override name = 'ReportExpressionError';
}

type Token =
  | { kind: 'op'; value: '+' | '-' | '(' | ')'; at: number }
  | { kind: 'ref'; value: string; at: number };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i] ?? '';
    if (/\s/.test(char)) {
      i += 1;
    } else if (char === '+' || char === '-' || char === '(' || char === ')') {
      tokens.push({ kind: 'op', value: char, at: i });
      i += 1;
    } else if (char === '"') {
      const end = text.indexOf('"', i + 1);
      if (end < 0) throw new ReportExpressionError(`Unclosed quote at ${i + 1}`);
      tokens.push({ kind: 'ref', value: text.slice(i + 1, end).trim(), at: i });
      i = end + 1;
    } else if (text.startsWith('{{', i)) {
      const end = text.indexOf('}}', i + 2);
      if (end < 0) throw new ReportExpressionError(`Unclosed {{ at ${i + 1}`);
      tokens.push({ kind: 'ref', value: text.slice(i + 2, end).trim(), at: i });
      i = end + 2;
    } else {
      const start = i;
      while (i < text.length && !/[+\-()"]/.test(text[i] ?? '') && !text.startsWith('{{', i)) i += 1;
      tokens.push({ kind: 'ref', value: text.slice(start, i).trim(), at: start });
    }
  }
  for (const token of tokens) {
    if (token.kind === 'ref' && token.value === '')
      throw new ReportExpressionError(`Empty name at ${token.at + 1}`);
  }
  return tokens;
}

/** Parses an expression; throws ReportExpressionError with the position of the first problem. */
export function parseReportExpression(text: string): ReportExpression {
  const tokens = tokenize(text);
  let position = 0;
  const peek = () => tokens[position];
  const describe = (token: Token | undefined) =>
    token ? `'${token.value}' at ${token.at + 1}` : 'the end of the expression';

  const parseTerm = (): ReportExpression => {
    const token = peek();
    position += 1;
    if (token?.kind === 'ref') return { kind: 'reference', name: token.value };
    if (token?.value === '-') return { kind: 'negate', operand: parseTerm() };
    if (token?.value === '+') return parseTerm();
    if (token?.value === '(') {
      const inner = parseSum();
      if (peek()?.value !== ')')
        throw new ReportExpressionError(`Expected ')' but found ${describe(peek())}`);
      position += 1;
      return inner;
    }
    throw new ReportExpressionError(`Expected a line name but found ${describe(token)}`);
  };

  const parseSum = (): ReportExpression => {
    let left = parseTerm();
    for (let token = peek(); token?.value === '+' || token?.value === '-'; token = peek()) {
      position += 1;
      const right = parseTerm();
      left = { kind: token.value === '+' ? 'add' : 'subtract', left, right };
    }
    return left;
  };

  if (tokens.length === 0) throw new ReportExpressionError('The expression is empty');
  const expression = parseSum();
  if (position < tokens.length) throw new ReportExpressionError(`Unexpected ${describe(peek())}`);
  return expression;
}

/** Every reference of an expression, in order of appearance (repeats included). */
export function listExpressionReferences(expression: ReportExpression): string[] {
  switch (expression.kind) {
    case 'reference':
      return [expression.name];
    case 'negate':
      return listExpressionReferences(expression.operand);
    default:
      return [...listExpressionReferences(expression.left), ...listExpressionReferences(expression.right)];
  }
}

/**
 * Evaluates an expression column by column: `resolve` gives a referenced line's values (all the same
 * length, `width`). Integer cents in, integer cents out: only additions and subtractions happen.
 */
export function evaluateReportExpression(
  expression: ReportExpression,
  width: number,
  resolve: (name: string) => readonly number[],
): number[] {
  switch (expression.kind) {
    case 'reference': {
      const values = resolve(expression.name);
      return Array.from({ length: width }, (_, i) => values[i] ?? 0);
    }
    case 'negate':
      return evaluateReportExpression(expression.operand, width, resolve).map((value) => -value || 0);
    default: {
      const left = evaluateReportExpression(expression.left, width, resolve);
      const right = evaluateReportExpression(expression.right, width, resolve);
      const sign = expression.kind === 'add' ? 1 : -1;
      return left.map((value, i) => value + sign * (right[i] ?? 0));
    }
  }
}
