import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ENTITY_ID, renderLinking } from '../linking/linking.testkit';
import { AccountsOverviewTab } from './AccountsOverviewTab';
import {
  buildBalanceChartRows,
  describeAssetsWorking,
  describeGroupWorking,
  describeLiabilitiesWorking,
  describeNetWorthWorking,
} from './accountsOverview';
import { ACCOUNTS_OVERVIEW_QUERY, type AccountsOverview, type OverviewItem } from './accountsOverviewQuery';

function item(overrides: Partial<OverviewItem>): OverviewItem {
  return {
    __typename: 'AccountsOverviewItem',
    accountId: 'a1',
    accountingCategory: 'Cash',
    name: 'Plaid Checking',
    accountPath: 'Banks/Plaid Checking ••0000',
    mask: '0000',
    officialName: 'Plaid Gold Standard 0% Interest Checking',
    institutionName: 'First Platypus Bank',
    provider: 'plaid',
    sourceLabel: 'Linked · Plaid',
    needsReconnect: false,
    balances: { __typename: 'LinkedAccountBalances', available: 8_400_000, current: 8_425_000 },
    ledgerBalance: 8_425_000,
    updatedAt: '2026-11-22T09:30:00.000Z',
    ...overrides,
  } as OverviewItem;
}

const group = (name: string, items: OverviewItem[]) => ({
  __typename: 'AccountsOverviewGroup' as const,
  name,
  items,
  total: items.reduce((sum, member) => sum + member.ledgerBalance, 0),
});

const series = (id: string, name: string, color: string, values: [string, number][]) => ({
  __typename: 'BalanceSeries' as const,
  id,
  name,
  color,
  data: values.map(([date, value]) => ({ __typename: 'BalancePoint' as const, date, value })),
});

/** Cash $294,250 (checking and savings), a card owing $1,200, a loan owing $180,000, an 'other' $500. */
const OVERVIEW = {
  __typename: 'AccountsOverview',
  asOf: '2026-11-22',
  currentMonth: '2026-11',
  timeZone: 'America/Los_Angeles',
  summary: {
    __typename: 'AccountsSummary',
    assets: 29_425_000,
    liabilities: 18_120_000,
    netWorth: 11_305_000,
  },
  groups: [
    group('Cash', [
      item({}),
      item({
        accountId: 'a2',
        name: 'Plaid Saving',
        mask: '1111',
        officialName: 'Plaid Silver Standard 0.1% Interest Saving',
        balances: { __typename: 'LinkedAccountBalances', available: null, current: 21_000_000 },
        ledgerBalance: 21_000_000,
      } as Partial<OverviewItem>),
    ]),
    group('Credit Cards', [
      item({
        accountId: 'a3',
        accountingCategory: 'Credit Cards',
        name: 'Plaid Credit Card',
        mask: '3333',
        officialName: null,
        balances: { __typename: 'LinkedAccountBalances', available: 2_380_000, current: 120_000 },
        ledgerBalance: 120_000,
      } as Partial<OverviewItem>),
    ]),
    group('Investments', []),
    group('Loans', [
      item({
        accountId: 'a4',
        accountingCategory: 'Loans',
        name: 'Gingham Equipment Loan',
        mask: '7788',
        institutionName: 'First Gingham Credit Union',
        needsReconnect: true,
        balances: { __typename: 'LinkedAccountBalances', available: null, current: 18_000_000 },
        ledgerBalance: 18_000_000,
      } as Partial<OverviewItem>),
    ]),
    group('Other', [
      item({
        accountId: 'a5',
        accountingCategory: 'Other',
        name: 'Escrow',
        accountPath: 'Other/Escrow',
        mask: null,
        officialName: null,
        institutionName: null,
        provider: 'books',
        sourceLabel: 'Books only',
        balances: { __typename: 'LinkedAccountBalances', available: null, current: null },
        ledgerBalance: 50_000,
        updatedAt: null,
      } as Partial<OverviewItem>),
    ]),
  ],
  netWorth: series('netWorth', 'Net Worth', '#228be6', [
    ['2026-11-22', 11_305_000],
    ['2026-10-31', 10_900_000],
  ]),
  totalAssets: series('totalAssets', 'Total Assets', '#40c057', [
    ['2026-10-31', 28_000_000],
    ['2026-11-22', 29_425_000],
  ]),
} as unknown as AccountsOverview;

