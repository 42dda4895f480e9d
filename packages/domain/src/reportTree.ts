import { type AccountFigures, columnValue } from './accountFigures';
import { compareChartSiblings } from './chartOrder';
import type { Cents } from './money';
import type { MonthKey } from './months';
import {
  evaluateReportExpression,
  listExpressionReferences,
  parseReportExpression,
  ReportExpressionError,
} from './reportExpression';

export const REPORT_LINE_ITEM_TYPES = ['Account', 'Section', 'Expression', 'AccountTree'] as const;
export type ReportLineItemType = (typeof REPORT_LINE_ITEM_TYPES)[number];

/** Suffix of the synthetic row holding a parent account's own figures (spec §3). */
export const LEAF_SUFFIX = '_leaf';

/** A stored report line item (spec §3 'Report line item'). */
export type ReportLineDefinition = {
  id: string;
  parentId: string | null;
  itemType: ReportLineItemType;
  name: string;
  accountId: string | null;
  expr: string | null;
  sign: number;
  defaultSign: number;
  isFinancial: boolean;
  sortOrder: number;
};

/** What a report needs to know of an account besides its figures. */
export type ReportTreeAccount = {
  id: string;
  parentId: string | null;
  name: string;
  isMutable: boolean;
  sortOrder: number;
};

export type ReportTreeInput = {
  lines: readonly ReportLineDefinition[];
  accounts: readonly ReportTreeAccount[];
  /** From computeAccountFigures over `months`. */
  figures: ReadonlyMap<string, AccountFigures>;
  /** Every month `figures` covers, oldest first (from January of the start year: annual columns). */
  months: readonly MonthKey[];
  /** The columns to compute, each as the months it covers (a ReportColumn's `months`). */
  columns: readonly { months: readonly MonthKey[] }[];
  /** The months of a row's `amount` (its total over the range); default `months`. */
  amountMonths?: readonly MonthKey[];
};

/**
 * A row of the report grid. Rows come in display order (a parent before its children).
 * - A Section row sums its child lines' rows; an Expression row evaluates `expr` over other lines.
 * - An AccountTree line gives a row for its account (named as the line) and one per sub-account (named
 *   as the account), nested; an Account line gives one row with the account's total (sub-accounts
 *   included, not shown as rows).
 * - An account row with sub-accounts and own figures in the range gets a first child '<itemId>_leaf'
 *   holding its own figures, so that every parent equals the sum of its child rows.
 */
export type ReportRow = {
  /** Unique in the report: the line item's id for its own row, '<lineItemId>:<accountId>' below it. */
  id: string;
  parentId: string | null;
  /** Slash-separated ancestor row ids: '/' for a top-level row. */
  ancestry: string;
  depth: number;
  /** The account id for account rows ('<accountId>_leaf' for leaf rows), else the line item id. */
  itemId: string;
  itemType: ReportLineItemType;
  /** The stored line item this row comes from. */
  lineItemId: string;
  accountId: string | null;
  name: string;
  /** The synthetic '_leaf' row of a parent account's own figures. */
  isLeaf: boolean;
  /** Figures are balances: balance-sheet accounts; sections and expressions over balances only. */
  cumulative: boolean;
  /**
   * Computed, not editable (no entries, forecasts or drops): Expression lines, lines stored as
   * financial (the balance-sheet groups), and every row below a financial line.
   */
  isFinancial: boolean;
  /** The account can be renamed and deleted; false for leaf, section and expression rows. */
  isMutable: boolean;
  /**
   * Account rows: the multiplier from raw entry cents to the row's figures (the account's sign,
   * negated when the line is flipped). Sections and expressions: the line's sign.
   */
  sign: number;
  /** Account rows: the account's sign. Sections and expressions: the line's default sign. */
  defaultSign: number;
  expr: string | null;
  /** Why an Expression line shows zeros (bad syntax, unknown line, circular reference); else null. */
  error: string | null;
  /** One value per input column, in cents. */
  values: Cents[];
  /** The value over the whole range (a sum for flows, the closing balance for cumulative rows). */
  amount: Cents;
};

type LineResult = { values: Cents[]; cumulative: boolean; error: string | null };

/**
 * Builds the rows of a report and their values per column. Figures are shown figures (raw x account
 * sign). A line whose `sign` differs from its `defaultSign` is flipped: every row it produces is
 * negated. Sections and expressions read their children's and references' flipped values.
 */
