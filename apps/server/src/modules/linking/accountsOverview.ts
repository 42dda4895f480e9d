import {
  addMonths,
  type Cents,
  computeAccountFigures,
  dayIn,
  latestMonth,
  type MonthKey,
  monthBounds,
  monthIn,
  monthRange,
  PRODUCT_NAME,
} from '@keel/domain';
import { and, asc, eq, isNotNull, min } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { LinkProvider } from '../../db/schema';
import { accounts, monthlyRollups } from '../../db/schema';
import { readSnapshot } from '../../db/transactions';
import { listQuickbooksAccounts } from '../accounting';
import { listDepositAccounts } from '../banking';
import { entityTimeZone } from '../entities/timeZone';
import type { AccountRow } from '../ledger/accounts';
import { figureAccountsOf, readOpeningBalances, readRangeRollups } from '../reports/loadReport';
import { MAX_REPORT_SPAN_MONTHS } from '../reports/resolveReportRange';
import { listAccountsOfLinks, listBankLinks, needsReconnect } from './bankLinkRows';

/** The overview's groups (spec §9 account groups; Banks shown as Cash), in the page's order. */
const OVERVIEW_GROUPS = ['Cash', 'Credit Cards', 'Investments', 'Loans', 'Other'] as const;
export type OverviewGroupName = (typeof OVERVIEW_GROUPS)[number];

/** The group of each balance-sheet root of the chart, by its account group (the report's line names). */
const GROUP_OF_ACCOUNT_GROUP: Record<string, OverviewGroupName> = {
  Banks: 'Cash',
  'Credit Cards': 'Credit Cards',
  Investments: 'Investments',
  Loans: 'Loans',
  Other: 'Other',
};

/** Spec §9: assets are Cash and Investments; liabilities Credit Cards and Loans; Other is neither. */
const ASSET_GROUPS: readonly OverviewGroupName[] = ['Cash', 'Investments'];
const LIABILITY_GROUPS: readonly OverviewGroupName[] = ['Credit Cards', 'Loans'];

/** How many months the series reach back at most (the current one included): the report's widest span. */
const SERIES_MONTHS = MAX_REPORT_SPAN_MONTHS;

/**
 * Where an overview account comes from: a bank linked through provider A or B, Keel's own bank, the
 * accounting source (QuickBooks Online), or the books alone (an account of the chart nothing feeds).
 */
export type OverviewSource = LinkProvider | 'keel' | 'quickbooks' | 'books';

/** How the page names each source. */
export const SOURCE_LABELS: Record<OverviewSource, string> = {
  plaid: 'Linked · Plaid',
  moneykit: 'Linked · MoneyKit',
  keel: `${PRODUCT_NAME} account`,
  quickbooks: 'Imported · QuickBooks Online',
  books: 'Books only',
};

export type OverviewItem = {
  /** The linked, Keel or QuickBooks account's id; for an account of the books alone, its ledger id. */
  accountId: string;
  source: OverviewSource;
  name: string;
  /** Its place in the chart: 'Banks/Mercury Checking'. */
  accountPath: string;
  mask: string | null;
  officialName: string | null;
  institutionName: string | null;
  group: OverviewGroupName;
  /** The bank's balances, as it states them (owed positive); null for an account of the books alone. */
  balances: { currentBalance: Cents | null; availableBalance: Cents | null };
  ledgerAccountId: string;
  /** Its own balance in the books at the close of the current month, shown as the report shows it. */
  ledgerBalance: Cents;
  needsReconnect: boolean;
  /** When its balances were last read from the bank; null for an account of the books alone. */
  updatedAt: Date | null;
};
export type OverviewGroup = { name: OverviewGroupName; total: Cents; items: OverviewItem[] };
export type BalanceSeries = {
  id: string;
  name: string;
  color: string;
  data: { date: string; value: Cents }[];
};
export type GroupHistory = { name: OverviewGroupName; data: { date: string; value: Cents }[] };
export type AccountsOverview = {
  asOf: string;
  /** The current month in the company's time zone: the series' last. */
  currentMonth: MonthKey;
  timeZone: string;
  groups: OverviewGroup[];
  summary: { assets: Cents; liabilities: Cents; netWorth: Cents };
  netWorth: BalanceSeries;
  totalAssets: BalanceSeries;
  /** Each group's balance month by month, as the report's line of its root shows it. */
  groupHistory: GroupHistory[];
};

/**
 * AccountsOverview(entityId) (spec §2 /accounts): the company's balance-sheet accounts grouped Cash
 * (the chart's Banks), Credit Cards, Investments, Loans and Other, each account with where it comes from
 * (a linked bank, Keel's own bank, QuickBooks or the books alone); a summary of assets and liabilities;
 * and the net worth and total assets series, month by month, in cents.
 *
 * Every figure is the Financial Report's: the same chart, rollups, opening balances and figure engine
 * (computeAccountFigures, actuals through the current month), so a group's balance in a month is the
 * report's line of its root in that month, to the cent. The series run from the first month the books
 * have an actual balance-sheet entry (at most SERIES_MONTHS back) to the current month in the company's
 * time zone. A liability counts negatively in net worth (spec §9). Read in one snapshot, so a sync
 * writing meanwhile never shows half.
 */
