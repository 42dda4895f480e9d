import {
  type AccountFigures,
  buildReportColumns,
  buildReportTree,
  computeAccountFigures,
  type FigureAccount,
  type MonthKey,
  monthRange,
  type ReportColumn,
  type ReportLineDefinition,
  type ReportRange,
  type ReportRow,
  reportDataStartMonth,
  type ScenarioRollup,
} from '@keel/domain';
import { and, asc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { accounts, monthlyRollups, reportLineItems } from '../../db/schema';
import type { AccountRow } from '../ledger/accounts';
import { reportLinesOrFallback } from './fallbackReportLines';
import { findReport } from './findReport';
import type { ReportRecord } from './listReports';
import { readThroughReportCache } from './reportCache';

/** A report computed over a range: what the `report` query answers from. */
export type LoadedReport = {
  report: ReportRecord;
  range: ReportRange;
  /** Every month of the range, oldest first. */
  months: MonthKey[];
  /** Every column: months, annual and YTD summaries, the overall total (the grid hides what it wants). */
  columns: ReportColumn[];
  /** The entity's chart, in display order (sort order, then name). */
  accounts: AccountRow[];
  /** The report's lines (stored, or the default ones computed for a report stored without them). */
  lines: readonly ReportLineDefinition[];
  /** Every month figures are computed over: from January of the start year through the end. */
  dataMonths: MonthKey[];
  /** Each account's path of names from its root, e.g. 'Expense/Operating Expenses/Payroll'. */
  pathById: Map<string, string>;
  /** Each account's sub-accounts, in display order. */
  childrenById: Map<string, AccountRow[]>;
  /** For each column, the positions in `columnFigures`' months of the months it covers. */
  columnMonthIndexes: number[][];
  /** Figures from January of the start year through the end: what the columns add up. */
  columnFigures: Map<string, AccountFigures>;
  /** Figures over `months` (the range): the cards and per-month amounts. */
  figures: Map<string, AccountFigures>;
  rows: ReportRow[];
};

/**
 * Computes a report of the entity (by id, or the default 'Financial Report'; null when there is none).
 * Figures come only from the monthly rollup (and the chart and the report's lines), so a report costs
 * O(accounts x months) whatever the number of entries. Four reads, in one snapshot (readSnapshot):
 * 1. the report and its line items;
 * 2. the entity's accounts;
 * 3. the rollups of the range's months, 'actual' through the cutoff and 'forecast' after it;
 * 4. for balance-sheet accounts, one aggregate of the actual rollups before the range (opening balances).
 * Then the pure functions of @keel/domain build the figures, the columns and the rows.
 * The caller has checked the viewer's access to the entity. The answer is kept in the report cache
 * (reportCache.ts) while the entity's ledger version stands, and is shared: treat it as read-only.
 */
export async function loadReport(
  db: Db,
  entityId: string,
  reportId: string | null,
  range: ReportRange,
): Promise<LoadedReport | null> {
  return readThroughReportCache(
    db,
    entityId,
    `report|${reportId ?? 'default'}|${range.startMonth}|${range.endMonth}|${range.actualsEndMonth}|${range.currentMonth}`,
    // About 64 bytes per figure kept (each account's figures by month and by column).
    (loaded) => (loaded ? loaded.accounts.length * (loaded.columns.length + loaded.months.length) * 64 : 64),
    (snapshot) => loadReportIn(snapshot, entityId, reportId, range),
  );
}

/** loadReport's work, in the snapshot it is given (uncached): for reads that must agree with it. */
export async function loadReportIn(
  db: Db | Tx,
  entityId: string,
  reportId: string | null,
  range: ReportRange,
): Promise<LoadedReport | null> {
  // One after the other: a snapshot is one transaction on one connection.
  const report = await findReport(db, entityId, reportId);
  if (!report) return null;
  const storedLines = await db
    .select()
    .from(reportLineItems)
    .where(and(eq(reportLineItems.entityId, entityId), eq(reportLineItems.reportId, report.id)));
  const chart = await db
    .select()
    .from(accounts)
    .where(eq(accounts.entityId, entityId))
    .orderBy(asc(accounts.sortOrder), asc(accounts.name), asc(accounts.id));
  // Figures are computed from January of the start year (spec §9), so the first year's annual and YTD
  // columns hold the whole year whatever month the range starts in; the months shown start later.
  const dataStart = reportDataStartMonth(range);
  const rollups = await readRangeRollups(db, entityId, { ...range, startMonth: dataStart });
  const months = monthRange(range.startMonth, range.endMonth);
  const dataMonths = monthRange(dataStart, range.endMonth);
  const figuresOver = async (over: MonthKey[]) =>
    computeAccountFigures({
      accounts: figureAccountsOf(chart),
      rollups,
      openingBalances: await readOpeningBalances(db, entityId, over[0] ?? range.startMonth),
      months: over,
      actualsEndMonth: range.actualsEndMonth,
    });
  const columnFigures = await figuresOver(dataMonths);
  const figures = dataStart === range.startMonth ? columnFigures : await figuresOver(months);
  const columns = buildReportColumns(range, { months: true, annualTotal: true, overallTotal: true });
  const lines = reportLinesOrFallback(report, storedLines, chart);
  const rows = buildReportTree({
    lines,
    accounts: chart,
    figures: columnFigures,
    months: dataMonths,
    columns,
    amountMonths: months,
  });
  const monthIndex = new Map(dataMonths.map((month, index) => [month, index]));
  const childrenById = new Map<string, AccountRow[]>();
  for (const account of chart) {
    if (account.parentId === null) continue;
    const siblings = childrenById.get(account.parentId) ?? [];
    siblings.push(account);
    childrenById.set(account.parentId, siblings);
  }
  return {
    report,
    range,
    months,
    columns,
    accounts: chart,
    lines,
    dataMonths,
    pathById: buildPaths(chart),
    childrenById,
    columnMonthIndexes: columns.map((column) => column.months.map((month) => monthIndex.get(month) ?? -1)),
    columnFigures,
    figures,
    rows,
  };
}

/** The chart as the figures see it: balance-sheet accounts (those in an account group) are cumulative. */
export function figureAccountsOf(chart: readonly AccountRow[]): FigureAccount[] {
  return chart.map((account) => ({
    id: account.id,
    parentId: account.parentId,
    sign: account.sign,
    cumulative: account.accountGroup !== null,
  }));
}

/** For balance-sheet accounts, the actual rollups before `month` in one aggregate (opening balances). */
export async function readOpeningBalances(db: Db | Tx, entityId: string, month: MonthKey) {
  return db
    .select({
      accountId: monthlyRollups.accountId,
      amount: sql<number>`sum(${monthlyRollups.amount})`.mapWith(Number),
    })
    .from(monthlyRollups)
    .innerJoin(accounts, eq(accounts.id, monthlyRollups.accountId))
    .where(
      and(
        eq(monthlyRollups.entityId, entityId),
        eq(monthlyRollups.scenario, 'actual'),
        lt(monthlyRollups.month, month),
        isNotNull(accounts.accountGroup),
      ),
    )
    .groupBy(monthlyRollups.accountId);
}

/**
 * The rollups of the range that the report shows: 'actual' through the cutoff, 'forecast' after it, so
 * each account has at most one figure per month. They come back as one JSON value,
 * {accountId: {month: cents}}: this is the report's one large read (accounts x months), and one JSON
 * value costs a fraction of thousands of protocol rows, five times less on PGlite.
 */
export async function readRangeRollups(
  db: Db,
  entityId: string,
  range: ReportRange,
): Promise<ScenarioRollup[]> {
  const result = await db.execute(sql`
    SELECT json_object_agg(account_id, amounts) AS rollups FROM (
      SELECT account_id, json_object_agg(month, amount) AS amounts FROM monthly_rollups
      WHERE entity_id = ${entityId}::uuid AND month BETWEEN ${range.startMonth} AND ${range.endMonth}
        AND ((scenario = 'actual' AND month <= ${range.actualsEndMonth})
          OR (scenario = 'forecast' AND month > ${range.actualsEndMonth}))
      GROUP BY account_id
    ) AS by_account`);
  const [row] = (result as unknown as { rows: { rollups: RangeRollups | string | null }[] }).rows;
  const byAccount: RangeRollups =
    typeof row?.rollups === 'string' ? JSON.parse(row.rollups) : (row?.rollups ?? {});
  const rollups: ScenarioRollup[] = [];
  for (const [accountId, amounts] of Object.entries(byAccount)) {
    for (const [month, amount] of Object.entries(amounts)) {
      const scenario = month <= range.actualsEndMonth ? 'actual' : 'forecast';
      rollups.push({ accountId, scenario, month, amount: Number(amount) });
    }
  }
  return rollups;
}

/** accountId -> month -> cents. */
type RangeRollups = Record<string, Record<string, number>>;

function buildPaths(chart: readonly AccountRow[]): Map<string, string> {
  const byId = new Map(chart.map((account) => [account.id, account]));
  const paths = new Map<string, string>();
  const pathOf = (account: AccountRow, depth: number): string => {
    const known = paths.get(account.id);
    if (known !== undefined) return known;
    const parent = account.parentId ? byId.get(account.parentId) : undefined;
    const path = parent && depth < 64 ? `${pathOf(parent, depth + 1)}/${account.name}` : account.name;
    paths.set(account.id, path);
    return path;
  };
  for (const account of chart) pathOf(account, 0);
  return paths;
}