export function buildReportTree(input: ReportTreeInput): ReportRow[] {
  const monthIndex = new Map(input.months.map((month, index) => [month, index]));
  const columnMonths = [
    ...input.columns.map((column) => column.months),
    input.amountMonths ?? input.months,
  ].map((months) =>
    months.map((month) => monthIndex.get(month)).filter((index): index is number => index !== undefined),
  );
  const width = columnMonths.length;
  const accountsById = new Map(input.accounts.map((account) => [account.id, account]));
  const childAccounts = groupChildren(input.accounts);
  const childLines = groupChildren(input.lines);
  const linesById = new Map(input.lines.map((line) => [line.id, line]));
  // References match a line id, then a name exactly, then a name ignoring case (first line in order wins).
  const linesByName = new Map<string, ReportLineDefinition>();
  const linesByFoldedName = new Map<string, ReportLineDefinition>();
  for (const line of sortSiblings(input.lines)) {
    if (!linesByName.has(line.name)) linesByName.set(line.name, line);
    const folded = line.name.toLowerCase();
    if (!linesByFoldedName.has(folded)) linesByFoldedName.set(folded, line);
  }

  const accountValues = (
    accountId: string,
    series: 'own' | 'total',
  ): { values: Cents[]; cumulative: boolean } => {
    const figures = input.figures.get(accountId);
    if (!figures) return { values: new Array<number>(width).fill(0), cumulative: false };
    return {
      values: columnMonths.map((indexes) => columnValue(figures[series], figures.cumulative, indexes)),
      cumulative: figures.cumulative,
    };
  };

  const results = new Map<string, LineResult>();
  const inProgress = new Set<string>();
  const evaluateLine = (line: ReportLineDefinition): LineResult => {
    const known = results.get(line.id);
    if (known) return known;
    if (inProgress.has(line.id)) throw new ReportExpressionError(`Circular reference through '${line.name}'`);
    inProgress.add(line.id);
    let result: LineResult;
    try {
      result = computeLine(line);
    } finally {
      inProgress.delete(line.id);
    }
    const flip = flipOf(line);
    if (flip !== 1) result = { ...result, values: result.values.map((value) => -value || 0) };
    results.set(line.id, result);
    return result;
  };

  const computeLine = (line: ReportLineDefinition): LineResult => {
    switch (line.itemType) {
      case 'Account':
      case 'AccountTree': {
        if (!line.accountId || !accountsById.has(line.accountId)) {
          return { values: new Array<number>(width).fill(0), cumulative: false, error: 'Account not found' };
        }
        return { ...accountValues(line.accountId, 'total'), error: null };
      }
      case 'Section': {
        const children = (childLines.get(line.id) ?? []).map(evaluateLine);
        const values = new Array<number>(width).fill(0);
        for (const child of children) {
          for (let i = 0; i < width; i++) values[i] = (values[i] ?? 0) + (child.values[i] ?? 0);
        }
        const cumulative = children.length > 0 && children.every((child) => child.cumulative);
        return { values, cumulative, error: null };
      }
      case 'Expression':
        return computeExpression(line);
    }
  };

  const computeExpression = (line: ReportLineDefinition): LineResult => {
    try {
      const expression = parseReportExpression(line.expr ?? '');
      const referenced = listExpressionReferences(expression).map((name) => {
        const target =
          linesById.get(name) ?? linesByName.get(name) ?? linesByFoldedName.get(name.toLowerCase());
        if (!target) throw new ReportExpressionError(`Unknown line '${name}'`);
        return [name, target] as const;
      });
      const targets = new Map(referenced);
      const resolved = new Map<string, LineResult>();
      for (const [name, target] of targets) {
        const result = evaluateLine(target);
        if (result.error) throw new ReportExpressionError(`'${target.name}' has an error: ${result.error}`);
        resolved.set(name, result);
      }
      const values = evaluateReportExpression(expression, width, (name) => resolved.get(name)?.values ?? []);
      const cumulative = [...resolved.values()].every((result) => result.cumulative);
      return { values, cumulative, error: null };
    } catch (error) {
      if (!(error instanceof ReportExpressionError)) throw error;
      return { values: new Array<number>(width).fill(0), cumulative: false, error: error.message };
    }
  };

  const rows: ReportRow[] = [];
  // Rows are built as complete literals (no object spread): spreading 20 properties per row was most of
  // the cost of a 500-account report.
  const emit = (row: Omit<ReportRow, 'values' | 'amount'>, values: readonly Cents[]) => {
    rows.push({
      id: row.id,
      parentId: row.parentId,
      ancestry: row.ancestry,
      depth: row.depth,
      itemId: row.itemId,
      itemType: row.itemType,
      lineItemId: row.lineItemId,
      accountId: row.accountId,
      name: row.name,
      isLeaf: row.isLeaf,
      cumulative: row.cumulative,
      isFinancial: row.isFinancial,
      isMutable: row.isMutable,
      sign: row.sign,
      defaultSign: row.defaultSign,
      expr: row.expr,
      error: row.error,
      values: values.slice(0, width - 1),
      amount: values[width - 1] ?? 0,
    });
  };

  const emitAccount = (
    line: ReportLineDefinition,
    accountId: string,
    parent: { id: string; ancestry: string; depth: number } | null,
    inherited: { isFinancial: boolean },
  ) => {
    const account = accountsById.get(accountId);
    if (!account) return;
    const isLineAccount = accountId === line.accountId;
    const id = isLineAccount ? line.id : `${line.id}:${accountId}`;
    const ancestry = parent ? `${parent.ancestry}${parent.id}/` : '/';
    const depth = parent ? parent.depth + 1 : 0;
    const figures = input.figures.get(accountId);
    const flip = flipOf(line);
    const accountSign = figures?.sign ?? 1;
    const total = accountValues(accountId, 'total');
    emit(
      {
        id,
        parentId: parent?.id ?? null,
        ancestry,
        depth,
        itemId: accountId,
        itemType: isLineAccount ? line.itemType : 'Account',
        lineItemId: line.id,
        accountId,
        name: isLineAccount && line.name ? line.name : account.name,
        isLeaf: false,
        cumulative: total.cumulative,
        isFinancial: inherited.isFinancial,
        isMutable: account.isMutable,
        sign: accountSign * flip,
        defaultSign: accountSign,
        expr: null,
        error: null,
      },
      flipValues(total.values, flip),
    );
    if (line.itemType === 'Account') return;
    const children = childAccounts.get(accountId) ?? [];
    if (children.length === 0) return;
    if (figures && hasOwnFigures(figures)) {
      emit(
        {
          id: `${id}${LEAF_SUFFIX}`,
          parentId: id,
          ancestry: `${ancestry}${id}/`,
          depth: depth + 1,
          itemId: `${accountId}${LEAF_SUFFIX}`,
          itemType: 'Account',
          lineItemId: line.id,
          accountId,
          name: account.name,
          isLeaf: true,
          cumulative: total.cumulative,
          isFinancial: inherited.isFinancial,
          isMutable: false,
          sign: accountSign * flip,
          defaultSign: accountSign,
          expr: null,
          error: null,
        },
        flipValues(accountValues(accountId, 'own').values, flip),
      );
    }
    const self = { id, ancestry, depth };
    for (const child of children) emitAccount(line, child.id, self, inherited);
  };

  const emitLine = (
    line: ReportLineDefinition,
    parent: { id: string; ancestry: string; depth: number } | null,
    inherited: { isFinancial: boolean },
  ) => {
    const isFinancial = inherited.isFinancial || line.isFinancial || line.itemType === 'Expression';
    if ((line.itemType === 'AccountTree' || line.itemType === 'Account') && line.accountId) {
      if (accountsById.has(line.accountId)) {
        emitAccount(line, line.accountId, parent, { isFinancial });
        return;
      }
    }
    const result = evaluateLine(line);
    const ancestry = parent ? `${parent.ancestry}${parent.id}/` : '/';
    const depth = parent ? parent.depth + 1 : 0;
    emit(
      {
        id: line.id,
        parentId: parent?.id ?? null,
        ancestry,
        depth,
        itemId: line.id,
        itemType: line.itemType,
        lineItemId: line.id,
        accountId: line.accountId,
        name: line.name,
        isLeaf: false,
        cumulative: result.cumulative,
        isFinancial,
        isMutable: false,
        sign: line.sign,
        defaultSign: line.defaultSign,
        expr: line.expr,
        error: result.error,
      },
      result.values,
    );
    if (line.itemType !== 'Section') return;
    for (const child of childLines.get(line.id) ?? []) {
      emitLine(child, { id: line.id, ancestry, depth }, { isFinancial });
    }
  };

  for (const line of childLines.get(null) ?? []) emitLine(line, null, { isFinancial: false });
  return rows;
}

