import { parseReportExpression, type ReportExpression } from '@keel/domain';
import type { ReportAccountView, ReportLineItemView } from '../reportQuery';

/**
 * Which way is good for an account type's figures (as the report shows them: income, expense and
 * balances positive): more income, cash, investments and equity is better; more expense and more owed
 * on cards and loans is worse.
 */
const HIGHER_IS_GOOD_BY_ACCOUNT_TYPE: Readonly<Record<string, boolean>> = {
  Income: true,
  Bank: true,
  Investment: true,
  Equity: true,
  Expense: false,
  CreditCard: false,
  Loan: false,
};

export type DirectionRow = Pick<
  ReportLineItemView,
  'id' | 'lineItemId' | 'parentId' | 'accountId' | 'itemType' | 'name' | 'sign'
>;

/** What a section or expression row needs besides the report's row: its line's default sign and formula. */
export type DirectionLine = { defaultSign: number; expr: string | null };

/**
 * For every row, whether a figure above plan is good (income above plan, expense
 * below). Rows come in display order (a parent before its children).
 * - An account row goes by its account's type (HIGHER_IS_GOOD_BY_ACCOUNT_TYPE); a flipped line (its
 *   sign differs from its account's) shows the figures negated, so the direction reverses too.
 * - A section sums its children: it goes the way of its first child with an account below it
 *   (reversed when the section itself is flipped: sign differs from its line's default sign).
 * - An expression goes the way its terms agree on: `Income - Expense` (Net Income) is better higher,
 *   `Expense - Income` (Net Burn) lower. Terms that disagree, or a formula that does not parse, fall
 *   back to higher is good. A flipped expression reverses it.
 * `lines` (by row id) gives sections and expressions their default sign and formula; without them a
 * section is taken as not flipped and an expression as higher is good.
 */
export function varianceDirections(
  rows: readonly DirectionRow[],
  accountsById: ReadonlyMap<string, Pick<ReportAccountView, 'accountType' | 'sign'>>,
  lines: ReadonlyMap<string, DirectionLine> = new Map(),
): Map<string, boolean> {
  const childrenById = new Map<string, DirectionRow[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const siblings = childrenById.get(row.parentId);
    if (siblings) siblings.push(row);
    else childrenById.set(row.parentId, [row]);
  }
  // A line's own row (not the rows of sub-accounts below it), by the names an expression may use.
  const lineRows = rows.filter((row) => row.id === row.lineItemId);
  const lineById = new Map(lineRows.map((row) => [row.lineItemId, row]));
  const lineByName = new Map<string, DirectionRow>();
  const lineByFoldedName = new Map<string, DirectionRow>();
  for (const row of lineRows) {
    if (!lineByName.has(row.name)) lineByName.set(row.name, row);
    if (!lineByFoldedName.has(row.name.toLowerCase())) lineByFoldedName.set(row.name.toLowerCase(), row);
  }
  const resolve = (name: string) =>
    lineById.get(name) ?? lineByName.get(name) ?? lineByFoldedName.get(name.toLowerCase());

  const directions = new Map<string, boolean>();
  const inProgress = new Set<string>();
  const hasAccountBelow = (row: DirectionRow): boolean =>
    row.accountId !== null || (childrenById.get(row.id) ?? []).some(hasAccountBelow);
  const flipped = (row: DirectionRow) => row.sign !== (lines.get(row.id)?.defaultSign ?? row.sign);

  const directionOf = (row: DirectionRow): boolean => {
    const known = directions.get(row.id);
    if (known !== undefined) return known;
    if (inProgress.has(row.id)) return true; // a circular formula: the server shows zeros there
    inProgress.add(row.id);
    let higherIsGood: boolean;
    const account = row.accountId ? accountsById.get(row.accountId) : undefined;
    if (account) {
      const byType = HIGHER_IS_GOOD_BY_ACCOUNT_TYPE[account.accountType] ?? true;
      higherIsGood = row.sign === account.sign ? byType : !byType;
    } else if (row.itemType === 'Expression') {
      const agreed = expressionDirection(lines.get(row.id)?.expr ?? null, (name) => {
        const target = resolve(name);
        return target ? directionOf(target) : undefined;
      });
      higherIsGood = flipped(row) ? !agreed : agreed;
    } else {
      const first = (childrenById.get(row.id) ?? []).find(hasAccountBelow);
      const childDirection = first ? directionOf(first) : true;
      higherIsGood = flipped(row) ? !childDirection : childDirection;
    }
    inProgress.delete(row.id);
    directions.set(row.id, higherIsGood);
    return higherIsGood;
  };
  for (const row of rows) directionOf(row);
  return directions;
}

/** The direction an expression's terms agree on (a subtracted term counts reversed); else higher is good. */
function expressionDirection(
  expr: string | null,
  directionOfLine: (name: string) => boolean | undefined,
): boolean {
  if (!expr) return true;
  let expression: ReportExpression;
  try {
    expression = parseReportExpression(expr);
  } catch {
    return true;
  }
  const found = new Set<boolean>();
  const visit = (node: ReportExpression, positive: boolean) => {
    if (node.kind === 'reference') {
      const direction = directionOfLine(node.name);
      if (direction !== undefined) found.add(positive ? direction : !direction);
    } else if (node.kind === 'negate') {
      visit(node.operand, !positive);
    } else {
      visit(node.left, positive);
      visit(node.right, node.kind === 'add' ? positive : !positive);
    }
  };
  visit(expression, true);
  return found.size === 1 ? [...found][0] === true : true;
}
