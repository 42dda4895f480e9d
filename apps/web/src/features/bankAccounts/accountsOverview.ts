import { formatCents } from '../../lib/format';
import type { AccountsOverview, BalanceSeries, OverviewGroup } from './accountsOverviewQuery';

/** Spec §9: assets are Cash and Investments; liabilities Credit Cards and Loans; Other is neither. */
const ASSET_GROUPS = ['Cash', 'Investments'] as const;
const LIABILITY_GROUPS = ['Credit Cards', 'Loans'] as const;

/** Whether a group's balances are owed (the server sends them positive; the page shows them negated). */
export function isOwedGroup(name: string): boolean {
  return (LIABILITY_GROUPS as readonly string[]).includes(name);
}

/** A group's total, 0 when the server sent no such group. */
export function groupTotal(groups: readonly Pick<OverviewGroup, 'name' | 'total'>[], name: string): number {
  return groups.find((group) => group.name === name)?.total ?? 0;
}

/** One point of a balance chart: the month's last day (today for the current month) and cents. */
type BalanceChartRow = { date: string; month: string; value: number };

/** A series of the overview as the chart draws it: a row a month, oldest first, in cents. */
export function buildBalanceChartRows(series: Pick<BalanceSeries, 'data'>): BalanceChartRow[] {
  return [...series.data]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((point) => ({ date: point.date, month: point.date.slice(0, 7), value: point.value }));
}

/** 'Assets = Cash $294,250.00 + Investments $0.00 = $294,250.00'. */
export function describeAssetsWorking(overview: Pick<AccountsOverview, 'groups' | 'summary'>): string {
  const parts = ASSET_GROUPS.map((name) => `${name} ${formatCents(groupTotal(overview.groups, name))}`);
  return `Assets = ${parts.join(' + ')} = ${formatCents(overview.summary.assets)}`;
}

/** 'Liabilities = Credit Cards $1,200.00 + Loans $0.00 = $1,200.00 owed'. */
export function describeLiabilitiesWorking(overview: Pick<AccountsOverview, 'groups' | 'summary'>): string {
  const parts = LIABILITY_GROUPS.map((name) => `${name} ${formatCents(groupTotal(overview.groups, name))}`);
  return `Liabilities = ${parts.join(' + ')} = ${formatCents(overview.summary.liabilities)} owed`;
}

/** 'Net worth = assets − liabilities = $294,250.00 − $1,200.00 = $293,050.00'. */
export function describeNetWorthWorking(summary: AccountsOverview['summary']): string {
  return `Net worth = assets − liabilities = ${formatCents(summary.assets)} − ${formatCents(
    summary.liabilities,
  )} = ${formatCents(summary.netWorth)}`;
}

/**
 * A group's total with its accounts' balances in the books: 'Cash = Plaid Checking $84,250.00 + Plaid
 * Saving $210,000.00 = $294,250.00'.
 */
export function describeGroupWorking(group: OverviewGroup): string {
  const parts = group.items.map((item) => `${item.name} ${formatCents(item.ledgerBalance)}`);
  const owed = isOwedGroup(group.name) ? ' owed' : '';
  if (parts.length <= 1) return `${group.name} = ${formatCents(group.total)}${owed}`;
  return `${group.name} = ${parts.join(' + ')} = ${formatCents(group.total)}${owed}`;
}

/** The badge colour of each source: linked banks, Keel's own, QuickBooks, the books alone. */
export function sourceColor(provider: string): string {
  if (provider === 'keel') return 'teal';
  if (provider === 'quickbooks') return 'green';
  if (provider === 'books') return 'gray';
  return 'blue';
}

/** A balance as the page shows it: what a card or loan owes, negated (spec §9). */
export function shownBalance(group: string, cents: number): number {
  return isOwedGroup(group) && cents !== 0 ? -cents : cents;
}

/** How many accounts the overview has. */
export function countOverviewItems(groups: readonly Pick<OverviewGroup, 'items'>[]): number {
  return groups.reduce((count, group) => count + group.items.length, 0);
}