/** +1, or -1 when the line shows its figures negated (its sign differs from its default sign). */
function flipOf(line: ReportLineDefinition): number {
  return line.sign === line.defaultSign ? 1 : -1;
}

function flipValues(values: readonly Cents[], flip: number): Cents[] {
  return flip === 1 ? [...values] : values.map((value) => -value || 0);
}

function hasOwnFigures(figures: AccountFigures): boolean {
  return figures.opening !== 0 || figures.own.some((value) => value !== 0);
}

/**
 * By sort order, then name, then id, comparing code units (locale-aware comparison is far slower): the
 * chart's order (compareChartSiblings), which the default against account follows too.
 */
function sortSiblings<T extends { sortOrder: number; name: string; id: string }>(items: readonly T[]): T[] {
  return [...items].sort(compareChartSiblings);
}

/** Children by parent id (null: the top level), each list in display order; orphans go to the top. */
function groupChildren<T extends { id: string; parentId: string | null; sortOrder: number; name: string }>(
  items: readonly T[],
): Map<string | null, T[]> {
  const ids = new Set(items.map((item) => item.id));
  const groups = new Map<string | null, T[]>();
  for (const item of sortSiblings(items)) {
    const parentId = item.parentId !== null && ids.has(item.parentId) ? item.parentId : null;
    const siblings = groups.get(parentId) ?? [];
    siblings.push(item);
    groups.set(parentId, siblings);
  }
  return groups;
}
