import {
  addMonths,
  type Cents,
  latestMonth,
  type MonthKey,
  monthBounds,
  monthKeyOfDate,
  PRODUCT_NAME,
} from '@keel/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { LinkProvider } from '../../db/schema';
import { monthlyRollups } from '../../db/schema';
import { readSnapshot } from '../../db/transactions';
import { listQuickbooksAccounts, type QuickbooksRoot, quickbooksRootOf } from '../accounting';
import { listDepositAccounts } from '../banking';
import { listAccountsOfLinks, listBankLinks, needsReconnect } from './bankLinkRows';
import { isOwedType } from './booksAccounts';

/** The overview's groups (spec §9 account groups; Banks shown as Cash), in the page's order. */
export const OVERVIEW_GROUPS = ['Cash', 'Credit Cards', 'Investments', 'Loans', 'Other'] as const;
export type OverviewGroupName = (typeof OVERVIEW_GROUPS)[number];

const GROUP_OF_TYPE: Record<string, OverviewGroupName> = {
  depository: 'Cash',
  credit: 'Credit Cards',
  investment: 'Investments',
  loan: 'Loans',
};

/** Spec §9: assets are Cash and Investments; liabilities Credit Cards and Loans; Other is neither. */
const ASSET_GROUPS: readonly OverviewGroupName[] = ['Cash', 'Investments'];
const LIABILITY_GROUPS: readonly OverviewGroupName[] = ['Credit Cards', 'Loans'];

/** How many months the series reach back at most (the current one included). */
export const SERIES_MONTHS = 24;

/**
 * Where an overview account comes from: a bank linked through provider A or B, Keel's own bank, or the
 * accounting source (QuickBooks Online's bank, card, investment and loan accounts).
 */
export type OverviewSource = LinkProvider | 'keel' | 'quickbooks';

export type OverviewItem = {
  accountId: string;
  source: OverviewSource;
  name: string;
  mask: string | null;
  officialName: string | null;
  institutionName: string;
  group: OverviewGroupName;
  /** The bank's balances, as it states them (owed positive). */
  balances: { currentBalance: Cents | null; availableBalance: Cents | null };
  ledgerAccountId: string;
  /** The mirror's balance in the books as the page shows it: owed balances positive, like the bank's. */
  ledgerBalance: Cents;
  needsReconnect: boolean;
  /** When its balances were last read from the bank. */
  updatedAt: Date;
};
export type OverviewGroup = { name: OverviewGroupName; total: Cents; items: OverviewItem[] };
export type BalanceSeries = {
  id: string;
  name: string;
  color: string;
  data: { date: string; value: Cents }[];
};
export type AccountsOverview = {
  asOf: string;
  groups: OverviewGroup[];
  summary: { assets: Cents; liabilities: Cents; netWorth: Cents };
  netWorth: BalanceSeries;
  totalAssets: BalanceSeries;
};

/**
 * AccountsOverview(entityId) (spec §2 /accounts): the company's linked accounts grouped Cash, Credit
 * Cards, Investments, Loans, Other; a summary of assets and liabilities; and the net worth and total
 * assets series, month by month, in cents. Every figure comes from the books (the monthly rollups of
 * each account's mirror), so the overview says what the report says; after each sync the books equal
 * the bank's balances (reconcileOpeningBalances.ts), so it says what the bank says too. A liability's
 * balance counts negatively in net worth (a credit balance in the books: spec §9's negated sign).
 * Read in one snapshot, so a sync writing meanwhile never shows half.
 */
export async function readAccountsOverview(
  db: Db | Tx,
  entityId: string,
  now: Date,
): Promise<AccountsOverview> {
  const today = now.toISOString().slice(0, 10);
  return readSnapshot(db, async (tx) => {
    const sources = [
      ...(await linkedSources(tx, entityId)),
      ...(await keelSources(tx, entityId, now)),
      ...(await quickbooksSources(tx, entityId)),
    ];
    const ledgerIds = sources.map((source) => source.ledgerAccountId);
    const rollups = ledgerIds.length
      ? await tx
          .select({
            accountId: monthlyRollups.accountId,
            month: monthlyRollups.month,
            amount: monthlyRollups.amount,
          })
          .from(monthlyRollups)
          .where(
            and(
              eq(monthlyRollups.entityId, entityId),
              eq(monthlyRollups.scenario, 'actual'),
              inArray(monthlyRollups.accountId, ledgerIds),
            ),
          )
      : [];
    const currentMonth = monthKeyOfDate(today);
    const rawThrough = (accountId: string, month: MonthKey) =>
      rollups.reduce(
        (sum, row) => (row.accountId === accountId && row.month <= month ? sum + row.amount : sum),
        0,
      );
    const items: OverviewItem[] = sources.map(({ owed, ...source }) => {
      const raw = rawThrough(source.ledgerAccountId, currentMonth);
      return { ...source, ledgerBalance: owed ? -raw : raw };
    });
    const groups = OVERVIEW_GROUPS.map((name) => {
      const members = items.filter((item) => item.group === name);
      return { name, items: members, total: members.reduce((sum, item) => sum + item.ledgerBalance, 0) };
    });
    const totalOf = (names: readonly OverviewGroupName[]) =>
      groups.filter((group) => names.includes(group.name)).reduce((sum, group) => sum + group.total, 0);
    const assets = totalOf(ASSET_GROUPS);
    const liabilities = totalOf(LIABILITY_GROUPS);
    const months = seriesMonths(
      rollups.map((row) => row.month),
      currentMonth,
    );
    /** Raw balances (debits positive) of the items in these groups at the end of the month. */
    const rawOf = (names: readonly OverviewGroupName[], month: MonthKey) =>
      items
        .filter((item) => names.includes(item.group))
        .reduce((sum, item) => sum + rawThrough(item.ledgerAccountId, month), 0);
    const pointDate = (month: MonthKey) => (month === currentMonth ? today : monthBounds(month).lastDay);
    return {
      asOf: today,
      groups,
      summary: { assets, liabilities, netWorth: assets - liabilities },
      netWorth: {
        id: 'netWorth',
        name: 'Net Worth',
        color: '#228be6',
        data: months.map((month) => ({
          date: pointDate(month),
          value: rawOf([...ASSET_GROUPS, ...LIABILITY_GROUPS], month),
        })),
      },
      totalAssets: {
        id: 'totalAssets',
        name: 'Total Assets',
        color: '#40c057',
        data: months.map((month) => ({ date: pointDate(month), value: rawOf(ASSET_GROUPS, month) })),
      },
    };
  });
}

