import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeAccountFigures, type FigureAccount, type ScenarioRollup } from './accountFigures';
import { addMonths, type MonthKey, monthRange } from './months';
import { buildReportColumns, type ReportColumn, reportDataStartMonth } from './reportColumns';
import { buildReportTree, type ReportLineDefinition, type ReportRow } from './reportTree';

type Account = FigureAccount & { name: string; isMutable: boolean; sortOrder: number };
type Entry = { accountId: string; month: MonthKey; scenario: 'actual' | 'forecast'; amount: number };
type Ledger = {
  accounts: Account[];
  entries: Entry[];
  startMonth: MonthKey;
  endMonth: MonthKey;
  actualsEndMonth: MonthKey;
  lines: ReportLineDefinition[];
};

const BASE_MONTH = '2025-01';

/**
 * A random chart (a forest up to four levels deep, random signs, cumulative roots with cumulative
 * subtrees), random entries of both scenarios from a year before the range to after it, a random
 * range with its cutoff, and a report: an AccountTree line per root, a Section over some of them, an
 * Account line, and Expressions over the lines.
 */
const ledgerArbitrary: fc.Arbitrary<Ledger> = fc
  .record({
    parents: fc.array(fc.nat(), { minLength: 1, maxLength: 14 }),
    roots: fc.integer({ min: 1, max: 4 }),
    signs: fc.array(fc.constantFrom(1, -1), { minLength: 18, maxLength: 18 }),
    cumulativeRoots: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    start: fc.integer({ min: 0, max: 14 }),
    length: fc.integer({ min: 1, max: 26 }),
    cutoff: fc.nat(),
    entries: fc.array(
      fc.record({
        account: fc.nat(),
        month: fc.integer({ min: 0, max: 45 }),
        forecast: fc.boolean(),
        amount: fc.integer({ min: -5_000_000, max: 5_000_000 }),
      }),
      { maxLength: 120 },
    ),
    flips: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
  })
  .map((raw) => {
    const accounts: Account[] = [];
    const rootOf = new Map<string, number>();
    const depthOf = new Map<string, number>();
    for (let i = 0; i < raw.roots + raw.parents.length; i++) {
      const id = `a${i}`;
      let parentId: string | null = null;
      if (i >= raw.roots) {
        const candidates = accounts.filter((account) => (depthOf.get(account.id) ?? 0) < 3);
        const parent = candidates[(raw.parents[i - raw.roots] ?? 0) % candidates.length];
        parentId = parent?.id ?? null;
      }
      const root = parentId ? (rootOf.get(parentId) ?? 0) : i;
      rootOf.set(id, root);
      depthOf.set(id, parentId ? (depthOf.get(parentId) ?? 0) + 1 : 0);
      accounts.push({
        id,
        parentId,
        name: `Account ${i}`,
        sign: raw.signs[i % raw.signs.length] ?? 1,
        cumulative: raw.cumulativeRoots[root] ?? false,
        isMutable: parentId !== null,
        sortOrder: i,
      });
    }
    const startMonth = addMonths(BASE_MONTH, raw.start);
    const endMonth = addMonths(startMonth, raw.length - 1);
    const actualsEndMonth = addMonths(startMonth, raw.cutoff % raw.length);
    const entries: Entry[] = raw.entries.map((entry) => ({
      accountId: accounts[entry.account % accounts.length]?.id ?? 'a0',
      month: addMonths('2024-01', entry.month),
      scenario: entry.forecast ? 'forecast' : 'actual',
      amount: entry.amount,
    }));
    const roots = accounts.filter((account) => account.parentId === null);
    const line = (id: string, rest: Partial<ReportLineDefinition>, order: number): ReportLineDefinition => ({
      id,
      parentId: null,
      itemType: 'AccountTree',
      name: id,
      accountId: null,
      expr: null,
      sign: 1,
      defaultSign: 1,
      isFinancial: false,
      sortOrder: order,
      ...rest,
    });
    const flip = (i: number) => (raw.flips[i] ? -1 : 1);
    const lines: ReportLineDefinition[] = roots.map((root, i) =>
      line(
        `tree${i}`,
        { accountId: root.id, name: `Tree ${i}`, sign: flip(i) * root.sign, defaultSign: root.sign },
        i,
      ),
    );
    lines.push(line('section', { itemType: 'Section', name: 'Section', sign: flip(4) }, 10));
    const deep = accounts[accounts.length - 1];
    lines.push(line('single', { itemType: 'Account', parentId: 'section', accountId: deep?.id ?? null }, 0));
    lines.push(line('nested', { itemType: 'Section', parentId: 'section', name: 'Nested' }, 1));
    lines.push(line('inner', { itemType: 'Expression', parentId: 'nested', expr: 'Tree 0 - single' }, 0));
    lines.push(
      line('diff', { itemType: 'Expression', name: 'Diff', expr: `Tree 0 - (Section - {{single}})` }, 11),
    );
    lines.push(
      line('neg', { itemType: 'Expression', name: 'Neg', expr: '-Diff + "Tree 0"', sign: flip(5) }, 12),
    );
    return { accounts, entries, startMonth, endMonth, actualsEndMonth, lines };
  });