const overviewMock = (overview: AccountsOverview) => ({
  request: { query: ACCOUNTS_OVERVIEW_QUERY, variables: { entityId: ENTITY_ID } },
  result: { data: { accountsOverview: overview } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

describe('accounts overview math', () => {
  it('writes out how assets, liabilities and net worth are made', () => {
    expect(describeAssetsWorking(OVERVIEW)).toBe(
      'Assets = Cash $294,250.00 + Investments $0.00 = $294,250.00',
    );
    expect(describeLiabilitiesWorking(OVERVIEW)).toBe(
      'Liabilities = Credit Cards $1,200.00 + Loans $180,000.00 = $181,200.00 owed',
    );
    expect(describeNetWorthWorking(OVERVIEW.summary)).toBe(
      'Net worth = assets − liabilities = $294,250.00 − $181,200.00 = $113,050.00',
    );
    expect(describeGroupWorking(OVERVIEW.groups[0] as AccountsOverview['groups'][number])).toBe(
      'Cash = Plaid Checking $84,250.00 + Plaid Saving $210,000.00 = $294,250.00',
    );
  });

  it('orders a series by date, a point a month, in cents', () => {
    expect(buildBalanceChartRows(OVERVIEW.netWorth)).toEqual([
      { date: '2026-10-31', month: '2026-10', value: 10_900_000 },
      { date: '2026-11-22', month: '2026-11', value: 11_305_000 },
    ]);
  });
});

describe('AccountsOverviewTab', () => {
  it('draws the net worth and total assets series with their figures today', async () => {
    renderLinking(<AccountsOverviewTab />, { route: '/accounts', mocks: [overviewMock(OVERVIEW)] });
    const charts = await screen.findAllByTestId('balance-chart');
    expect(charts.map((chart) => chart.dataset.series)).toEqual(['netWorth', 'totalAssets']);
    expect(charts[0]?.dataset.points).toBe('2026-10-31:10900000,2026-11-22:11305000');
    expect(charts[1]?.dataset.points).toBe('2026-10-31:28000000,2026-11-22:29425000');
    expect(within(charts[0] as HTMLElement).getByTestId('balance-chart-figure')).toHaveTextContent(
      '$113,050.00',
    );
    expect(within(charts[1] as HTMLElement).getByTestId('balance-chart-figure')).toHaveTextContent(
      '$294,250.00',
    );
    expect(charts[0]).toHaveTextContent('As of Nov 22, 2026');
  });

  it('sums up assets and liabilities (owed shown negated), with the working of net worth', async () => {
    renderLinking(<AccountsOverviewTab />, { route: '/accounts', mocks: [overviewMock(OVERVIEW)] });
    expect(await screen.findByTestId('summary-assets-figure')).toHaveTextContent('$294,250.00');
    expect(screen.getByTestId('summary-liabilities-figure')).toHaveTextContent('-$181,200.00');
    expect(screen.getByTestId('summary-liabilities-caption')).toHaveTextContent('$181,200.00 owed');
    expect(screen.getByTestId('summary-net-worth-figure')).toHaveTextContent('$113,050.00');
    expect(screen.getByTestId('summary-net-worth-caption')).toHaveTextContent('$294,250.00 − $181,200.00');
    expect(screen.getByTestId('summary-other')).toHaveTextContent(
      'Other accounts ($500.00) count as neither',
    );
    fireEvent.mouseEnter(screen.getByTestId('summary-net-worth-figure'));
    expect(
      await screen.findByText('Net worth = assets − liabilities = $294,250.00 − $181,200.00 = $113,050.00'),
    ).toBeInTheDocument();
  });

  it('lists the groups that have accounts, in order, with each account: name, mask, official name, source, balances, updated', async () => {
    renderLinking(<AccountsOverviewTab />, { route: '/accounts', mocks: [overviewMock(OVERVIEW)] });
    const groups = await screen.findAllByTestId('overview-group');
    expect(groups.map((section) => section.dataset.group)).toEqual([
      'Cash',
      'Credit Cards',
      'Loans',
      'Other',
    ]);
    const [cash, cards, loans] = groups as HTMLElement[];
    expect(within(cash as HTMLElement).getByTestId('group-total')).toHaveTextContent('$294,250.00');
    const [checking] = within(cash as HTMLElement).getAllByTestId('overview-item') as HTMLElement[];
    expect(within(checking as HTMLElement).getByTestId('item-name')).toHaveTextContent('Plaid Checking');
    expect(within(checking as HTMLElement).getByTestId('item-mask')).toHaveTextContent('••0000');
    expect(within(checking as HTMLElement).getByTestId('item-official-name')).toHaveTextContent(
      'Plaid Gold Standard 0% Interest Checking',
    );
    expect(within(checking as HTMLElement).getByTestId('item-source')).toHaveTextContent('Linked · Plaid');
    expect(within(checking as HTMLElement).getByTestId('item-path')).toHaveTextContent(
      'Banks/Plaid Checking ••0000',
    );
    expect(within(checking as HTMLElement).getByTestId('item-current')).toHaveTextContent('$84,250.00');
    expect(within(checking as HTMLElement).getByTestId('item-books')).toHaveTextContent('$84,250.00');
    expect(within(checking as HTMLElement).getByTestId('item-updated')).toHaveTextContent(/Nov 2[12], 2026/);
    // Spec §9: credit balances shown as owed.
    expect(within(cards as HTMLElement).getByTestId('group-total')).toHaveTextContent('-$1,200.00');
    expect(within(cards as HTMLElement).getByTestId('item-current')).toHaveTextContent('-$1,200.00');
    expect(within(cards as HTMLElement).getByTestId('item-books')).toHaveTextContent('-$1,200.00');
    // An account of the books alone: its source said, no bank balance, nothing read from a bank.
    const other = groups[3] as HTMLElement;
    expect(within(other).getByTestId('item-source')).toHaveTextContent('Books only');
    expect(within(other).getByTestId('item-current')).toHaveTextContent('—');
    expect(within(other).getByTestId('item-books')).toHaveTextContent('$500.00');
    expect(within(other).getByTestId('item-updated')).toHaveTextContent('—');
    expect(screen.getByTestId('overview-basis')).toHaveTextContent(
      'Balances from the books, as the Financial Report computes them, as of Nov 22, 2026 (America/Los_Angeles).',
    );
    expect(
      within(loans as HTMLElement)
        .getByText('Login required')
        .closest('a'),
    ).toHaveAttribute('href', '/accounts/linked');
  });

  it('leads to Linked Accounts when the books have no balance yet', async () => {
    const empty = {
      ...OVERVIEW,
      summary: { ...OVERVIEW.summary, assets: 0, liabilities: 0, netWorth: 0 },
      groups: OVERVIEW.groups.map((member) => ({ ...member, items: [], total: 0 })),
    } as AccountsOverview;
    renderLinking(<AccountsOverviewTab />, { route: '/accounts', mocks: [overviewMock(empty)] });
    expect(await screen.findByTestId('accounts-overview-empty')).toHaveTextContent(
      'No balances in the books yet',
    );
    expect(screen.getByRole('link', { name: 'Go to Linked Accounts' })).toHaveAttribute(
      'href',
      '/accounts/linked',
    );
  });
});