/** The months from the first with activity (at most SERIES_MONTHS back) to the current one. */
function seriesMonths(active: readonly string[], current: MonthKey): MonthKey[] {
  const earliest = addMonths(current, 1 - SERIES_MONTHS);
  const oldest = active.filter((month) => month <= current).sort()[0] ?? current;
  const first = latestMonth(oldest, earliest);
  const months: MonthKey[] = [];
  for (let month = first; month <= current; month = addMonths(month, 1)) months.push(month);
  return months;
}

type OverviewSourceItem = Omit<OverviewItem, 'ledgerBalance'> & { owed: boolean };

/** The accounts of the company's bank links that have a mirror in the books. */
async function linkedSources(tx: Db | Tx, entityId: string): Promise<OverviewSourceItem[]> {
  const links = await listBankLinks(tx, entityId);
  const accounts = await listAccountsOfLinks(
    tx,
    links.map((link) => link.id),
  );
  return accounts.flatMap((account) => {
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
        group: GROUP_OF_TYPE[account.accountType] ?? 'Other',
        balances: { currentBalance: account.currentBalance, availableBalance: account.availableBalance },
        ledgerAccountId: account.ledgerAccountId,
        owed: isOwedType(account.accountType),
        needsReconnect: needsReconnect(link),
        updatedAt: account.balancesUpdatedAt ?? account.updatedAt,
      },
    ];
  });
}

/** The company's Keel deposit accounts: cash, at the bank's ledger balance. */
async function keelSources(tx: Db | Tx, entityId: string, now: Date): Promise<OverviewSourceItem[]> {
  const accounts = await listDepositAccounts(tx, entityId);
  return accounts.map((account) => ({
    accountId: account.id,
    source: 'keel',
    name: account.name,
    mask: account.accountNumber.slice(-4),
    officialName: null,
    institutionName: PRODUCT_NAME,
    group: 'Cash',
    balances: { currentBalance: account.currentBalance, availableBalance: account.availableBalance },
    ledgerAccountId: account.ledgerAccountId,
    owed: false,
    needsReconnect: false,
    // Keel keeps the bank's ledger itself: its balances are as of now.
    updatedAt: now,
  }));
}

/** The groups QuickBooks' roots fall in; its other balance-sheet accounts (receivables, equity…) are not banks. */
const GROUP_OF_QUICKBOOKS_ROOT: Partial<Record<QuickbooksRoot, OverviewGroupName>> = {
  Banks: 'Cash',
  'Credit Cards': 'Credit Cards',
  Investments: 'Investments',
  Loans: 'Loans',
};

/** The accounting source's bank, card, investment and loan accounts, at QuickBooks' CurrentBalance. */
async function quickbooksSources(tx: Db | Tx, entityId: string): Promise<OverviewSourceItem[]> {
  const accounts = await listQuickbooksAccounts(tx, entityId);
  return accounts.flatMap((account) => {
    const group = GROUP_OF_QUICKBOOKS_ROOT[quickbooksRootOf(account)];
    if (!group || account.ledgerAccountId === null) return [];
    return [
      {
        accountId: account.id,
        source: 'quickbooks',
        name: account.name,
        mask: null,
        officialName: null,
        institutionName: 'QuickBooks Online',
        group,
        balances: { currentBalance: account.currentBalance, availableBalance: null },
        ledgerAccountId: account.ledgerAccountId,
        owed: group === 'Credit Cards' || group === 'Loans',
        needsReconnect: false,
        updatedAt: account.updatedAt,
      },
    ];
  });
}