function rollUp(entries: readonly Entry[]): ScenarioRollup[] {
  const totals = new Map<string, ScenarioRollup>();
  for (const entry of entries) {
    const key = `${entry.accountId}|${entry.scenario}|${entry.month}`;
    const rollup = totals.get(key) ?? { ...entry, amount: 0 };
    rollup.amount += entry.amount;
    totals.set(key, rollup);
  }
  return [...totals.values()];
}

/** As loadReport builds it: figures from January of the start year, so annual columns are whole years. */
function buildReport(ledger: Ledger) {
  const dataStart = reportDataStartMonth(ledger);
  const months = monthRange(ledger.startMonth, ledger.endMonth);
  const dataMonths = monthRange(dataStart, ledger.endMonth);
  const rollups = rollUp(ledger.entries);
  const inRange = rollups.filter((r) => r.month >= dataStart && r.month <= ledger.endMonth);
  const openingBalances = rollups
    .filter((r) => r.scenario === 'actual' && r.month < dataStart)
    .map((r) => ({ accountId: r.accountId, amount: r.amount }));
  const figures = computeAccountFigures({
    accounts: ledger.accounts,
    rollups: inRange,
    openingBalances,
    months: dataMonths,
    actualsEndMonth: ledger.actualsEndMonth,
  });
  const columns = buildReportColumns(
    { ...ledger, currentMonth: ledger.actualsEndMonth },
    { months: true, annualTotal: true, overallTotal: true },
  );
  const rows = buildReportTree({
    lines: ledger.lines,
    accounts: ledger.accounts,
    figures,
    months: dataMonths,
    columns,
    amountMonths: months,
  });
  return { rows, columns, months };
}

/** The subtree of an account, the account included. */
function subtree(ledger: Ledger, accountId: string): Account[] {
  const out = ledger.accounts.filter((account) => account.id === accountId);
  for (let i = 0; i < out.length; i++) {
    out.push(...ledger.accounts.filter((account) => account.parentId === out[i]?.id));
  }
  return out;
}

/**
 * A cell recounted straight from the entries (no rollup): for a flow account, the entries of the
 * column's months (actual through the cutoff, forecast after it); for a cumulative one, every actual
 * entry through min(last month, cutoff) and every forecast entry after the cutoff through the last month.
 */
function recount(ledger: Ledger, accounts: readonly Account[], column: { months: readonly MonthKey[] }) {
  const last = column.months[column.months.length - 1] ?? '';
  let total = 0;
  for (const account of accounts) {
    for (const entry of ledger.entries) {
      if (entry.accountId !== account.id) continue;
      const counts = account.cumulative
        ? entry.scenario === 'actual'
          ? entry.month <= last && entry.month <= ledger.actualsEndMonth
          : entry.month > ledger.actualsEndMonth && entry.month <= last
        : column.months.includes(entry.month) &&
          entry.scenario === (entry.month <= ledger.actualsEndMonth ? 'actual' : 'forecast');
      if (counts) total += entry.amount * account.sign;
    }
  }
  return total;
}