export async function readAccountsOverview(
  db: Db | Tx,
  entityId: string,
  now: Date,
): Promise<AccountsOverview> {
  return readSnapshot(db, async (tx) => {
    const timeZone = await entityTimeZone(tx, entityId);
    const today = dayIn(timeZone, now);
    const currentMonth = monthIn(timeZone, now);
    const chart = await tx
      .select()
      .from(accounts)
      .where(eq(accounts.entityId, entityId))
      .orderBy(asc(accounts.sortOrder), asc(accounts.name), asc(accounts.id));
    const months = monthRange(await firstHistoryMonth(tx, entityId, currentMonth), currentMonth);
    const range = {
      startMonth: months[0] ?? currentMonth,
      endMonth: currentMonth,
      actualsEndMonth: currentMonth,
      currentMonth,
    };
    const figures = computeAccountFigures({
      accounts: figureAccountsOf(chart),
      rollups: await readRangeRollups(tx, entityId, range),
      openingBalances: await readOpeningBalances(tx, entityId, range.startMonth),
      months,
      actualsEndMonth: currentMonth,
    });
    const last = months.length - 1;
    const sources = new Map<string, OverviewSourceItem>();
    for (const source of [
      ...(await linkedSources(tx, entityId)),
      ...(await keelSources(tx, entityId, now)),
      ...(await quickbooksSources(tx, entityId)),
    ]) {
      if (!sources.has(source.ledgerAccountId)) sources.set(source.ledgerAccountId, source);
    }
    const roots = balanceSheetRoots(chart);
    const paths = chartPaths(chart);
    const groups: OverviewGroup[] = OVERVIEW_GROUPS.map((name) => {
      const items = roots
        .filter((root) => root.group === name)
        .flatMap((root) => subtreeInOrder(chart, root.account))
        .flatMap((account): OverviewItem[] => {
          const ledgerBalance = figures.get(account.id)?.own[last] ?? 0;
          const source = sources.get(account.id);
          if (ledgerBalance === 0 && !source) return [];
          return [itemOf(account, name, paths.get(account.id) ?? account.name, ledgerBalance, source)];
        });
      return { name, items, total: groupValue(figures, roots, name, last) };
    });
    const sumOf = (names: readonly OverviewGroupName[], index: number) =>
      names.reduce((sum, name) => sum + groupValue(figures, roots, name, index), 0);
    const pointDate = (month: MonthKey) => (month === currentMonth ? today : monthBounds(month).lastDay);
    const series = (compute: (index: number) => Cents) =>
      months.map((month, index) => ({ date: pointDate(month), value: compute(index) }));
    const assets = sumOf(ASSET_GROUPS, last);
    const liabilities = sumOf(LIABILITY_GROUPS, last);
    return {
      asOf: today,
      currentMonth,
      timeZone,
      groups,
      summary: { assets, liabilities, netWorth: assets - liabilities },
      netWorth: {
        id: 'netWorth',
        name: 'Net Worth',
        color: '#228be6',
        data: series((index) => sumOf(ASSET_GROUPS, index) - sumOf(LIABILITY_GROUPS, index)),
      },
      totalAssets: {
        id: 'totalAssets',
        name: 'Total Assets',
        color: '#40c057',
        data: series((index) => sumOf(ASSET_GROUPS, index)),
      },
      groupHistory: OVERVIEW_GROUPS.map((name) => ({
        name,
        data: series((index) => groupValue(figures, roots, name, index)),
      })),
    };
  });
}

/**
 * The first month of the history: the first with an actual entry on a balance-sheet account, at most
 * SERIES_MONTHS back (opening balances carry what is older); the current month when there is none yet.
 */
async function firstHistoryMonth(tx: Db | Tx, entityId: string, currentMonth: MonthKey): Promise<MonthKey> {
  const [row] = await tx
    .select({ month: min(monthlyRollups.month) })
    .from(monthlyRollups)
    .innerJoin(accounts, eq(accounts.id, monthlyRollups.accountId))
    .where(
      and(
        eq(monthlyRollups.entityId, entityId),
        eq(monthlyRollups.scenario, 'actual'),
        isNotNull(accounts.accountGroup),
      ),
    );
  const first = row?.month && row.month < currentMonth ? row.month : currentMonth;
  return latestMonth(first, addMonths(currentMonth, 1 - SERIES_MONTHS));
}

type Root = { account: AccountRow; group: OverviewGroupName };

/** The chart's roots that are balance-sheet lines of the report (Banks, Credit Cards, …), with their group. */
function balanceSheetRoots(chart: readonly AccountRow[]): Root[] {
  return chart.flatMap((account) => {
    const group = account.parentId === null ? GROUP_OF_ACCOUNT_GROUP[account.accountGroup ?? ''] : undefined;
    return group ? [{ account, group }] : [];
  });
}

/** A group's balance in the month at `index`: its roots' totals (sub-accounts included), shown. */
function groupValue(
  figures: ReturnType<typeof computeAccountFigures>,
  roots: readonly Root[],
  name: OverviewGroupName,
  index: number,
): Cents {
  return roots
    .filter((root) => root.group === name)
    .reduce((sum, root) => sum + (figures.get(root.account.id)?.total[index] ?? 0), 0);
}

/** An account and its sub-accounts, depth first in the grid's order (sort order, then name). */
function subtreeInOrder(chart: readonly AccountRow[], root: AccountRow): AccountRow[] {
  const children = new Map<string, AccountRow[]>();
  for (const account of chart) {
    if (account.parentId === null) continue;
    const siblings = children.get(account.parentId) ?? [];
    siblings.push(account);
    children.set(account.parentId, siblings);
  }
  const ordered: AccountRow[] = [];
  const seen = new Set<string>();
  const visit = (account: AccountRow) => {
    if (seen.has(account.id)) return;
    seen.add(account.id);
    ordered.push(account);
    for (const child of children.get(account.id) ?? []) visit(child);
  };
  visit(root);
  return ordered;
}

/** Each account's path of names from its root: 'Banks/Mercury Checking'. */
function chartPaths(chart: readonly AccountRow[]): Map<string, string> {
  const byId = new Map(chart.map((account) => [account.id, account]));
  const paths = new Map<string, string>();
  for (const account of chart) {
    const names = [account.name];
    let parent = account.parentId ? byId.get(account.parentId) : undefined;
    for (let depth = 0; parent && depth < 64; depth++) {
      names.unshift(parent.name);
      parent = parent.parentId ? byId.get(parent.parentId) : undefined;
    }
    paths.set(account.id, names.join('/'));
  }
  return paths;
}

function itemOf(
  account: AccountRow,
  group: OverviewGroupName,
  accountPath: string,
  ledgerBalance: Cents,
  source: OverviewSourceItem | undefined,
): OverviewItem {
  if (source) return { ...source, group, accountPath, ledgerBalance };
  return {
    accountId: account.id,
    source: 'books',
    name: account.name,
    accountPath,
    mask: null,
    officialName: null,
    institutionName: null,
    group,
    balances: { currentBalance: null, availableBalance: null },
    ledgerAccountId: account.id,
    ledgerBalance,
    needsReconnect: false,
    updatedAt: null,
  };
}

/** What a source says of an account of the books; its group and balance come from the books. */
type OverviewSourceItem = Omit<OverviewItem, 'ledgerBalance' | 'group' | 'accountPath'>;

/** The accounts of the company's bank links that have a mirror in the books. */
async function linkedSources(tx: Db | Tx, entityId: string): Promise<OverviewSourceItem[]> {
  const links = await listBankLinks(tx, entityId);
  const linked = await listAccountsOfLinks(
    tx,
    links.map((link) => link.id),
  );
  return linked.flatMap((account) => {
    const link = links.find((candidate) => candidate.id === account.linkId);
    if (!link || account.ledgerAccountId === null) return [];
    return [
      {
        accountId: account.id,
        source: link.provider,
        name: account.name,
        mask: account.mask,
        officialName: account.officialName,
        institutionName: link.institutionName,
        balances: { currentBalance: account.currentBalance, availableBalance: account.availableBalance },
        ledgerAccountId: account.ledgerAccountId,
        needsReconnect: needsReconnect(link),
        updatedAt: account.balancesUpdatedAt ?? account.updatedAt,
      },
    ];
  });
}

/** The company's Keel deposit accounts, with the bank's balances. */
async function keelSources(tx: Db | Tx, entityId: string, now: Date): Promise<OverviewSourceItem[]> {
  const deposit = await listDepositAccounts(tx, entityId);
  return deposit.map((account) => ({
    accountId: account.id,
    source: 'keel',
    name: account.name,
    mask: account.accountNumber.slice(-4),
    officialName: null,
    institutionName: PRODUCT_NAME,
    balances: { currentBalance: account.currentBalance, availableBalance: account.availableBalance },
    ledgerAccountId: account.ledgerAccountId,
    needsReconnect: false,
    // Keel keeps the bank's ledger itself: its balances are as of now.
    updatedAt: now,
  }));
}

/** The accounts imported from the accounting source, with QuickBooks' CurrentBalance. */
async function quickbooksSources(tx: Db | Tx, entityId: string): Promise<OverviewSourceItem[]> {
  const imported = await listQuickbooksAccounts(tx, entityId);
  return imported.flatMap((account) => {
    if (account.ledgerAccountId === null) return [];
    return [
      {
        accountId: account.id,
        source: 'quickbooks',
        name: account.name,
        mask: null,
        officialName: null,
        institutionName: 'QuickBooks Online',
        balances: { currentBalance: account.currentBalance, availableBalance: null },
        ledgerAccountId: account.ledgerAccountId,
        needsReconnect: false,
        updatedAt: account.updatedAt,
      },
    ];
  });
}