const allColumns = (columns: readonly ReportColumn[], months: readonly MonthKey[]) => [
  ...columns,
  { key: 'amount', months },
];
const cells = (row: ReportRow) => [...row.values, row.amount];
const flipOf = (ledger: Ledger, row: ReportRow) => {
  const line = ledger.lines.find((l) => l.id === row.lineItemId);
  return line && line.sign !== line.defaultSign ? -1 : 1;
};

describe('buildReportTree over random ledgers', () => {
  it('gives every account cell the sum of its entries, sub-accounts included', () => {
    fc.assert(
      fc.property(ledgerArbitrary, (ledger) => {
        const { rows, columns, months } = buildReport(ledger);
        for (const row of rows.filter((r) => r.accountId !== null && r.itemType !== 'Section')) {
          const accountId = row.accountId ?? '';
          const scope = row.isLeaf
            ? ledger.accounts.filter((a) => a.id === accountId)
            : subtree(ledger, accountId);
          const expected = allColumns(columns, months).map(
            (column) => flipOf(ledger, row) * recount(ledger, scope, column),
          );
          expect(cells(row)).toEqual(expected.map((value) => value || 0));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('makes every parent row the sum of its child rows, the _leaf row included', () => {
    fc.assert(
      fc.property(ledgerArbitrary, (ledger) => {
        const { rows } = buildReport(ledger);
        for (const parent of rows) {
          const children = rows.filter((row) => row.parentId === parent.id);
          if (children.length === 0 || parent.itemType === 'Expression') continue;
          const sum = cells(parent).map((_, i) =>
            children.reduce((total, child) => total + (cells(child)[i] ?? 0), 0),
          );
          const flip = parent.itemType === 'Section' ? flipOf(ledger, parent) : 1;
          expect(cells(parent)).toEqual(sum.map((value) => flip * value || 0));
          const leaf = children.find((child) => child.isLeaf);
          if (leaf) expect(leaf.itemId).toBe(`${parent.itemId}_leaf`);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('evaluates expressions over the lines they name', () => {
    fc.assert(
      fc.property(ledgerArbitrary, (ledger) => {
        const { rows } = buildReport(ledger);
        const byId = new Map(rows.map((row) => [row.id, cells(row)]));
        const get = (id: string) => byId.get(id) ?? [];
        const tree0 = get('tree0');
        const inner = tree0.map((value, i) => value - (get('single')[i] ?? 0));
        const diff = tree0.map((value, i) => value - ((get('section')[i] ?? 0) - (get('single')[i] ?? 0)));
        const negFlip = flipOf(ledger, rows.find((row) => row.id === 'neg') as ReportRow);
        expect(get('inner')).toEqual(inner.map((v) => v || 0));
        expect(get('diff')).toEqual(diff.map((v) => v || 0));
        expect(get('neg')).toEqual(diff.map((v, i) => negFlip * (-v + (tree0[i] ?? 0)) || 0));
        expect(rows.every((row) => row.error === null)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('shows cumulative accounts as running balances of their monthly flows', () => {
    fc.assert(
      fc.property(ledgerArbitrary, (ledger) => {
        const { rows, columns } = buildReport(ledger);
        const monthColumns = columns
          .map((column, index) => ({ column, index }))
          .filter((c) => c.column.period === 'month');
        for (const row of rows.filter(
          (r) => r.cumulative && r.accountId && !r.isLeaf && r.itemType !== 'Section',
        )) {
          const scope = subtree(ledger, row.accountId ?? '');
          let previous =
            flipOf(ledger, row) * recount(ledger, scope, { months: [addMonths(ledger.startMonth, -1)] });
          for (const { column, index } of monthColumns) {
            const month = column.months[0] ?? '';
            const scenario = month <= ledger.actualsEndMonth ? 'actual' : 'forecast';
            const flow = ledger.entries
              .filter((e) => e.month === month && e.scenario === scenario)
              .reduce((sum, e) => sum + (scope.find((a) => a.id === e.accountId)?.sign ?? 0) * e.amount, 0);
            expect(row.values[index]).toBe(previous + flipOf(ledger, row) * flow || 0);
            previous = row.values[index] ?? 0;
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('buildReportTree', () => {
  const accounts: Account[] = [
    {
      id: 'inc',
      parentId: null,
      name: 'Income',
      sign: -1,
      cumulative: false,
      isMutable: false,
      sortOrder: 0,
    },
    {
      id: 'sales',
      parentId: 'inc',
      name: 'Sales',
      sign: -1,
      cumulative: false,
      isMutable: true,
      sortOrder: 0,
    },
  ];
  const tree: ReportLineDefinition = {
    id: 'L1',
    parentId: null,
    itemType: 'AccountTree',
    name: 'Income',
    accountId: 'inc',
    expr: null,
    sign: -1,
    defaultSign: -1,
    isFinancial: false,
    sortOrder: 0,
  };
  const months = ['2026-01', '2026-02'];
  const build = (lines: ReportLineDefinition[], rollups: ScenarioRollup[]) => {
    const figures = computeAccountFigures({
      accounts,
      rollups,
      openingBalances: [],
      months,
      actualsEndMonth: '2026-02',
    });
    return buildReportTree({
      lines,
      accounts,
      figures,
      months,
      columns: months.map((m) => ({ months: [m] })),
    });
  };

  it('adds a _leaf row only when a parent account has figures of its own', () => {
    const withOwn = build(
      [tree],
      [
        { accountId: 'inc', scenario: 'actual', month: '2026-01', amount: -500 },
        { accountId: 'sales', scenario: 'actual', month: '2026-02', amount: -700 },
      ],
    );
    expect(withOwn.map((row) => [row.id, row.itemId, row.ancestry, row.values, row.amount])).toEqual([
      ['L1', 'inc', '/', [500, 700], 1200],
      ['L1_leaf', 'inc_leaf', '/L1/', [500, 0], 500],
      ['L1:sales', 'sales', '/L1/', [0, 700], 700],
    ]);
    const withoutOwn = build(
      [tree],
      [{ accountId: 'sales', scenario: 'actual', month: '2026-02', amount: -700 }],
    );
    expect(withoutOwn.map((row) => row.id)).toEqual(['L1', 'L1:sales']);
  });

  it('reports a broken expression on its row and shows zeros', () => {
    const broken = (id: string, expr: string, sortOrder: number): ReportLineDefinition => ({
      ...tree,
      id,
      name: id,
      itemType: 'Expression',
      accountId: null,
      expr,
      sign: 1,
      defaultSign: 1,
      sortOrder,
    });
    const rows = build(
      [
        tree,
        broken('X', 'Income - Nope', 1),
        broken('Y', 'Z', 2),
        broken('Z', 'Y + Income', 3),
        broken('W', 'Income -', 4),
      ],
      [{ accountId: 'inc', scenario: 'actual', month: '2026-01', amount: -500 }],
    );
    const errors = Object.fromEntries(
      rows.filter((r) => r.itemType === 'Expression').map((r) => [r.id, [r.error, r.values]]),
    );
    expect(errors.X).toEqual(["Unknown line 'Nope'", [0, 0]]);
    expect(errors.Y?.[0]).toMatch(/Circular reference/);
    expect(errors.Z?.[0]).toMatch(/Circular reference/);
    expect(errors.W).toEqual(['Expected a line name but found the end of the expression', [0, 0]]);
    expect(rows.find((r) => r.id === 'X')?.isFinancial).toBe(true);
  });
});
